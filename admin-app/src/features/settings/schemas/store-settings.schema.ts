import { SHIP_TO_COUNTRIES as COUNTRIES, CURRENCIES } from '@shop/sdk/choices';
import type { RequestBody, Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { countryName } from '../lib/country-options';

type StoreSettings = Schemas['StoreSettings'];
export type RoundingRule = Schemas['PriceRounding']['rule'];

export const DELIVERY_POLICIES = [
  'store_rule',
  'supplier',
] as const satisfies readonly Schemas['DeliveryPolicy'][];
export const ROUNDING_RULES = ['none', 'whole', 'end_99', 'end_9'] as const satisfies readonly RoundingRule[];

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const percent = (missing: string, outOfRange: string) =>
  z
    .number({ error: missing })
    .min(0, outOfRange)
    .max(100, outOfRange)
    .refine(twoDecimals, 'Use at most two decimals.');

/** What every country rule has; a row just added has no country or rate yet, and is refused until it has both. */
const countryRuleFields = {
  country: z
    .enum(COUNTRIES)
    .nullable()
    .pipe(z.enum(COUNTRIES, { error: 'Choose a country.' })),
  rate: z.number().optional().pipe(percent('Enter a rate.', 'The rate is between 0 and 100%.')),
};

/** One country's tax. */
const taxRuleSchema = z.object({
  ...countryRuleFields,
  inclusive: z.boolean(),
  label: z.string().trim().min(1, 'Enter a label.').max(20, 'Use at most 20 characters.'),
});

export const DUTY_BASES = [
  'goods',
  'goods_and_delivery',
] as const satisfies readonly Schemas['DutyRule']['basis'][];

/** One country's import duty. */
const dutyRuleSchema = z.object({
  ...countryRuleFields,
  deMinimis: z
    .number({ error: 'Enter an amount.' })
    .min(0, 'The amount cannot be negative.')
    .max(1_000_000, 'Use at most 1,000,000.')
    .refine(twoDecimals, 'Use at most two decimals.'),
  basis: z.enum(DUTY_BASES),
  label: z.string().trim().min(1, 'Enter a label.').max(30, 'Use at most 30 characters.'),
});

/** A country named twice in a list of rules is refused on its second row, as the server refuses it. */
function oneRulePerCountry(rules: ReadonlyArray<{ country: string }>, context: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const [index, rule] of rules.entries()) {
    if (seen.has(rule.country)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'country'],
        message: `${countryName(rule.country)} already has a rule.`,
      });
    }
    seen.add(rule.country);
  }
}

/** System Settings as PUT /settings/store takes them; the server refuses a country named twice, and so does the form. */
export const settingsSchema = z.object({
  storeName: z.string().trim().min(1, 'Store name is required.').max(100, 'Use at most 100 characters.'),
  contactEmail: z.string().trim().pipe(z.email('Enter a valid email address.')),
  contactPhone: z.string().trim().max(32, 'Use at most 32 characters.'),
  defaultCurrency: z.enum(CURRENCIES),
  defaultShipTo: z.enum(COUNTRIES),
  taxRate: percent('Enter a tax rate.', 'The tax rate is between 0 and 100%.'),
  freeShippingAbove: z
    .number({ error: 'Enter an amount.' })
    .min(0, 'The amount cannot be negative.')
    .refine(twoDecimals, 'Use at most two decimals.'),
  flatShipping: z
    .number({ error: 'Enter an amount.' })
    .min(0, 'The amount cannot be negative.')
    .max(10000, 'Use at most 10,000.')
    .refine(twoDecimals, 'Use at most two decimals.'),
  deliveryPolicy: z.enum(DELIVERY_POLICIES),
  // An empty markup is none: the field may be hidden (store rule) when it is cleared.
  supplierShippingMarkup: z
    .number()
    .optional()
    .transform((value) => value ?? 0)
    .pipe(percent('Enter a markup.', 'The markup is between 0 and 100%.')),
  supplierFreeShipping: z.boolean(),
  cashOnDelivery: z
    .object({
      enabled: z.boolean(),
      countries: z.array(z.enum(COUNTRIES)),
      fee: z
        .number({ error: 'Enter a fee.' })
        .min(0, 'The fee cannot be negative.')
        .max(1000, 'Use at most 1,000.')
        .refine(twoDecimals, 'Use at most two decimals.'),
      // Empty: no limit.
      maxOrder: z
        .number()
        .min(1, 'The largest order is at least 1.')
        .max(1_000_000, 'Use at most 1,000,000.')
        .refine(twoDecimals, 'Use at most two decimals.')
        .optional()
        .transform((value) => value ?? null),
    })
    .superRefine((cod, context) => {
      if (cod.enabled && cod.countries.length === 0) {
        context.addIssue({ code: 'custom', path: ['countries'], message: 'Choose at least one country.' });
      }
    }),
  taxRules: z.array(taxRuleSchema).max(50, 'Use at most 50 countries.').superRefine(oneRulePerCountry),
  dutyRules: z.array(dutyRuleSchema).max(50, 'Use at most 50 countries.').superRefine(oneRulePerCountry),
  // The form holds one rule per currency; the request lists only the currencies that round.
  priceRounding: z
    .record(z.enum(CURRENCIES), z.enum(ROUNDING_RULES))
    .transform((rules) =>
      CURRENCIES.flatMap((currency) =>
        rules[currency] === 'none' ? [] : [{ currency, rule: rules[currency] }],
      ),
    ),
  vendorCommissionPercent: percent('Enter a commission.', 'The commission is between 0 and 100%.'),
}) satisfies z.ZodType<RequestBody<'updateStoreSettings'>>;

export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsValues = z.output<typeof settingsSchema>;
export type TaxRuleInput = SettingsInput['taxRules'][number];
export type DutyRuleInput = SettingsInput['dutyRules'][number];

/** A duty rule just added: on goods only, due from the first cent unless staff set a de minimis. */
export const newDutyRule = (): DutyRuleInput => ({
  country: null,
  rate: undefined,
  deMinimis: 0,
  basis: 'goods',
  label: 'Import duty',
});

/** A row just added: the label the server uses when a country names its tax nothing else. */
export const newTaxRule = (): TaxRuleInput => ({
  country: null,
  rate: undefined,
  inclusive: false,
  label: 'Tax',
});

export function settingsValues(saved: StoreSettings): SettingsInput {
  const rounding = new Map(saved.priceRounding.map((entry) => [entry.currency, entry.rule]));
  return {
    storeName: saved.storeName,
    contactEmail: saved.contactEmail,
    contactPhone: saved.contactPhone,
    defaultCurrency: saved.defaultCurrency,
    defaultShipTo: saved.defaultShipTo,
    taxRate: saved.taxRate,
    freeShippingAbove: saved.freeShippingAbove,
    flatShipping: saved.flatShipping,
    deliveryPolicy: saved.deliveryPolicy,
    supplierShippingMarkup: saved.supplierShippingMarkup,
    supplierFreeShipping: saved.supplierFreeShipping,
    cashOnDelivery: { ...saved.cashOnDelivery, maxOrder: saved.cashOnDelivery.maxOrder ?? undefined },
    taxRules: saved.taxRules,
    dutyRules: saved.dutyRules,
    priceRounding: Object.fromEntries(
      CURRENCIES.map((currency) => [currency, rounding.get(currency) ?? 'none']),
    ) as SettingsInput['priceRounding'],
    vendorCommissionPercent: saved.vendorCommissionPercent,
  };
}
