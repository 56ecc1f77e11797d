import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const STOREFRONT_CURRENCIES =
  'USD CAD GBP AUD EUR PLN SEK NOK DKK CHF CZK HUF RON BGN NZD AED ILS TRY MXN BRL ARS ZAR BDT';

describe('GET /api/settings/currency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('lists a rate against USD for every storefront currency and INR', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/currency' });
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listCurrencyRates', response);
    const rates = response.json<{ data: Array<{ code: string; rate: number; symbol: string }> }>().data;
    const codes = rates.map((rate) => rate.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining([...STOREFRONT_CURRENCIES.split(' '), 'INR']));
    expect(rates.find((rate) => rate.code === 'USD')).toMatchObject({ rate: 1, symbol: '$' });
    const bdt = rates.find((rate) => rate.code === 'BDT');
    expect(bdt?.rate).toBeGreaterThan(100);
    expect(bdt?.symbol).toBe('৳');
    expect(rates.every((rate) => rate.rate > 0)).toBe(true);
  });

  it('answers an empty list when no rate is stored', async () => {
    await t.db.delete(currencyRates);
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/currency' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: [] });
  });
});
