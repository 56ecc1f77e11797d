import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import { readPricingRules, refreshPriceSortKeys, repriceImported } from '../../modules/pricing/index.ts';
import { insertNormalizedProduct } from '../../modules/products/products.repository.ts';
import { loadRates } from '../../money/money.ts';
import type { Database } from '../client.ts';
import {
  admins,
  currencyRates,
  customers,
  disputes,
  orders,
  productSkus,
  products,
  reviews,
  siteVisits,
  storeSettings,
  stores,
} from '../schema.ts';
import { SHOPPERS, STAFF } from './accounts.ts';
import { buildSeedCatalogue, type SeedProduct, STORES, type StoreKey } from './catalogue.ts';
import { CURRENCY_RATES } from './currencies.ts';
import type { ShopperKey } from './orders.ts';
import { seedActivityLog, seedContent, seedTraffic } from './seed-content-activity.ts';
import { HOUR, type SeedContext } from './seed-context.ts';
import { seedDisputes, seedOrders } from './seed-orders.ts';
import { seedShopperActivity } from './seed-shopper-activity.ts';

export interface SeedOptions {
  /** Origin the server is reached at; picture addresses are built on it. */
  publicUrl: string;
  /** The moment "now" for the relative dates of orders, disputes and visits. */
  now?: Date;
}

export type SeedResult = { seeded: false } | { seeded: true; counts: Record<string, number> };

/**
 * Fills an empty database with demo data (docs/conventions.md names the sign-ins) in one transaction.
 * A database that already holds accounts or products is left alone, so running it twice adds nothing; an
 * advisory lock keeps two instances starting together from both seeding.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

  // The slow parts (password hashing, reading the fixture catalogue) happen before the transaction opens.
  const [staff, shoppers, catalogue] = await Promise.all([
    Promise.all(
      STAFF.map(async ({ password, ...admin }) => ({ ...admin, passwordHash: await hashPassword(password) })),
    ),
    Promise.all(
      SHOPPERS.map(async ({ password, ...customer }) => ({
        ...customer,
        passwordHash: await hashPassword(password),
      })),
    ),
    buildSeedCatalogue(options.publicUrl),
  ]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:seed-demo-data'))`);
    for (const table of [admins, customers, products]) {
      const [any] = await tx.select({ one: sql`1` }).from(table).limit(1);
      if (any) return { seeded: false } as const;
    }

    // Accounts, spread over the last two months so "new this month" figures have something to show.
    const adminRows = await tx
      .insert(admins)
      .values(staff.map((admin, index) => ({ ...admin, createdAt: ago((60 - index * 5) * 24) })))
      .returning();
    const customerRows = await tx
      .insert(customers)
      .values(shoppers.map((customer, index) => ({ ...customer, createdAt: ago((45 - index * 15) * 24) })))
      .returning();
    const customerByKey = (key: ShopperKey) => {
      const row = customerRows.find((c) => c.username === key);
      if (!row) throw new Error(`seed shopper ${key} missing`);
      return row;
    };
    const adminByName = (name: string) => adminRows.find((a) => a.name === name);

    await tx.insert(currencyRates).values(CURRENCY_RATES.map((rate) => ({ ...rate, updatedAt: ago(6) })));
    // Two of the store's markets show prices with their tax in them, as shoppers there expect; other countries
    // keep the default tax, added at checkout.
    const taxRules = [
      { country: 'ES', basisPoints: 2100, inclusive: true, label: 'IVA' },
      { country: 'IN', basisPoints: 1800, inclusive: true, label: 'GST' },
    ];
    // A dropshipping store charges each supplier service's fee, as the product page quotes it.
    // Cash on delivery where shoppers expect it, with a small fee and a ceiling on what a courier carries.
    const demoSettings = {
      taxRules,
      deliveryPolicy: 'supplier' as const,
      codEnabled: true,
      codCountries: ['BD', 'IN'],
      codFeeUsdMinor: 1_00,
      codMaxOrderUsdMinor: 300_00,
    };
    await tx
      .insert(storeSettings)
      .values({ id: 1, ...demoSettings })
      .onConflictDoUpdate({ target: storeSettings.id, set: demoSettings });

    const storeKeys = Object.keys(STORES) as StoreKey[];
    const storeRows = await tx
      .insert(stores)
      .values(
        await Promise.all(
          storeKeys.map(async (key) => {
            const { password, ...store } = STORES[key];
            const passwordHash = password ? await hashPassword(password) : null;
            return { ...store, passwordHash, createdAt: ago(90 * 24) };
          }),
        ),
      )
      .returning();
    const storeId = (key: StoreKey) => {
      const row = storeRows[storeKeys.indexOf(key)];
      if (!row) throw new Error(`seed store ${key} missing`);
      return row.id;
    };

    // Products, newest first in the order listed, a day and a half apart.
    const productByKey = new Map<string, { id: string; seed: SeedProduct }>();
    for (const [index, item] of catalogue.entries()) {
      const { store, ...fields } = item.fields;
      const row = await insertNormalizedProduct(tx, item.normalized, {
        ...fields,
        storeId: store ? storeId(store) : null,
        createdAt: ago(index * 36 + 2),
      });
      productByKey.set(item.key, { id: row.id, seed: item });
    }
    // The imported items' supplier costs are the marketplace's prices (as the fixture marketplace offers them, so a
    // sync finds nothing moved); the store sells them at the prices the store's markup makes from those costs, as
    // an import from the integration screen is priced, so the demo's margins are real.
    await tx.execute(sql`
      update product_skus s set supplier_price_minor = s.sale_price_minor
      from products p where p.id = s.product_id and p.source = 'aliexpress'`);
    await repriceImported(tx, await readPricingRules(tx), await loadRates(tx));
    // Products written after their rates already sort right: the rates' marks are cleared, not left to a start.
    await refreshPriceSortKeys(tx);
    // Priced as they were imported: repricing's "updated now" would date them by the clock, not by `now`.
    await tx.execute(sql`update products set updated_at = created_at where source = 'aliexpress'`);
    const storePrices = new Map(
      (
        await tx
          .select({
            productId: productSkus.productId,
            skuId: productSkus.skuId,
            sale: productSkus.salePriceMinor,
          })
          .from(productSkus)
      ).map((sku) => [`${sku.productId}:${sku.skuId}`, sku.sale]),
    );
    const product = (key: string) => {
      const found = productByKey.get(key);
      if (!found) throw new Error(`seed product ${key} missing`);
      return found;
    };

    const context: SeedContext = { now, ago, customerByKey, adminByName, storeId, product };
    const orderByRef = await seedOrders(tx, context, storePrices);
    await seedDisputes(tx, context, orderByRef);
    await seedShopperActivity(tx, context);
    await seedContent(tx, context);
    await seedActivityLog(tx, context, orderByRef);
    await seedTraffic(tx, context);

    const tables = {
      admins,
      customers,
      stores,
      products,
      orders,
      disputes,
      reviews,
      currencyRates,
      siteVisits,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await tx.select({ n: count() }).from(table);
      counts[name] = row?.n ?? 0;
    }
    return { seeded: true, counts } as const;
  });
}
