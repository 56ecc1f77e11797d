/** Spec §9: the ship-to list, in the spec's order. */
export const SHIP_TO_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'AU',
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'PL',
  'SE',
  'NO',
  'FI',
  'DK',
  'IE',
  'PT',
  'BE',
  'CH',
  'AT',
  'CZ',
  'SK',
  'HU',
  'RO',
  'BG',
  'GR',
  'SI',
  'HR',
  'EE',
  'LV',
  'LT',
  'LU',
  'MT',
  'CY',
  'NZ',
  'AE',
  'IL',
  'TR',
  'MX',
  'BR',
  'AR',
  'ZA',
  'BD',
] as const;

/** Spec §9: the currencies a shopper can price the store in. */
export const CURRENCIES = [
  'USD',
  'CAD',
  'GBP',
  'AUD',
  'EUR',
  'PLN',
  'SEK',
  'NOK',
  'DKK',
  'CHF',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'NZD',
  'AED',
  'ILS',
  'TRY',
  'MXN',
  'BRL',
  'ARS',
  'ZAR',
  'BDT',
] as const;

export const LANGUAGE_CODES = ['en', 'bn', 'hi', 'es'] as const;

export const languageOptions = [
  { value: 'en', label: 'English' },
  { value: 'bn', label: 'Bengali' },
  { value: 'hi', label: 'Hindi' },
  { value: 'es', label: 'Spanish' },
] as const satisfies { value: Language; label: string }[];

export const THEMES = ['light', 'dark'] as const;

export type ShipToCountry = (typeof SHIP_TO_COUNTRIES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type Language = (typeof LANGUAGE_CODES)[number];
export type Theme = (typeof THEMES)[number];
