import { BASE_RATE, convertMinor, toDecimalText } from '../../money/money.ts';
import type { CashOnDeliveryPolicy } from '../settings/index.ts';

export const CASH_ON_DELIVERY = 'Cash on Delivery';

export const codNotOffered = (country: string) =>
  `Cash on delivery is not available for delivery to ${country.toUpperCase()}.`;
export const codAboveMaximum = (max: string, currency: string) =>
  `Cash on delivery is available for orders up to ${max} ${currency}.`;

/** The largest order taken on delivery in the order's currency (converted once), or null when there is none. */
export function codMaximumIn(policy: CashOnDeliveryPolicy, rate: string, currency: string): number | null {
  return policy.maxOrderUsdMinor === null
    ? null
    : convertMinor(policy.maxOrderUsdMinor, BASE_RATE, rate, currency);
}

/**
 * Why cash on delivery cannot take this order, or null when it can: staff offer it to the ship-to country, and the
 * order's total (in its currency, before the method's own fee) is within the largest amount.
 */
export function codRefusal(
  policy: CashOnDeliveryPolicy | undefined,
  order: { country: string; amountMinor: number | null; rate: string; currency: string },
): string | null {
  const country = order.country.toUpperCase();
  if (!policy?.enabled || !policy.countries.includes(country)) return codNotOffered(country);
  const max = codMaximumIn(policy, order.rate, order.currency);
  if (max !== null && order.amountMinor !== null && order.amountMinor > max) {
    return codAboveMaximum(toDecimalText(max), order.currency);
  }
  return null;
}

/** The method's fee in USD when the order is paid on delivery. */
export const codFeeUsdMinor = (policy: CashOnDeliveryPolicy | undefined) => policy?.feeUsdMinor ?? 0;
