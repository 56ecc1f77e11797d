import { CURRENCIES, SHIP_TO_COUNTRIES } from './settings-options';

// Kept apart from settings-options.ts: naming 65 codes through Intl.DisplayNames takes a noticeable moment on a
// slow phone, so it happens when the settings form is first opened, not on every page load.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

export const countryOptions = SHIP_TO_COUNTRIES.map((code) => ({
  value: code,
  label: `${regionNames.of(code) ?? code} (${code})`,
}));

export const currencyOptions = CURRENCIES.map((code) => ({
  value: code,
  label: `${code} - ${currencyNames.of(code) ?? code}`,
}));
