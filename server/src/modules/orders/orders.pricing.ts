// Checkout amounts (spec 3 §9), in integer minor units: shipping is free when the items total is above 100,
// otherwise 10; tax is 10% of the items total rounded to the cent; the total is the sum.

export const FREE_SHIPPING_ABOVE_MINOR = 100_00;
export const FLAT_SHIPPING_MINOR = 10_00;
export const TAX_RATE = 0.1;
/** Most units of one item in one order (spec 3 §9); the least is 1. */
export const MAX_LINE_QUANTITY = 12;

export interface OrderTotals {
  itemsMinor: number;
  shippingMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export function computeOrderTotals(
  lines: ReadonlyArray<{ unitPriceMinor: number; quantity: number }>,
): OrderTotals {
  const itemsMinor = lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  const shippingMinor = itemsMinor > FREE_SHIPPING_ABOVE_MINOR ? 0 : FLAT_SHIPPING_MINOR;
  const taxMinor = Math.round(itemsMinor * TAX_RATE);
  return { itemsMinor, shippingMinor, taxMinor, totalMinor: itemsMinor + shippingMinor + taxMinor };
}

const RATE_SCALE = 6;

/** A decimal rate as stored (numeric(18,6) reads back as text, e.g. '121.5') scaled to an exact integer. */
function scaledRate(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{0,6})\d*)?$/.exec(rate.trim());
  if (!match?.[1]) throw new Error(`not a currency rate: ${rate}`);
  const fraction = (match[2] ?? '').padEnd(RATE_SCALE, '0');
  return BigInt(match[1]) * 10n ** BigInt(RATE_SCALE) + BigInt(fraction);
}

/**
 * Converts an amount in minor units between two currencies given their rates (units per 1 USD), rounding half
 * up to the minor unit. Integer arithmetic throughout, so a price never drifts by a float's last digit.
 */
export function convertMinor(minor: number, fromRate: string, toRate: string): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  const from = scaledRate(fromRate);
  const to = scaledRate(toRate);
  if (from === 0n) throw new Error('a currency rate of 0 cannot convert');
  const numerator = BigInt(minor) * to;
  return Number((2n * numerator + from) / (2n * from));
}

/** Minor units to the API's number with two decimals. */
export function toAmount(minor: number): number {
  return minor / 100;
}
