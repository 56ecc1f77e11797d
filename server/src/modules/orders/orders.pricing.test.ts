import { describe, expect, it } from 'vitest';
import { computeOrderTotals, convertMinor } from './orders.pricing.ts';

describe('computeOrderTotals', () => {
  it('charges 10 shipping up to an items total of exactly 100', () => {
    expect(computeOrderTotals([{ unitPriceMinor: 50_00, quantity: 2 }])).toEqual({
      itemsMinor: 100_00,
      shippingMinor: 10_00,
      taxMinor: 10_00,
      totalMinor: 120_00,
    });
  });

  it('ships free above 100 and rounds the 10% tax to the cent', () => {
    expect(
      computeOrderTotals([
        { unitPriceMinor: 33_35, quantity: 3 },
        { unitPriceMinor: 1_01, quantity: 1 },
      ]),
    ).toEqual({
      itemsMinor: 101_06,
      shippingMinor: 0,
      taxMinor: 10_11,
      totalMinor: 111_17,
    });
  });
});

describe('convertMinor', () => {
  it('converts through the USD rates and rounds half up to the cent', () => {
    // 18.99 USD at 0.86 EUR per USD is 16.3314 EUR.
    expect(convertMinor(18_99, '1', '0.86')).toBe(16_33);
    // 10.00 EUR back to USD: 11.627906... USD.
    expect(convertMinor(10_00, '0.860000', '1.000000')).toBe(11_63);
    // 0.5 cent rounds up: 1 cent at a rate of 0.5 is half a cent.
    expect(convertMinor(1, '1', '0.5')).toBe(1);
    expect(convertMinor(25_00, '1', '121.5')).toBe(3037_50);
  });

  it('leaves an amount alone between equal rates', () => {
    expect(convertMinor(12_345, '3.6725', '3.6725')).toBe(12_345);
  });
});
