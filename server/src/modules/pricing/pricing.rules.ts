import {
  BASE_RATE,
  basisPointsOf,
  convertMinor,
  decimalTextToMinor,
  percentToBasisPoints,
  type Rates,
  type RoundingRule,
  roundShownPrice,
} from '../../money/money.ts';

// Pricing & Profit Management: the one place prices are made from the store's rules. An imported product's store
// price is its supplier cost plus the global markup, never below the margin floor (kept on the SKU, refreshed when
// the rules or the cost change). What a shopper pays is that price with their ship-to country's rule and, for
// business accounts in B2B mode, the B2B discount, again never below the floor. Product lists, the product page,
// the quote and the order all go through `shopperPrice`.

export interface PricingRules {
  markupType: 'percentage' | 'fixed';
  /** Percent, or USD for a fixed markup (decimal text). */
  markupValue: string;
  minMarginPercent: string;
  compareAtMode: 'marketplace' | 'percent' | 'off';
  compareAtPercent: number;
  b2bEnabled: boolean;
  b2bDiscountPercent: string;
  currencyMode: 'auto' | 'manual';
}

export const DEFAULT_PRICING_RULES: PricingRules = {
  markupType: 'percentage',
  markupValue: '10',
  minMarginPercent: '0',
  compareAtMode: 'marketplace',
  compareAtPercent: 20,
  b2bEnabled: false,
  b2bDiscountPercent: '10',
  currencyMode: 'auto',
};

export interface CountryRule {
  country: string;
  adjustmentType: 'percentage' | 'fixed';
  /** Percent, or USD (decimal text, negative to take off). */
  value: string;
}

/** The tax of a ship-to country: its rate (2100 = 21%), whether shown prices include it, and its name. */
export interface TaxRule {
  basisPoints: number;
  inclusive: boolean;
  label: string;
}

export const DEFAULT_TAX_LABEL = 'Tax';

/** What a shown price gets after conversion: the country's tax when prices include it, and the currency's rounding. */
export interface ShownRules {
  tax: TaxRule;
  rounding: ReadonlyMap<string, RoundingRule>;
}

/** What changes a price for one shopper: their country's rule and whether they pay B2B prices. */
export interface PriceContext {
  rules: PricingRules;
  country: CountryRule | null;
  business: boolean;
  rates: Rates;
  /** Tax-inclusive prices and rounding; none for staff's views and manual orders. */
  shown?: ShownRules | undefined;
}

/** The tax rule of `country` among staff's rules; the default rate, added at checkout, for any other. */
export function taxRuleFor(
  country: string | null | undefined,
  rules: ReadonlyArray<{ country: string; basisPoints: number; inclusive: boolean; label: string }>,
  defaultBasisPoints: number,
): TaxRule {
  const rule = country ? rules.find((candidate) => candidate.country === country.toUpperCase()) : undefined;
  return rule
    ? { basisPoints: rule.basisPoints, inclusive: rule.inclusive, label: rule.label }
    : { basisPoints: defaultBasisPoints, inclusive: false, label: DEFAULT_TAX_LABEL };
}

/**
 * A price already converted into `currency` as the shopper is shown and charged it: with the tax when their
 * country's prices include it, then rounded up by the currency's rule (never under the margin floor). The card,
 * the product page, the quote and the order all pass their unit prices here once.
 */
export function shownPrice(minor: number, currency: string, shown: ShownRules | undefined): number {
  if (!shown) return minor;
  const gross = shown.tax.inclusive ? minor + basisPointsOf(minor, shown.tax.basisPoints, currency) : minor;
  return roundShownPrice(gross, currency, shown.rounding.get(currency) ?? 'none');
}

/** Whether the shown rules change any price (so lists priced alike can share a cached page). */
export function changesShown(shown: ShownRules | undefined): boolean {
  return (
    shown !== undefined && ((shown.tax.inclusive && shown.tax.basisPoints > 0) || shown.rounding.size > 0)
  );
}

/** USD minor units (signed) in `currency`, through the money module's one conversion. */
function usdIn(usdMinor: number, currency: string, rates: Rates): number {
  const rate = rates.get(currency);
  if (rate === undefined) throw new Error(`no rate for ${currency}`);
  const converted = convertMinor(Math.abs(usdMinor), BASE_RATE, rate);
  return usdMinor < 0 ? -converted : converted;
}

/** A signed USD decimal ('-2.50') in minor units. */
function signedUsdMinor(text: string): number {
  const trimmed = text.trim();
  const minor = decimalTextToMinor(trimmed.replace(/^-/, ''));
  if (minor === null) throw new Error(`not an amount: ${text}`);
  return trimmed.startsWith('-') ? -minor : minor;
}

/** Percent of an amount rounded up: a floor never lets a rounding take the margin under its minimum. */
function ceilPercentOf(minor: number, basisPoints: number): number {
  return Number((BigInt(minor) * BigInt(basisPoints) + 9999n) / 10000n);
}

/** The least an imported SKU may sell for: its cost plus the minimum margin. */
export function floorPrice(costMinor: number, rules: Pick<PricingRules, 'minMarginPercent'>): number {
  return costMinor + ceilPercentOf(costMinor, Math.max(0, percentToBasisPoints(rules.minMarginPercent)));
}

/** An imported SKU's store price from its supplier cost (both in `currency`): the global markup, at least the floor. */
export function priceFromCost(
  costMinor: number,
  currency: string,
  rules: PricingRules,
  rates: Rates,
): number {
  const marked =
    rules.markupType === 'percentage'
      ? costMinor + basisPointsOf(costMinor, percentToBasisPoints(rules.markupValue))
      : costMinor + usdIn(signedUsdMinor(rules.markupValue), currency, rates);
  return Math.max(marked, floorPrice(costMinor, rules), 0);
}

/** The shopper's adjustments applied to a store price, with no floor (list prices follow the same rule). */
function adjusted(minor: number, currency: string, context: PriceContext): number {
  let price = minor;
  const { country } = context;
  if (country) {
    price +=
      country.adjustmentType === 'percentage'
        ? basisPointsOf(price, percentToBasisPoints(country.value))
        : usdIn(signedUsdMinor(country.value), currency, context.rates);
  }
  if (context.business && context.rules.b2bEnabled) {
    price -= basisPointsOf(price, percentToBasisPoints(context.rules.b2bDiscountPercent));
  }
  return Math.max(price, 0);
}

/** Whether anything in the context changes a price (so callers can skip the work, and caches can share answers). */
export function changesPrices(context: PriceContext): boolean {
  return (
    context.country !== null || (context.business && context.rules.b2bEnabled) || changesShown(context.shown)
  );
}

/** Whether the store-price adjustments (country rule, B2B) apply. */
function adjusts(context: PriceContext): boolean {
  return context.country !== null || (context.business && context.rules.b2bEnabled);
}

/**
 * What a shopper pays for a SKU whose store price is `priceMinor` (in `currency`); `costMinor` is the supplier cost
 * of an imported SKU, whose floor the price never goes under, or null for products the store prices by hand.
 */
export function shopperPrice(
  priceMinor: number,
  costMinor: number | null,
  currency: string,
  context: PriceContext,
): number {
  const price = adjusts(context) ? adjusted(priceMinor, currency, context) : priceMinor;
  return costMinor === null
    ? price
    : Math.max(price, Math.min(priceMinor, floorPrice(costMinor, context.rules)));
}

/**
 * The struck-through price beside `shopperMinor` (Compare-at Price Settings): the marketplace's list price with
 * the shopper's adjustments, a percent above the price, or none; null unless it is above the price.
 */
export function compareAtPrice(
  listMinor: number | null,
  shopperMinor: number,
  currency: string,
  context: PriceContext,
): number | null {
  const { rules } = context;
  const compareAt =
    rules.compareAtMode === 'off'
      ? null
      : rules.compareAtMode === 'percent'
        ? shopperMinor + basisPointsOf(shopperMinor, rules.compareAtPercent * 100)
        : listMinor === null
          ? null
          : adjusts(context)
            ? adjusted(listMinor, currency, context)
            : listMinor;
  return compareAt !== null && compareAt > shopperMinor ? compareAt : null;
}

/** The Pricing Preview Tool: a cost (USD) priced by the same rules, and what the store keeps. */
export function previewPrice(costMinor: number, context: PriceContext) {
  const price = shopperPrice(
    priceFromCost(costMinor, 'USD', context.rules, context.rates),
    costMinor,
    'USD',
    context,
  );
  const margin = price - costMinor;
  return {
    priceMinor: price,
    marginMinor: margin,
    /** Profit over cost, percent with two decimals (0 for a free item). */
    profitPercent: costMinor === 0 ? 0 : Math.round((margin / costMinor) * 10000) / 100,
  };
}
