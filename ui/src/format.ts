import { currencyDigits } from '@shop/sdk/currency';

const LOCALE = 'en-US';

/**
 * `formatMoney(12.5, 'USD')` → '$12.50'; `formatMoney(8172, 'HUF')` → 'HUF 8,172'. Amounts arrive as the API's
 * numbers; the decimals are the currency's precision from the table the server rounds with (not Intl's own
 * defaults, which differ by locale), so what is shown is exactly what is charged.
 * `locale` is the reader's language (the storefront passes the shopper's); the back office keeps en-US.
 */
export function formatMoney(amount: number, currency: string, locale: string = LOCALE): string {
  const digits = currencyDigits(currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    // An unknown currency code makes Intl throw; show the raw code rather than break the screen.
    return `${currency} ${amount.toFixed(digits)}`;
  }
}

/** `formatDate('2026-11-22T10:20:00Z')` → 'Nov 22, 2026'; text that is not a date comes back unchanged. */
export function formatDate(iso: string, locale: string = LOCALE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // A bare date ('2026-11-22') parses as UTC midnight: show it in UTC so it never shifts a day.
  const timeZone = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : undefined;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(date);
}

/** `formatDateTime('2026-11-22T10:20:00Z')` → 'Nov 22, 2026, 10:20 AM': a message needs the time as well as the day. */
export function formatDateTime(iso: string, locale: string = LOCALE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
