// One list for the storefront, the back office and the server (the contract's enums).
export { CURRENCIES, LANGUAGE_CODES, SHIP_TO_COUNTRIES, THEMES } from '@shop/sdk/choices';

import type { CURRENCIES, LANGUAGE_CODES, SHIP_TO_COUNTRIES, THEMES } from '@shop/sdk/choices';

export const languageOptions = [
  { value: 'en', label: 'English' },
  { value: 'bn', label: 'Bengali' },
  { value: 'hi', label: 'Hindi' },
  { value: 'es', label: 'Spanish' },
] as const satisfies { value: Language; label: string }[];

export type ShipToCountry = (typeof SHIP_TO_COUNTRIES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type Language = (typeof LANGUAGE_CODES)[number];
export type Theme = (typeof THEMES)[number];
