import { basisPointsOf, converterFor, decimalTextToMinor, type Rates } from '../../money/money.ts';
import type { DeliveryOption, DeliveryQuery } from '../marketplace/index.ts';

// Delivery under the supplier policy: each imported line ships with one of its supplier's services, whose fee
// (with the store's markup) is converted once into the order's currency. The product page's options, the quote
// and the order all take their fees from `priceDeliveryOptions`, so the fee shown is the fee charged.

/** The marketplace's freight quote for one SKU (the adapter's `getDeliveryOptions`). */
export type DeliveryQuoter = (query: DeliveryQuery) => Promise<DeliveryOption[]>;

export interface PricedDelivery {
  code: string;
  company: string;
  /** The fee with the markup, in the order's currency and in USD. */
  feeMinor: number;
  feeUsdMinor: number;
  option: DeliveryOption;
}

/**
 * The supplier's options with their fees as the store charges them: the markup on the supplier's fee (in the
 * supplier's currency), then one conversion each into `currency` and into USD. Options in a currency the store
 * has no rate for are left out rather than priced with a guess.
 */
export function priceDeliveryOptions(
  options: ReadonlyArray<DeliveryOption>,
  markupBasisPoints: number,
  rates: Rates,
  currency: string,
): PricedDelivery[] {
  const toOrder = converterFor(rates, currency);
  const toUsd = converterFor(rates, 'USD');
  return options.flatMap((option) => {
    const base = option.free_shipping ? 0 : decimalTextToMinor(option.shipping_fee_cent);
    if (base === null) return [];
    const fee = base + (base === 0 ? 0 : basisPointsOf(base, markupBasisPoints));
    const feeMinor = toOrder(fee, option.shipping_fee_currency);
    const feeUsdMinor = toUsd(fee, option.shipping_fee_currency);
    if (feeMinor === null || feeUsdMinor === null) return [];
    return [{ code: option.code, company: option.company, feeMinor, feeUsdMinor, option }];
  });
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The service a line ships with: the one the shopper named (by its `company`, as the product page sends it, or its
 * `code`), else the cheapest (free first; the supplier's order breaks ties). Undefined when there is none.
 */
export function chooseDelivery(
  options: ReadonlyArray<PricedDelivery>,
  name: string | null | undefined,
): PricedDelivery | undefined {
  if (name) {
    const named = options.find((option) => sameName(option.company, name) || sameName(option.code, name));
    if (named) return named;
  }
  let cheapest: PricedDelivery | undefined;
  for (const option of options) {
    if (cheapest === undefined || option.feeUsdMinor < cheapest.feeUsdMinor) cheapest = option;
  }
  return cheapest;
}
