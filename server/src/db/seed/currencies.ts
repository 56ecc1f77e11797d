import type { currencyRates } from '../schema.ts';

/** Units per 1 USD for every currency the storefront offers (spec 3 §9, INR among them), at late-2026 levels. */
export const CURRENCY_RATES: Array<typeof currencyRates.$inferInsert> = [
  { code: 'USD', rate: '1', symbol: '$' },
  { code: 'CAD', rate: '1.39', symbol: 'CA$' },
  { code: 'GBP', rate: '0.76', symbol: '£' },
  { code: 'AUD', rate: '1.53', symbol: 'A$' },
  { code: 'EUR', rate: '0.86', symbol: '€' },
  { code: 'PLN', rate: '3.65', symbol: 'zł' },
  { code: 'SEK', rate: '9.42', symbol: 'kr' },
  { code: 'NOK', rate: '10.08', symbol: 'kr' },
  { code: 'DKK', rate: '6.43', symbol: 'kr' },
  { code: 'CHF', rate: '0.80', symbol: 'CHF' },
  { code: 'CZK', rate: '20.85', symbol: 'Kč' },
  { code: 'HUF', rate: '331.5', symbol: 'Ft' },
  { code: 'RON', rate: '4.38', symbol: 'lei' },
  { code: 'BGN', rate: '1.68', symbol: 'лв' },
  { code: 'NZD', rate: '1.76', symbol: 'NZ$' },
  { code: 'AED', rate: '3.6725', symbol: 'د.إ' },
  { code: 'ILS', rate: '3.27', symbol: '₪' },
  { code: 'TRY', rate: '42.4', symbol: '₺' },
  { code: 'MXN', rate: '18.35', symbol: 'MX$' },
  { code: 'BRL', rate: '5.34', symbol: 'R$' },
  { code: 'ARS', rate: '1452', symbol: 'AR$' },
  { code: 'ZAR', rate: '17.28', symbol: 'R' },
  { code: 'BDT', rate: '121.5', symbol: '৳' },
  { code: 'INR', rate: '88.6', symbol: '₹' },
];
