import { BASE_CURRENCY, BASE_RATE, basisPointsOf, convertMinor, includedTaxOf } from '../../money/money.ts';
import { type CheckoutRules, DEFAULT_CHECKOUT_RULES, type DutyRule } from '../settings/index.ts';

// Checkout amounts (spec 3 §9), in integer minor units. The spec's rule is written in USD: shipping is free when
// the items total is above 100 USD, otherwise 10 USD converted once into the order's currency; tax is 10% of the
// items total (in the order's currency) rounded half up to the currency's precision (the cent; a whole forint);
// the total is the sum. So the currency a shopper picks never changes what they owe in value, and every line
// (unit prices, shipping, tax, discount) is already at the currency's precision: the lines add up to the total.
//
// A coupon's discount (campaigns) comes off before tax: tax is on the items after a percentage or fixed discount.
// Whether shipping is free is judged on the items before it, so applying a coupon never makes an order dearer.

/** Most units of one item in one order (spec 3 §9); the least is 1. */
export const MAX_LINE_QUANTITY = 12;

export interface OrderTotals {
  itemsMinor: number;
  shippingMinor: number;
  taxMinor: number;
  /** Taken off the total: a coupon's discount on the items, or the shipping it makes free. */
  discountMinor: number;
  /** The payment method's own fee (cash on delivery). */
  paymentFeeMinor: number;
  /** Import duty by the ship-to country's duty rule (0 without one, or below its de minimis). */
  dutyMinor: number;
  /** items + shipping + tax + duty + payment fee - discount. */
  totalMinor: number;
}

export interface OrderLine {
  /** Unit price in the order's currency. */
  unitPriceMinor: number;
  /** The same unit price converted into USD, where the free-shipping rule is applied. Not needed in USD orders. */
  usdUnitPriceMinor?: number;
  quantity: number;
  /** Whether the order's discount applies to this line (its campaign's products, categories and store). */
  discountable?: boolean;
  /**
   * Under the supplier delivery policy, the fee of the line's supplier service in the order's currency and in USD
   * (marked up, each converted once); absent for a line the supplier does not ship (the store's own products).
   */
  deliveryFeeMinor?: number;
  deliveryFeeUsdMinor?: number;
}

/** A coupon's discount: a percentage or a USD amount off the discountable lines, or the shipping. */
export type OrderDiscount =
  | { type: 'percentage' /** Hundredths of a percent (1000 = 10%). */; basisPoints: number }
  | { type: 'fixed'; amountUsdMinor: number }
  | { type: 'free_shipping' };

/** The items totals of an order, all lines and the discountable ones, in its currency and in USD. */
function itemSums(lines: ReadonlyArray<OrderLine>, orderRate: string) {
  const inUsd = Number(orderRate) === 1;
  const sums = { itemsMinor: 0, usdItemsMinor: 0, eligibleMinor: 0, usdEligibleMinor: 0 };
  for (const line of lines) {
    const usdUnit = line.usdUnitPriceMinor ?? (inUsd ? line.unitPriceMinor : undefined);
    if (usdUnit === undefined) throw new Error('a line of an order not in USD needs its USD unit price');
    sums.itemsMinor += line.unitPriceMinor * line.quantity;
    sums.usdItemsMinor += usdUnit * line.quantity;
    if (line.discountable) {
      sums.eligibleMinor += line.unitPriceMinor * line.quantity;
      sums.usdEligibleMinor += usdUnit * line.quantity;
    }
  }
  return sums;
}

/**
 * The delivery charged by the policy: the flat fee unless the items (in USD) are above the threshold; under the
 * supplier policy each supplier-shipped line's fee (free above the threshold when staff say so), plus the flat
 * fee once for lines the store ships itself. `flat` is the flat fee in the figure's currency, `fee` a line's.
 */
function deliveryOf(
  lines: ReadonlyArray<OrderLine>,
  usdItemsMinor: number,
  rules: CheckoutRules,
  flat: number,
  fee: (line: OrderLine) => number | undefined,
): number {
  const over = usdItemsMinor > rules.freeShippingAboveUsdMinor;
  if (rules.deliveryPolicy !== 'supplier') return over ? 0 : flat;
  let total = 0;
  let storeShipped = false;
  for (const line of lines) {
    const lineFee = fee(line);
    if (lineFee === undefined) storeShipped = true;
    else total += lineFee;
  }
  if (over && rules.supplierFreeShipping !== false) total = 0;
  return total + (storeShipped && !over ? flat : 0);
}

/**
 * Totals of an order in `currency` whose rate (units per 1 USD) is `orderRate`; USD when it is not given.
 * Lines of an order in another currency must carry their USD unit price, already at the currency's precision.
 * With a `discount`: a percentage of the discountable lines' total, rounded half up once; a fixed USD amount
 * converted once and never more than those lines; or the whole shipping. Each figure is rounded once to the
 * currency's precision, and the total is their sum.
 */
export function computeOrderTotals(
  lines: ReadonlyArray<OrderLine>,
  orderRate: string = BASE_RATE,
  rules: CheckoutRules = DEFAULT_CHECKOUT_RULES,
  discount?: OrderDiscount,
  currency: string = BASE_CURRENCY,
): OrderTotals {
  const { itemsMinor, usdItemsMinor, eligibleMinor } = itemSums(lines, orderRate);
  const shippingMinor = deliveryOf(
    lines,
    usdItemsMinor,
    rules,
    convertMinor(rules.flatShippingUsdMinor, BASE_RATE, orderRate, currency),
    (line) => line.deliveryFeeMinor,
  );
  let itemsDiscountMinor = 0;
  let shippingDiscountMinor = 0;
  if (discount?.type === 'percentage')
    itemsDiscountMinor = basisPointsOf(eligibleMinor, discount.basisPoints, currency);
  if (discount?.type === 'fixed') {
    itemsDiscountMinor = Math.min(
      convertMinor(discount.amountUsdMinor, BASE_RATE, orderRate, currency),
      eligibleMinor,
    );
  }
  if (discount?.type === 'free_shipping') shippingDiscountMinor = shippingMinor;
  // Prices that include the tax: the tax is the part of the (discounted) items that is tax, and is not added.
  const taxMinor = rules.taxInclusive
    ? includedTaxOf(itemsMinor - itemsDiscountMinor, rules.taxBasisPoints, currency)
    : basisPointsOf(itemsMinor - itemsDiscountMinor, rules.taxBasisPoints, currency);
  const discountMinor = itemsDiscountMinor + shippingDiscountMinor;
  const dutyMinor = dutyOf(
    itemsMinor - itemsDiscountMinor,
    shippingMinor - shippingDiscountMinor,
    rules.duty,
    orderRate,
    currency,
  );
  const paymentFeeMinor = rules.paymentFeeUsdMinor
    ? convertMinor(rules.paymentFeeUsdMinor, BASE_RATE, orderRate, currency)
    : 0;
  return {
    itemsMinor,
    shippingMinor,
    taxMinor,
    discountMinor,
    paymentFeeMinor,
    dutyMinor,
    totalMinor:
      itemsMinor +
      shippingMinor +
      (rules.taxInclusive ? 0 : taxMinor) +
      dutyMinor +
      paymentFeeMinor -
      discountMinor,
  };
}

/**
 * Import duty on the goods (after their discount), and on the delivery charged when the rule says so, rounded once
 * to the currency's precision. None is due on goods worth less than the rule's de minimis, converted once from USD
 * into the order's currency, as the flat shipping fee is.
 */
export function dutyOf(
  goodsMinor: number,
  deliveryMinor: number,
  duty: DutyRule | null | undefined,
  orderRate: string,
  currency: string,
): number {
  if (!duty || duty.basisPoints === 0) return 0;
  if (goodsMinor < convertMinor(duty.deMinimisUsdMinor, BASE_RATE, orderRate, currency)) return 0;
  const dutiable = goodsMinor + (duty.basis === 'goods_and_delivery' ? deliveryMinor : 0);
  return basisPointsOf(dutiable, duty.basisPoints, currency);
}

/**
 * The same discount in USD, from the lines' USD prices by the same rule (a campaign's results are in USD): no
 * conversion of the order currency's figure back, so it never drifts by a rounding.
 */
export function usdDiscountMinor(
  lines: ReadonlyArray<OrderLine>,
  orderRate: string,
  rules: CheckoutRules,
  discount: OrderDiscount,
): number {
  const { usdItemsMinor, usdEligibleMinor } = itemSums(lines, orderRate);
  switch (discount.type) {
    case 'percentage':
      return basisPointsOf(usdEligibleMinor, discount.basisPoints);
    case 'fixed':
      return Math.min(discount.amountUsdMinor, usdEligibleMinor);
    case 'free_shipping':
      return deliveryOf(lines, usdItemsMinor, rules, rules.flatShippingUsdMinor, (line) =>
        line.deliveryFeeMinor === undefined ? undefined : (line.deliveryFeeUsdMinor ?? 0),
      );
  }
}

/**
 * The channel an order is sold through: B2B (the dashboard's vendor channel) when any item comes from a vendor's
 * store, D2C (factory to customer) when every item comes from a factory store, B2C otherwise.
 */
export function salesChannel(
  storeKinds: ReadonlyArray<'marketplace' | 'vendor' | 'factory' | null>,
): 'b2c' | 'd2c' | 'b2b' {
  if (storeKinds.includes('vendor')) return 'b2b';
  return storeKinds.length > 0 && storeKinds.every((kind) => kind === 'factory') ? 'd2c' : 'b2c';
}
