// The pricing module's entry for other code; its handlers are wired in service.ts.
export { currencyRatesJob } from './currency-rates.ts';
export {
  type PriceSortKeeper,
  priceSortKeeper,
  priceSortKeysJob,
  refreshPriceSortKeys,
} from './price-sort-keys.ts';
export {
  BelowMarginFloor,
  contextFromRules,
  keepCostsAndOverrides,
  lowestCosts,
  priceContextFor,
  pricingRulesColumns,
  readPricingRules,
  repriceImported,
  shownRulesColumns,
  shownRulesOf,
} from './pricing.repository.ts';
export {
  type CountryRule,
  changesPrices,
  compareAtPrice,
  DEFAULT_TAX_LABEL,
  floorPrice,
  type PriceContext,
  type PricingRules,
  type ShownRules,
  shopperPrice,
  shownPrice,
} from './pricing.rules.ts';
