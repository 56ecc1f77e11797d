import { describe, expect, it } from 'vitest';
import { currencyDigits } from './currency.ts';

describe('currencyDigits', () => {
  it('gives whole units to HUF, JPY, KRW, CLP, ISK and VND, three decimals to the dinars, two to the rest', () => {
    for (const code of ['HUF', 'JPY', 'KRW', 'CLP', 'ISK', 'VND']) expect(currencyDigits(code), code).toBe(0);
    for (const code of ['KWD', 'BHD', 'OMR', 'JOD', 'TND']) expect(currencyDigits(code), code).toBe(3);
    for (const code of ['USD', 'EUR', 'BDT', 'INR', 'GBP', 'CZK']) expect(currencyDigits(code), code).toBe(2);
    expect(currencyDigits('huf')).toBe(0);
  });
});
