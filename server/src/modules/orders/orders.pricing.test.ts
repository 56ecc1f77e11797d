import { describe, expect, it } from 'vitest';
import { convertMinor } from '../../money/money.ts';
import { DEFAULT_CHECKOUT_RULES } from '../settings/index.ts';
import { computeOrderTotals, usdDiscountMinor } from './orders.pricing.ts';

describe('computeOrderTotals', () => {
  it("adds the payment method's fee, converted once from USD, to the total", () => {
    const rules = { ...DEFAULT_CHECKOUT_RULES, paymentFeeUsdMinor: 1_50 };
    const totals = computeOrderTotals(
      [{ unitPriceMinor: 50_00, usdUnitPriceMinor: 41_15, quantity: 1 }],
      '121.5',
      rules,
      undefined,
      'BDT',
    );
    expect(totals.paymentFeeMinor).toBe(182_25);
    expect(totals.totalMinor).toBe(totals.itemsMinor + totals.shippingMinor + totals.taxMinor + 182_25);
  });

  it('charges 10 shipping up to an items total of exactly 100', () => {
    expect(computeOrderTotals([{ unitPriceMinor: 50_00, quantity: 2 }])).toEqual({
      itemsMinor: 100_00,
      shippingMinor: 10_00,
      taxMinor: 10_00,
      discountMinor: 0,
      paymentFeeMinor: 0,
      dutyMinor: 0,
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
      discountMinor: 0,
      paymentFeeMinor: 0,
      dutyMinor: 0,
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
      discountMinor: 0,
      paymentFeeMinor: 0,
      dutyMinor: 0,
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

  describe('with a coupon', () => {
    const lines = [
      { unitPriceMinor: 33_33, quantity: 3, discountable: true },
      { unitPriceMinor: 20_00, quantity: 1, discountable: false },
    ];

    it('takes a percentage off the discountable lines once, rounded half up, before tax', () => {
      // 12.5% of 99.99 is 12.49875: one rounding, to 12.50; tax is 10% of the 107.49 left.
      const totals = computeOrderTotals(lines, '1', DEFAULT_CHECKOUT_RULES, {
        type: 'percentage',
        basisPoints: 1250,
      });
      expect(totals).toEqual({
        itemsMinor: 119_99,
        shippingMinor: 0,
        taxMinor: 10_75,
        discountMinor: 12_50,
        paymentFeeMinor: 0,
        dutyMinor: 0,
        totalMinor: 119_99 + 10_75 - 12_50,
      });
    });

    it('converts a fixed USD amount once and never takes more than the discountable lines', () => {
      const bdtLines = [
        { unitPriceMinor: 2430_00, usdUnitPriceMinor: 20_00, quantity: 1, discountable: true },
      ];
      const five = computeOrderTotals(bdtLines, '121.5', DEFAULT_CHECKOUT_RULES, {
        type: 'fixed',
        amountUsdMinor: 5_00,
      });
      expect(five.discountMinor).toBe(convertMinor(5_00, '1', '121.5'));
      expect(five.taxMinor).toBe(182_25);
      const tooMuch = computeOrderTotals(bdtLines, '121.5', DEFAULT_CHECKOUT_RULES, {
        type: 'fixed',
        amountUsdMinor: 50_00,
      });
      expect(tooMuch).toMatchObject({ discountMinor: 2430_00, taxMinor: 0 });
      expect(tooMuch.totalMinor).toBe(tooMuch.shippingMinor);
      expect(
        usdDiscountMinor(bdtLines, '121.5', DEFAULT_CHECKOUT_RULES, { type: 'fixed', amountUsdMinor: 50_00 }),
      ).toBe(20_00);
    });

    it('makes free shipping take off the shipping, and judges free shipping on the items before a discount', () => {
      const small = [{ unitPriceMinor: 40_00, quantity: 1, discountable: true }];
      expect(computeOrderTotals(small, '1', DEFAULT_CHECKOUT_RULES, { type: 'free_shipping' })).toEqual({
        itemsMinor: 40_00,
        shippingMinor: 10_00,
        taxMinor: 4_00,
        discountMinor: 10_00,
        paymentFeeMinor: 0,
        dutyMinor: 0,
        totalMinor: 44_00,
      });
      // 104 of items ships free; 5 off leaves 99, and still ships free: a coupon never makes an order dearer.
      const justAbove = [{ unitPriceMinor: 104_00, quantity: 1, discountable: true }];
      const fixed = computeOrderTotals(justAbove, '1', DEFAULT_CHECKOUT_RULES, {
        type: 'fixed',
        amountUsdMinor: 5_00,
      });
      expect(fixed).toMatchObject({
        shippingMinor: 0,
        discountMinor: 5_00,
        taxMinor: 9_90,
        totalMinor: 108_90,
      });
      expect(fixed.totalMinor).toBeLessThan(computeOrderTotals(justAbove).totalMinor);
    });
  });

  describe('with an import duty rule', () => {
    const duty = (basis: 'goods' | 'goods_and_delivery', deMinimisUsdMinor: number) => ({
      ...DEFAULT_CHECKOUT_RULES,
      duty: { basisPoints: 1250, deMinimisUsdMinor, basis, label: 'Customs' },
    });

    it('charges the rate on the goods, or the goods and delivery, rounded once and added to the total', () => {
      const lines = [{ unitPriceMinor: 40_05, quantity: 2 }];
      const goods = computeOrderTotals(lines, undefined, duty('goods', 0));
      // 12.5% of 80.10 is 10.0125.
      expect(goods.dutyMinor).toBe(10_01);
      expect(goods.totalMinor).toBe(80_10 + 10_00 + 8_01 + 10_01);
      // 12.5% of 90.10 is 11.2625.
      expect(computeOrderTotals(lines, undefined, duty('goods_and_delivery', 0)).dutyMinor).toBe(11_26);
    });

    it('charges none on goods under the de minimis, converted once into the order currency', () => {
      const lines = [{ unitPriceMinor: 12_150_00, usdUnitPriceMinor: 100_00, quantity: 1 }];
      // 100 USD is 12,150 BDT: due at the de minimis itself, not a cent under it.
      expect(computeOrderTotals(lines, '121.5', duty('goods', 100_00), undefined, 'BDT').dutyMinor).toBe(
        1_518_75,
      );
      expect(computeOrderTotals(lines, '121.5', duty('goods', 100_01), undefined, 'BDT').dutyMinor).toBe(0);
    });

    it("judges the de minimis on the goods after a coupon's discount", () => {
      const lines = [{ unitPriceMinor: 60_00, quantity: 1, discountable: true }];
      const rules = duty('goods', 50_00);
      expect(computeOrderTotals(lines, undefined, rules).dutyMinor).toBe(7_50);
      const discounted = computeOrderTotals(lines, undefined, rules, {
        type: 'fixed',
        amountUsdMinor: 15_00,
      });
      expect(discounted.dutyMinor).toBe(0);
    });
  });
});
