import { and, desc, eq, inArray, isNotNull, min, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import {
  countryPricing,
  customers,
  type PriceRoundingSetting,
  priceOverrideLogs,
  productSkus,
  products,
  storeSettings,
  type TaxRuleSetting,
} from '../../db/schema.ts';
import { loadRates, type Rates, toDecimalText } from '../../money/money.ts';
import {
  type CountryRule,
  DEFAULT_PRICING_RULES,
  floorPrice,
  type PriceContext,
  type PricingRules,
  priceFromCost,
  type ShownRules,
  taxRuleFor,
} from './pricing.rules.ts';

export const OVERRIDE_LOG_PAGE_SIZE = 10;

/** The pricing rules' columns of store_settings, for reads that take them with other settings. */
export const pricingRulesColumns = {
  markupType: storeSettings.markupType,
  markupValue: storeSettings.markupValue,
  minMarginPercent: storeSettings.minMarginPercent,
  compareAtMode: storeSettings.compareAtMode,
  compareAtPercent: storeSettings.compareAtPercent,
  b2bEnabled: storeSettings.b2bEnabled,
  b2bDiscountPercent: storeSettings.b2bDiscountPercent,
  currencyMode: storeSettings.currencyMode,
};

/** The columns of store_settings that shape shown prices: tax per country and rounding per currency. */
export const shownRulesColumns = {
  taxRules: storeSettings.taxRules,
  priceRounding: storeSettings.priceRounding,
  defaultTaxBasisPoints: storeSettings.taxBasisPoints,
};

type ShownRulesRow = {
  taxRules: TaxRuleSetting[] | null;
  priceRounding: PriceRoundingSetting[] | null;
  defaultTaxBasisPoints: number | null;
};

/** The shown-price rules of one ship-to country from the settings row (defaults when there is none). */
export function shownRulesOf(
  row: ShownRulesRow | null | undefined,
  country: string | null | undefined,
): ShownRules {
  return {
    tax: taxRuleFor(country, row?.taxRules ?? [], row?.defaultTaxBasisPoints ?? 1000),
    rounding: new Map(
      (row?.priceRounding ?? [])
        .filter((entry) => entry.rule !== 'none')
        .map((entry) => [entry.currency, entry.rule]),
    ),
  };
}

export async function readPricingRules(db: Database | Transaction): Promise<PricingRules> {
  const [row] = await db.select(pricingRulesColumns).from(storeSettings).where(eq(storeSettings.id, 1));
  return row ?? DEFAULT_PRICING_RULES;
}

export async function writePricingRules(db: Database, rules: PricingRules): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ id: 1, ...rules })
    .onConflictDoUpdate({ target: storeSettings.id, set: { ...rules, updatedAt: new Date() } });
}

export async function listCountryRules(db: Database): Promise<CountryRule[]> {
  return db
    .select({
      country: countryPricing.country,
      adjustmentType: countryPricing.adjustmentType,
      value: countryPricing.value,
    })
    .from(countryPricing)
    .orderBy(countryPricing.country);
}

/** The rules and one country's rule in a single read: every priced request makes it. */
async function rulesWithCountry(db: Database, country: string | null) {
  const [row] = await db
    .select({
      ...pricingRulesColumns,
      shown: shownRulesColumns,
      countryType: countryPricing.adjustmentType,
      countryValue: countryPricing.value,
    })
    .from(storeSettings)
    .leftJoin(countryPricing, eq(countryPricing.country, country ?? ''))
    .where(eq(storeSettings.id, 1));
  if (!row) return { rules: DEFAULT_PRICING_RULES, country: null, shown: shownRulesOf(undefined, country) };
  const { countryType, countryValue, shown, ...rules } = row;
  return {
    rules,
    shown: shownRulesOf(shown, country),
    country:
      country && countryType && countryValue !== null
        ? { country, adjustmentType: countryType, value: countryValue }
        : null,
  };
}

/** A shopper's pricing from rules already read (priceOrder reads them with the rates): only B2B needs the account. */
export async function contextFromRules(
  db: Database,
  input: {
    rules: PricingRules;
    country: CountryRule | null;
    customerId: string | null;
    rates: Rates;
    shown?: ShownRules | undefined;
  },
): Promise<PriceContext> {
  let business = false;
  if (input.customerId && input.rules.b2bEnabled) {
    const [row] = await db
      .select({ isBusiness: customers.isBusiness })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    business = row?.isBusiness ?? false;
  }
  return { rules: input.rules, country: input.country, business, rates: input.rates, shown: input.shown };
}

/**
 * What prices one shopper's request: the store's rules, their ship-to country's rule, and whether they are a
 * business account (from the token, when the request carries a shopper's).
 */
export async function priceContextFor(
  db: Database,
  input: {
    country?: string | null | undefined;
    request?: FastifyRequest;
    customerId?: string | null;
    rates?: Rates;
  },
): Promise<PriceContext> {
  const customerId =
    input.customerId ?? (input.request?.auth?.kind === 'customer' ? input.request.auth.id : null);
  // One after the other: `db` may be a transaction's single connection (see priceOrder).
  const { rules, country, shown } = await rulesWithCountry(db, input.country?.toUpperCase() ?? null);
  const rates = input.rates ?? (await loadRates(db));
  return contextFromRules(db, { rules, country, customerId, rates, shown });
}

/**
 * Prices every imported SKU from its supplier cost by the rules, except those staff priced by hand; the list
 * price keeps its proportion to the price. Then each product's card figures follow. Answers how many SKUs moved.
 */
export async function repriceImported(
  db: Database,
  rules: PricingRules,
  rates: Rates,
  productId?: string,
): Promise<number> {
  const skus = await db
    .select({
      id: productSkus.id,
      productId: productSkus.productId,
      cost: productSkus.supplierPriceMinor,
      sale: productSkus.salePriceMinor,
      list: productSkus.priceMinor,
      currency: products.currency,
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(
      and(
        eq(products.source, 'aliexpress'),
        isNotNull(productSkus.supplierPriceMinor),
        eq(productSkus.priceOverridden, false),
        productId ? eq(products.id, productId) : undefined,
      ),
    );
  const changes: { id: string; productId: string; sale: number; list: number }[] = [];
  for (const sku of skus) {
    if (sku.cost === null || !rates.has(sku.currency)) continue;
    const sale = priceFromCost(sku.cost, sku.currency, rules, rates);
    if (sale === sku.sale) continue;
    const list = sku.sale > 0 ? Math.max(sale, Math.round((sku.list * sale) / sku.sale)) : sale;
    changes.push({ id: sku.id, productId: sku.productId, sale, list });
  }
  // A thousand SKUs a statement: a markup change reprices the whole imported catalogue at once.
  for (let start = 0; start < changes.length; start += 1000) {
    const batch = changes.slice(start, start + 1000);
    const values = sql.join(
      batch.map((change) => sql`(${change.id}::uuid, ${change.sale}::int, ${change.list}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${productSkus} s set sale_price_minor = v.sale, price_minor = v.list
      from (values ${values}) as v(id, sale, list) where s.id = v.id`);
  }
  const moved = [...new Set(changes.map((change) => change.productId))];
  for (let start = 0; start < moved.length; start += 1000) {
    await refreshCardPrices(db, moved.slice(start, start + 1000));
  }
  return changes.length;
}

/** The products' card figures after their SKUs' prices changed (as summarizeSkus computes them on save). */
export async function refreshCardPrices(db: Database, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update ${products} p set
      price_minor = c.sale_price_minor,
      original_price_minor = case when c.price_minor > c.sale_price_minor then c.price_minor else null end,
      updated_at = now()
    from (
      select distinct on (product_id) product_id, sale_price_minor, price_minor from ${productSkus}
      where product_id in (${ids})
      order by product_id, (stock > 0) desc, sale_price_minor asc
    ) c
    where p.id = c.product_id`);
}

export async function logOverride(db: Database, entry: { productId: string; message: string; by: string }) {
  await db.insert(priceOverrideLogs).values(entry);
}

export async function listOverrides(db: Database, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(priceOverrideLogs)
      .orderBy(desc(priceOverrideLogs.at), desc(priceOverrideLogs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(priceOverrideLogs),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export class BelowMarginFloor extends Error {
  constructor(
    readonly skuIndex: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * After staff saved an imported product's SKUs (which replaces them): each SKU keeps its supplier cost, a price
 * changed away from the rule's is a manual override (kept through repricing, and logged), a price changed back to
 * it is the rule's again. A price under the margin floor is refused. Call inside the saving transaction.
 */
export async function keepCostsAndOverrides(
  db: Database,
  input: {
    product: { id: string; title: string; currency: string; source: string };
    before: ReadonlyArray<{
      skuId: string;
      salePriceMinor: number;
      supplierPriceMinor: number | null;
      priceOverridden: boolean;
    }>;
    by: string;
  },
): Promise<string[]> {
  if (input.product.source !== 'aliexpress') return [];
  const rules = await readPricingRules(db);
  const rates = await loadRates(db);
  const previous = new Map(input.before.map((sku) => [sku.skuId, sku]));
  const after = await db
    .select()
    .from(productSkus)
    .where(eq(productSkus.productId, input.product.id))
    .orderBy(productSkus.position);
  const overrides: string[] = [];
  for (const [index, sku] of after.entries()) {
    const old = previous.get(sku.skuId);
    if (!old || old.supplierPriceMinor === null) continue;
    const cost = old.supplierPriceMinor;
    const floor = floorPrice(cost, rules);
    if (sku.salePriceMinor < floor) {
      throw new BelowMarginFloor(
        index,
        `SKU ${sku.skuId} would sell below the margin floor: at least ${toDecimalText(floor)} ${input.product.currency} (cost ${toDecimalText(cost)} plus ${rules.minMarginPercent}%).`,
      );
    }
    let overridden = old.priceOverridden;
    if (sku.salePriceMinor !== old.salePriceMinor && rates.has(input.product.currency)) {
      const ruled = priceFromCost(cost, input.product.currency, rules, rates);
      overridden = sku.salePriceMinor !== ruled;
      if (overridden) {
        overrides.push(
          `${input.product.title} (SKU ${sku.skuId}): ${toDecimalText(old.salePriceMinor)} → ${toDecimalText(sku.salePriceMinor)} ${input.product.currency} by hand; the rules price it at ${toDecimalText(ruled)}.`,
        );
      }
    }
    await db
      .update(productSkus)
      .set({ supplierPriceMinor: cost, priceOverridden: overridden })
      .where(eq(productSkus.id, sku.id));
  }
  for (const message of overrides)
    await logOverride(db, { productId: input.product.id, message, by: input.by });
  return overrides;
}

/** The lowest supplier cost of each imported product named: the margin floor of its card price. */
export async function lowestCosts(db: Database, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const found = await db
    .select({ productId: productSkus.productId, cost: min(productSkus.supplierPriceMinor) })
    .from(productSkus)
    .where(inArray(productSkus.productId, productIds))
    .groupBy(productSkus.productId);
  return new Map(found.flatMap((row) => (row.cost === null ? [] : [[row.productId, row.cost] as const])));
}
