import { describe, expect, it } from 'vitest';
import { convertMinor } from '../../money/money.ts';
import { computeOrderTotals } from './orders.pricing.ts';

describe('computeOrderTotals', () => {
  it('charges 10 shipping up to an items total of exactly 100', () => {
    expect(computeOrderTotals([{ unitPriceMinor: 50_00, quantity: 2 }])).toEqual({
      itemsMinor: 100_00,
      shippingMinor: 10_00,
      taxMinor: 10_00,
      totalMinor: 120_00,
    });
  });

  it('ships free above 100 and rounds the 10% tax half up to the cent', () => {
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
    // 10% of 10.05 is 1.005: half a cent rounds up.
    expect(computeOrderTotals([{ unitPriceMinor: 10_05, quantity: 1 }]).taxMinor).toBe(1_01);
  });

  it('applies the free-shipping rule to the USD items total and converts the 10 USD fee once', () => {
    // 95 USD of goods is 11542.50 BDT, far "above 100" in BDT, and still pays the 10 USD fee: 1215 BDT.
    const bdt = computeOrderTotals(
      [{ unitPriceMinor: 11542_50, usdUnitPriceMinor: 95_00, quantity: 1 }],
      '121.5',
    );
    expect(bdt).toEqual({
      itemsMinor: 11542_50,
      shippingMinor: convertMinor(10_00, '1', '121.5'),
      taxMinor: 1154_25,
      totalMinor: 11542_50 + 1215_00 + 1154_25,
    });
    expect(bdt.shippingMinor).toBe(1215_00);
    // 101 USD of goods ships free in every currency, however small its figure there.
    const gbp = computeOrderTotals(
      [{ unitPriceMinor: 76_76, usdUnitPriceMinor: 101_00, quantity: 1 }],
      '0.76',
    );
    expect(gbp.shippingMinor).toBe(0);
    expect(gbp.taxMinor).toBe(7_68);
  });

  it('needs the USD unit price of lines of an order in another currency', () => {
    expect(() => computeOrderTotals([{ unitPriceMinor: 1_00, quantity: 1 }], '121.5')).toThrow();
    expect(computeOrderTotals([{ unitPriceMinor: 1_00, quantity: 1 }], '1.000000').shippingMinor).toBe(10_00);
  });
});
