import { SHIP_TO_COUNTRIES } from '@shop/sdk/choices';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const countryName = (code: string) => regionNames.of(code) ?? code;

/** The ship-to countries as a select lists them: "Spain (ES)". */
export const COUNTRY_OPTIONS = SHIP_TO_COUNTRIES.map((code) => ({
  value: code,
  label: `${countryName(code)} (${code})`,
}));
