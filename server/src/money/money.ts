import { currencyDigits } from '@shop/sdk/currency';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { currencyRates } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';

// The one home of money on the server: amounts are integer minor units (hundredths in every store currency),
// rates are exact decimal text (units of a currency per 1 USD), and every conversion rounds once, half up, to the
// currency's precision (`currencyDigits`, shared with the apps' formatter).
//
// Storage stays integer hundredths in every currency (no schema migration): a 0-digit currency (HUF, JPY) holds
// whole units, i.e. multiples of 100. A 3-digit currency (KWD) cannot be held in hundredths; the store offers none
// (the contract's ShopperCurrency and the seeded rates, and staff can only change rates, never add a currency).

const RATE_SCALE = 6;

/** The currency every rate is quoted against, and the one the order rules (free shipping) are written in. */
export const BASE_CURRENCY = 'USD';
export const BASE_RATE = '1';

/** Exact decimal rates keyed by currency code, as the settings store them ('121.5'). */
export type Rates = ReadonlyMap<string, string>;

/** The smallest amount of a currency in stored hundredths: 100 for a 0-digit currency (whole units), else 1. */
export function minorStep(currency: string): number {
  return currencyDigits(currency) === 0 ? 100 : 1;
}

/** A decimal rate as stored (numeric(18,6) reads back as text, e.g. '121.5') scaled to an exact integer. */
function scaledRate(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{0,6})\d*)?$/.exec(rate.trim());
  if (!match?.[1]) throw new Error(`not a currency rate: ${rate}`);
  const fraction = (match[2] ?? '').padEnd(RATE_SCALE, '0');
  return BigInt(match[1]) * 10n ** BigInt(RATE_SCALE) + BigInt(fraction);
}

/**
 * Converts an amount in minor units between two currencies given their rates (units per 1 USD), rounding half
 * up once to the precision of `currency` (the target's code: whole units for HUF). Integer arithmetic throughout,
 * so a price never drifts by a float's last digit. Every amount a shopper sees in their currency passes here.
 */
export function convertMinor(
  minor: number,
  fromRate: string,
  toRate: string,
  currency: string = BASE_CURRENCY,
): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  const from = scaledRate(fromRate);
  const to = scaledRate(toRate);
  if (from === 0n) throw new Error('a currency rate of 0 cannot convert');
  const step = BigInt(minorStep(currency));
  if (from === to && BigInt(minor) % step === 0n) return minor;
  const numerator = BigInt(minor) * to;
  const denominator = from * step;
  return Number(((2n * numerator + denominator) / (2n * denominator)) * step);
}

/** `toRate / fromRate` as a number: the `rate` field of the product page (a multiplier; prices never use it). */
export function rateMultiplier(fromRate: string, toRate: string): number {
  const from = scaledRate(fromRate);
  if (from === 0n) throw new Error('a currency rate of 0 cannot convert');
  return Number((scaledRate(toRate) * 10n ** BigInt(RATE_SCALE)) / from) / 10 ** RATE_SCALE;
}

/** Minor units to the API's number with two decimals. */
export function toAmount(minor: number): number {
  return minor / 100;
}

/** Minor units as decimal text with two decimals ('18.99'), as the marketplace's records write prices. */
export function toDecimalText(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not an amount in minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Minor units as a reader of `locale` reads the amount ('$18.99', '১৮.৯৯ US$'), with the currency's precision as
 * the apps' formatter (ui/src/format.ts) shows it: for pages the server renders itself (search engines' HTML).
 */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const amount = toAmount(minor);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(digits)}`;
  }
}

/**
 * Decimal text ('24.6', '24.60', '24.605') to minor units, rounding half up at the cent; null when it is not a
 * non-negative decimal number.
 */
export function decimalTextToMinor(text: string): number | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const fraction = match[2] ?? '';
  const cents = BigInt(match[1]) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const minor = Number(cents + ((fraction[2] ?? '0') >= '5' ? 1n : 0n));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The API's two-decimal number to minor units; null when it has more than two decimals or is not finite. */
export function toMinor(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const minor = Math.round(amount * 100);
  return Math.abs(minor - amount * 100) < 1e-6 && Number.isSafeInteger(minor) ? minor : null;
}

/** The stored rates of the given currencies (all of them when none are named); USD is always 1. */
export async function loadRates(db: Database, codes?: readonly string[]): Promise<Map<string, string>> {
  const wanted = codes ? [...new Set(codes)] : null;
  const rows =
    wanted?.length === 0
      ? []
      : await db
          .select({ code: currencyRates.code, rate: currencyRates.rate })
          .from(currencyRates)
          .where(wanted ? inArray(currencyRates.code, wanted) : undefined);
  const rates = new Map(rows.map((row) => [row.code, row.rate]));
  if (!rates.has(BASE_CURRENCY)) rates.set(BASE_CURRENCY, BASE_RATE);
  return rates;
}

/** The symbol shown before amounts of each currency (`$`, `৳`, ...). */
export async function loadSymbols(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: currencyRates.code, symbol: currencyRates.symbol })
    .from(currencyRates);
  return new Map(rows.filter((row) => row.symbol !== '').map((row) => [row.code, row.symbol]));
}

/** 400 for a currency the store has no rate for: converting with a guess would show wrong prices. */
export function assertKnownCurrency(rates: Rates, currency: string): void {
  if (!rates.has(currency)) throw badRequest(`The currency ${currency} is not supported.`);
}

/**
 * A converter into `to` with loaded rates, rounded to `to`'s precision: null when a rate is missing; a currency
 * into itself needs no rate (only the rounding, for a whole-unit currency).
 */
export function converterFor(rates: Rates, to: string) {
  return (minor: number, from: string): number | null => {
    if (from === to) return convertMinor(minor, BASE_RATE, BASE_RATE, to);
    const fromRate = rates.get(from);
    const toRate = rates.get(to);
    return fromRate === undefined || toRate === undefined ? null : convertMinor(minor, fromRate, toRate, to);
  };
}

/**
 * `basisPoints`/10000 of an amount (negative allowed), rounded once, half away from zero, to the precision of
 * `currency` (the cent by default; whole units for HUF).
 */
export function basisPointsOf(minor: number, basisPoints: number, currency: string = BASE_CURRENCY): number {
  if (!Number.isSafeInteger(minor) || !Number.isSafeInteger(basisPoints)) {
    throw new Error(`not integers: ${minor}, ${basisPoints}`);
  }
  const product = BigInt(minor) * BigInt(basisPoints);
  const sign = product < 0n ? -1n : 1n;
  const unit = 10000n * BigInt(minorStep(currency));
  return Number(sign * ((2n * sign * product + unit) / (2n * unit)) * BigInt(minorStep(currency)));
}

/** A percent as stored (numeric(…,2) text such as '10.00' or '-5.5') in hundredths of a percent (1000, -550). */
export function percentToBasisPoints(percent: string | number): number {
  const text = typeof percent === 'number' ? percent.toFixed(2) : percent.trim();
  const match = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match?.[2]) throw new Error(`not a percent: ${percent}`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

/** How shown prices of a currency are rounded (System Settings); always upwards, so never under a margin floor. */
export type RoundingRule = 'none' | 'whole' | 'end_99' | 'end_9';

/**
 * A price in stored hundredths rounded up by `rule`: `whole` to the next whole unit, `end_99` to the next .99 (the
 * next whole amount ending in 99 in a whole-unit currency: Ft 8,199), `end_9` to the next whole amount ending in 9
 * (৳1,499). A price already on the rule stays.
 */
export function roundShownPrice(minor: number, currency: string, rule: RoundingRule): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  if (rule === 'none') return minor;
  const units = Math.ceil(minor / 100);
  if (rule === 'whole') return units * 100;
  if (rule === 'end_9') return (Math.ceil((units - 9) / 10) * 10 + 9) * 100;
  if (currencyDigits(currency) === 0) return (Math.ceil((units - 99) / 100) * 100 + 99) * 100;
  const cents = Math.floor(minor / 100) * 100 + 99;
  return cents >= minor ? cents : cents + 100;
}

/**
 * The round amount (1, 2, 2.5 or 5 times a power of ten) nearest to `minor`, for price ranges a shopper reads at
 * a glance (৳1,215 becomes ৳1,000, €21.50 becomes €20); never below the currency's smallest amount.
 */
export function roundRangeEdge(minor: number, currency: string): number {
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new Error(`not a positive amount in minor units: ${minor}`);
  const power = 10 ** Math.floor(Math.log10(minor));
  let best = power;
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const candidate = factor * power;
    if (Math.abs(candidate - minor) < Math.abs(best - minor)) best = candidate;
  }
  const step = minorStep(currency);
  return Math.max(step, Math.round(best / step) * step);
}

/** The part of a tax-inclusive amount that is tax at `basisPoints` (2100 = 21%), rounded half up once. */
export function includedTaxOf(minor: number, basisPoints: number, currency: string = BASE_CURRENCY): number {
  if (!Number.isSafeInteger(minor) || minor < 0 || !Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new Error(`not an amount and a rate: ${minor}, ${basisPoints}`);
  }
  const step = BigInt(minorStep(currency));
  const numerator = BigInt(minor) * BigInt(basisPoints);
  const denominator = (10000n + BigInt(basisPoints)) * step;
  return Number(((2n * numerator + denominator) / (2n * denominator)) * step);
}
