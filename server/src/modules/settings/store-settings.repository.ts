import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countryPricing, currencyRates, projectDetails, storeSettings } from '../../db/schema.ts';
import { BASE_CURRENCY, BASE_RATE } from '../../money/money.ts';
import {
  type CountryRule,
  type PricingRules,
  pricingRulesColumns,
  readPricingRules,
  type ShownRules,
  shownRulesColumns,
  shownRulesOf,
} from '../pricing/index.ts';
import { type CheckoutRules, DEFAULT_CHECKOUT_RULES, dutyRuleFor } from './checkout-rules.ts';

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type ProjectDetailsRow = typeof projectDetails.$inferSelect;

/** The single settings row; created with the defaults when a database predates it. */
export async function readStoreSettings(db: Database): Promise<StoreSettingsRow> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (row) return row;
  await db.insert(storeSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!created) throw new Error('store settings row missing after insert');
  return created;
}

const checkoutColumns = {
  freeShippingAboveUsdMinor: storeSettings.freeShippingAboveUsdMinor,
  flatShippingUsdMinor: storeSettings.flatShippingUsdMinor,
  deliveryPolicy: storeSettings.deliveryPolicy,
  supplierMarkupBasisPoints: storeSettings.supplierShippingMarkupBasisPoints,
  supplierFreeShipping: storeSettings.supplierFreeShipping,
  codEnabled: storeSettings.codEnabled,
  codCountries: storeSettings.codCountries,
  codFeeUsdMinor: storeSettings.codFeeUsdMinor,
  codMaxOrderUsdMinor: storeSettings.codMaxOrderUsdMinor,
  dutyRules: storeSettings.dutyRules,
};

type CheckoutColumns = {
  [K in keyof typeof checkoutColumns]: (typeof checkoutColumns)[K]['_']['data'] | null;
};

/**
 * The checkout rules of one ship-to country: the delivery policy, the country's tax (the default without one) and
 * its import duty (none without one).
 */
function checkoutRulesOf(row: CheckoutColumns, shown: ShownRules, country?: string): CheckoutRules | null {
  if (
    row.freeShippingAboveUsdMinor === null ||
    row.flatShippingUsdMinor === null ||
    row.deliveryPolicy === null ||
    row.supplierMarkupBasisPoints === null ||
    row.supplierFreeShipping === null
  ) {
    return null;
  }
  return {
    freeShippingAboveUsdMinor: row.freeShippingAboveUsdMinor,
    flatShippingUsdMinor: row.flatShippingUsdMinor,
    taxBasisPoints: shown.tax.basisPoints,
    taxInclusive: shown.tax.inclusive,
    taxLabel: shown.tax.label,
    deliveryPolicy: row.deliveryPolicy,
    supplierMarkupBasisPoints: row.supplierMarkupBasisPoints,
    supplierFreeShipping: row.supplierFreeShipping,
    cashOnDelivery: {
      enabled: row.codEnabled ?? false,
      countries: row.codCountries ?? [],
      feeUsdMinor: row.codFeeUsdMinor ?? 0,
      maxOrderUsdMinor: row.codMaxOrderUsdMinor,
    },
    duty: dutyRuleFor(row.dutyRules ?? [], country),
  };
}

/** What checkout charges to `country`: read on every quote and order, so a change applies to the next one. */
export async function loadCheckoutRules(db: Database, country?: string): Promise<CheckoutRules> {
  const [row] = await db
    .select({ ...checkoutColumns, shown: shownRulesColumns })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return (row && checkoutRulesOf(row, shownRulesOf(row.shown, country), country)) ?? DEFAULT_CHECKOUT_RULES;
}

/** The rates of these currencies and the checkout rules in one round (a quote and an order read both). */
export async function loadRatesAndCheckoutRules(
  db: Database,
  codes: readonly string[],
  /** A ship-to country: its price rule and the pricing rules come in the same read (priceOrder). */
  country?: string,
): Promise<{
  rates: Map<string, string>;
  rules: CheckoutRules;
  pricing: { rules: PricingRules; country: CountryRule | null; shown: ShownRules };
}> {
  const rows = await db
    .select({
      code: currencyRates.code,
      rate: currencyRates.rate,
      checkout: checkoutColumns,
      shown: shownRulesColumns,
      pricing: pricingRulesColumns,
      countryType: countryPricing.adjustmentType,
      countryValue: countryPricing.value,
    })
    .from(currencyRates)
    .leftJoin(storeSettings, eq(storeSettings.id, 1))
    .leftJoin(countryPricing, eq(countryPricing.country, country ?? ''))
    .where(inArray(currencyRates.code, [...new Set(codes)]));
  const rates = new Map(rows.map((row) => [row.code, row.rate]));
  if (!rates.has(BASE_CURRENCY)) rates.set(BASE_CURRENCY, BASE_RATE);
  const [first] = rows;
  const shown = shownRulesOf(first?.shown, country);
  const rules =
    (first?.checkout && checkoutRulesOf(first.checkout, shown, country)) ??
    (await loadCheckoutRules(db, country));
  const pricingRules = first?.pricing ? first.pricing : await readPricingRules(db);
  return {
    rates,
    rules,
    pricing: {
      rules: pricingRules,
      shown,
      country:
        country && first?.countryType && first.countryValue !== null
          ? { country, adjustmentType: first.countryType, value: first.countryValue }
          : null,
    },
  };
}

export async function writeStoreSettings(
  db: Database,
  changes: Partial<Omit<StoreSettingsRow, 'id' | 'updatedAt'>>,
): Promise<StoreSettingsRow> {
  await readStoreSettings(db);
  const [row] = await db
    .update(storeSettings)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(storeSettings.id, 1))
    .returning();
  if (!row) throw new Error('store settings update returned no row');
  return row;
}

export async function readProjectDetails(db: Database): Promise<ProjectDetailsRow> {
  const [row] = await db.select().from(projectDetails).where(eq(projectDetails.id, 1));
  if (row) return row;
  await db.insert(projectDetails).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(projectDetails).where(eq(projectDetails.id, 1));
  if (!created) throw new Error('project details row missing after insert');
  return created;
}

export async function writeProjectDetails(
  db: Database,
  values: Omit<ProjectDetailsRow, 'id' | 'updatedAt'>,
): Promise<ProjectDetailsRow> {
  await readProjectDetails(db);
  const [row] = await db
    .update(projectDetails)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(projectDetails.id, 1))
    .returning();
  if (!row) throw new Error('project details update returned no row');
  return row;
}
