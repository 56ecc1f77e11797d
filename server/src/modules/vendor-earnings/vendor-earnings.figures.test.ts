import { describe, expect, it } from 'vitest';
import { prorate, storeDiscountMinor } from './vendor-earnings.figures.ts';

const ALPHA = 'alpha';
const BETA = 'beta';

describe('vendor figures', () => {
  it('prorates by value in whole cents that add up, the leftover cents to the largest remainders', () => {
    // 10.00 in three equal parts: the remainders tie, so the earliest line takes the cent left over.
    expect(prorate(10_00, [5_00, 5_00, 5_00])).toEqual([3_34, 3_33, 3_33]);
    // 1.00 over 10.00 / 16.00 / 30.00 is 17.86 + 28.57 + 53.57 cents: 98 rounded down, two cents left over.
    expect(prorate(1_00, [10_00, 16_00, 30_00])).toEqual([18, 29, 53]);
    for (const [amount, weights] of [
      [7_77, [1, 2, 3, 4]],
      [99_99_99, [123_45, 67_89, 1]],
      [1, [1_00, 1_00]],
    ] as const) {
      expect(prorate(amount, weights).reduce((sum, part) => sum + part, 0)).toBe(amount);
    }
    expect(prorate(5_00, [0, 0])).toEqual([0, 0]);
  });

  it('gives a vendor all of its own coupon, none of another’s or of free shipping, and its share of a store-wide one', () => {
    const lines = [
      { storeId: ALPHA, lineTotalMinor: 10_00 },
      { storeId: ALPHA, lineTotalMinor: 16_00 },
      { storeId: BETA, lineTotalMinor: 30_00 },
      { storeId: null, lineTotalMinor: 20_00 },
    ];
    const share = (campaign: { storeId: string | null; type: string } | null, discountMinor: number) =>
      storeDiscountMinor({ storeId: ALPHA, discountMinor, campaign, lines });
    // Alpha's 10% coupon on its 26.00.
    expect(share({ storeId: ALPHA, type: 'percentage' }, 2_60)).toBe(2_60);
    expect(share({ storeId: BETA, type: 'percentage' }, 3_00)).toBe(0);
    expect(share({ storeId: null, type: 'free_shipping' }, 5_00)).toBe(0);
    expect(share(null, 0)).toBe(0);
    // A store-wide 7.60 over 76.00 of lines: Alpha's 26.00 carries 2.60.
    expect(share({ storeId: null, type: 'percentage' }, 7_60)).toBe(2_60);
    const everyone = [ALPHA, BETA, 'none'].map((storeId) =>
      storeDiscountMinor({
        storeId,
        discountMinor: 1_01,
        campaign: { storeId: null, type: 'fixed' },
        lines: lines.map((line) => ({ ...line, storeId: line.storeId ?? 'none' })),
      }),
    );
    expect(everyone.reduce((sum, part) => sum + part, 0)).toBe(1_01);
  });
});
