import { describe, expect, it } from 'vitest';
import {
  compareAtPrice,
  DEFAULT_PRICING_RULES,
  floorPrice,
  type PriceContext,
  previewPrice,
  priceFromCost,
  shopperPrice,
} from './pricing.rules.ts';

const rates = new Map([
  ['USD', '1'],
  ['BDT', '121.5'],
]);
const context = (overrides: Partial<PriceContext> = {}, rules = {}): PriceContext => ({
  rules: { ...DEFAULT_PRICING_RULES, ...rules },
  country: null,
  business: false,
  rates,
  ...overrides,
});

describe('pricing rules', () => {
  it('marks an imported cost up by the global markup, percent or fixed USD, never under the floor', () => {
    expect(priceFromCost(1000, 'USD', DEFAULT_PRICING_RULES, rates)).toBe(1100);
    // Half up to the cent: 10% of 12.35 is 1.235.
    expect(priceFromCost(1235, 'USD', DEFAULT_PRICING_RULES, rates)).toBe(1359);
    const fixed = { ...DEFAULT_PRICING_RULES, markupType: 'fixed' as const, markupValue: '2.50' };
    expect(priceFromCost(1000, 'USD', fixed, rates)).toBe(1250);
    // 2.50 USD in BDT at 121.5 per USD.
    expect(priceFromCost(100_000, 'BDT', fixed, rates)).toBe(100_000 + 30_375);
    const floored = { ...DEFAULT_PRICING_RULES, markupValue: '5', minMarginPercent: '12.5' };
    expect(floorPrice(1001, floored)).toBe(1001 + 126);
    expect(priceFromCost(1001, 'USD', floored, rates)).toBe(1127);
  });

  it('prices a shopper by their country, percent or fixed, and B2B when the switch is on', () => {
    const bd = { country: 'BD', adjustmentType: 'percentage' as const, value: '15' };
    expect(shopperPrice(2000, null, 'USD', context({ country: bd }))).toBe(2300);
    const us = { country: 'US', adjustmentType: 'fixed' as const, value: '-1.00' };
    expect(shopperPrice(2000, null, 'USD', context({ country: us }))).toBe(1900);
    expect(shopperPrice(243_000, null, 'BDT', context({ country: us }))).toBe(243_000 - 12_150);
    // B2B only for business accounts, and only with the switch on.
    expect(shopperPrice(2000, null, 'USD', context({ business: true }))).toBe(2000);
    expect(shopperPrice(2000, null, 'USD', context({ business: true }, { b2bEnabled: true }))).toBe(1800);
    expect(shopperPrice(2000, null, 'USD', context({ business: false }, { b2bEnabled: true }))).toBe(2000);
    // Nothing applies: the store price as it is.
    expect(shopperPrice(1999, 1500, 'USD', context())).toBe(1999);
  });

  it('never takes an imported price under its margin floor, and never raises a store price to reach it', () => {
    const cut = { country: 'IN', adjustmentType: 'percentage' as const, value: '-50' };
    const rules = { minMarginPercent: '10' };
    // Cost 10.00, floor 11.00: half of 15.00 would be 7.50.
    expect(shopperPrice(1500, 1000, 'USD', context({ country: cut }, rules))).toBe(1100);
    // A store price already under the floor stays what it was.
    expect(shopperPrice(1050, 1000, 'USD', context({ country: cut }, rules))).toBe(1050);
    // Products priced by hand have no floor.
    expect(shopperPrice(1500, null, 'USD', context({ country: cut }, rules))).toBe(750);
  });

  it('sets the struck-through price by the compare-at mode', () => {
    expect(compareAtPrice(2500, 2000, 'USD', context())).toBe(2500);
    expect(compareAtPrice(1800, 2000, 'USD', context())).toBeNull();
    const bd = { country: 'BD', adjustmentType: 'percentage' as const, value: '10' };
    expect(compareAtPrice(2500, 2200, 'USD', context({ country: bd }))).toBe(2750);
    expect(
      compareAtPrice(null, 2000, 'USD', context({}, { compareAtMode: 'percent', compareAtPercent: 25 })),
    ).toBe(2500);
    expect(compareAtPrice(2500, 2000, 'USD', context({}, { compareAtMode: 'off' }))).toBeNull();
  });

  it('previews a cost the way the storefront prices it', () => {
    expect(previewPrice(1250, context())).toEqual({ priceMinor: 1375, marginMinor: 125, profitPercent: 10 });
    const bd = { country: 'BD', adjustmentType: 'percentage' as const, value: '20' };
    expect(previewPrice(1000, context({ country: bd }))).toEqual({
      priceMinor: 1320,
      marginMinor: 320,
      profitPercent: 32,
    });
    expect(previewPrice(0, context())).toEqual({ priceMinor: 0, marginMinor: 0, profitPercent: 0 });
  });
});
