import type { components } from './generated/api.ts';

type Schemas = components['schemas'];

/**
 * The storefront's ship-to countries in the spec's order (spec 3 §9), as the contract's `ShipToCountry` lists
 * them: one list for the storefront, the back office and the server.
 */
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
  'IN',
] as const satisfies readonly Schemas['ShipToCountry'][];

/** The currencies a shopper can price the store in (spec 3 §9), as the contract's `ShopperCurrency` lists them. */
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
  'INR',
] as const satisfies readonly Schemas['ShopperCurrency'][];

export const LANGUAGE_CODES = [
  'en',
  'bn',
  'hi',
  'es',
] as const satisfies readonly Schemas['AccountSettings']['language'][];

export const THEMES = ['light', 'dark'] as const satisfies readonly Schemas['AccountSettings']['theme'][];
