import { BASE_RATE, convertMinor } from '../../money/money.ts';

// Checkout amounts (spec 3 §9), in integer minor units. The spec's rule is written in USD: shipping is free when
// the items total is above 100 USD, otherwise 10 USD converted once into the order's currency; tax is 10% of the
// items total (in the order's currency) rounded half up to the cent; the total is the sum. So the currency a
// shopper picks never changes what they owe in value.

export const FREE_SHIPPING_ABOVE_USD_MINOR = 100_00;
export const FLAT_SHIPPING_USD_MINOR = 10_00;
/** Tax in percent of the items total. */
export const TAX_PERCENT = 10;
/** Most units of one item in one order (spec 3 §9); the least is 1. */
export const MAX_LINE_QUANTITY = 12;

/** The checkout rules staff set in System Settings (store_settings); the spec's values by default. */
export interface CheckoutRules {
  freeShippingAboveUsdMinor: number;
  flatShippingUsdMinor: number;
  /** Tax in hundredths of a percent of the items total (1000 = 10%). */
  taxBasisPoints: number;
}

export const DEFAULT_CHECKOUT_RULES: CheckoutRules = {
  freeShippingAboveUsdMinor: FREE_SHIPPING_ABOVE_USD_MINOR,
  flatShippingUsdMinor: FLAT_SHIPPING_USD_MINOR,
  taxBasisPoints: TAX_PERCENT * 100,
};

export interface OrderTotals {
  itemsMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface OrderLine {
  /** Unit price in the order's currency. */
  unitPriceMinor: number;
  /** The same unit price converted into USD, where the free-shipping rule is applied. Not needed in USD orders. */
  usdUnitPriceMinor?: number;
  quantity: number;
}

/** `basisPoints`/10000 of an amount, rounded half up to the minor unit, in integers. */
function basisPointsOf(minor: number, basisPoints: number): number {
  return Number((BigInt(minor) * BigInt(basisPoints) + 5000n) / 10000n);
}

/**
 * Totals of an order in the currency whose rate (units per 1 USD) is `orderRate`; USD when it is not given.
 * Lines of an order in another currency must carry their USD unit price.
 */
export function computeOrderTotals(
  lines: ReadonlyArray<OrderLine>,
  orderRate: string = BASE_RATE,
  rules: CheckoutRules = DEFAULT_CHECKOUT_RULES,
): OrderTotals {
  const inUsd = Number(orderRate) === 1;
  let itemsMinor = 0;
  let usdItemsMinor = 0;
  for (const line of lines) {
    const usdUnit = line.usdUnitPriceMinor ?? (inUsd ? line.unitPriceMinor : undefined);
    if (usdUnit === undefined) throw new Error('a line of an order not in USD needs its USD unit price');
    itemsMinor += line.unitPriceMinor * line.quantity;
    usdItemsMinor += usdUnit * line.quantity;
  }
  const shippingMinor =
    usdItemsMinor > rules.freeShippingAboveUsdMinor
      ? 0
      : convertMinor(rules.flatShippingUsdMinor, BASE_RATE, orderRate);
  const taxMinor = basisPointsOf(itemsMinor, rules.taxBasisPoints);
  return { itemsMinor, shippingMinor, taxMinor, totalMinor: itemsMinor + shippingMinor + taxMinor };
}

/**
 * The channel a shopper's order is sold through: D2C (factory to customer) when every item comes from a factory
 * store, B2C otherwise.
 */
export function salesChannel(
  storeKinds: ReadonlyArray<'marketplace' | 'vendor' | 'factory' | null>,
): 'b2c' | 'd2c' {
  return storeKinds.length > 0 && storeKinds.every((kind) => kind === 'factory') ? 'd2c' : 'b2c';
}
