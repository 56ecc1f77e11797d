import type { Database } from '../../db/client.ts';
import { currencyRates } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

/** Units of each currency per 1 USD, as the settings store them. */
export type Rates = ReadonlyMap<string, number>;

export async function loadRates(db: Database): Promise<Rates> {
  const rows = await db.select({ code: currencyRates.code, rate: currencyRates.rate }).from(currencyRates);
  const rates = new Map(rows.map((row) => [row.code, Number(row.rate)]));
  // USD is the base every rate is quoted against, so it converts even before any rate is stored.
  if (!rates.has('USD')) rates.set('USD', 1);
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

/** Two decimals, as numbers travel in the API. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Integer minor units of `from` as a two-decimal amount of `to`. */
export function convertMinor(minor: number, rate: number): number {
  return roundMoney((minor / 100) * rate);
}

/** Minor units as the marketplace's decimal text ("18.99"). */
export function minorToText(minor: number): string {
  return (minor / 100).toFixed(2);
}
