import { count, eq, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RULES, priceFromCost } from '../../modules/pricing/pricing.rules.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { TEST_PUBLIC_URL } from '../../test/test-config.ts';
import * as schema from '../schema.ts';
import { seedDemoData } from './seed-demo-data.ts';

const tables = Object.entries(schema as Record<string, unknown>).filter((entry): entry is [string, PgTable] =>
  is(entry[1], PgTable),
);

describe('demo data', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function tableCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [name, table] of tables) {
      const [row] = await db().select({ n: count() }).from(table);
      counts[name] = row?.n ?? 0;
    }
    return counts;
  }

  it('fills an empty database', async () => {
    const result = await seedDemoData(db(), { publicUrl: TEST_PUBLIC_URL, now });
    expect(result.seeded).toBe(true);
  });

  it('holds the conventions’ accounts and staff with narrower roles', async () => {
    const staff = await db().select().from(schema.admins);
    expect(staff.map((a) => a.role).sort()).toEqual(['Editor', 'Manager', 'SuperAdmin', 'Support']);
    expect(staff.find((a) => a.email === 'admin@example.com')).toMatchObject({
      name: 'Store Admin',
      role: 'SuperAdmin',
      permissions: [...schema.ADMIN_PERMISSIONS],
    });
    const shoppers = await db().select().from(schema.customers);
    expect(shoppers.find((c) => c.email === 'shopper@example.com')).toMatchObject({
      username: 'shopper',
      name: 'Demo Shopper',
    });
    expect(shoppers.length).toBeGreaterThanOrEqual(2);
  });

  it('holds a catalogue of every source and status, with figures matching the SKUs', async () => {
    const products = await db().select().from(schema.products);
    const skus = await db().select().from(schema.productSkus);
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(new Set(products.map((p) => p.source))).toEqual(new Set(['aliexpress', 'manual', 'vendor']));
    expect(new Set(products.map((p) => p.status))).toEqual(
      new Set(['published', 'draft', 'out_of_stock', 'disabled']),
    );

    for (const product of products) {
      const own = skus.filter((s) => s.productId === product.id);
      expect(product.stock, product.title).toBe(own.reduce((sum, s) => sum + s.stock, 0));
      if (product.status === 'out_of_stock') expect(product.stock, product.title).toBe(0);
      const inStock = own.filter((s) => s.stock > 0);
      const prices = (inStock.length > 0 ? inStock : own).map((s) => s.salePriceMinor);
      expect(product.priceMinor, product.title).toBe(prices.length > 0 ? Math.min(...prices) : 0);
      if (product.source === 'aliexpress') {
        expect(product.images.every((url) => url.startsWith(`${TEST_PUBLIC_URL}/media/marketplace/`))).toBe(
          true,
        );
      }
    }
    const unparsable = products.filter((p) => {
      try {
        JSON.parse(p.logText);
        return false;
      } catch {
        return true;
      }
    });
    expect(unparsable).toHaveLength(1);
  });

  it('sells imported items at the store markup over their supplier cost, and prices its orders so', async () => {
    const rates = new Map((await db().select().from(schema.currencyRates)).map((r) => [r.code, r.rate]));
    const imported = await db()
      .select({ sku: schema.productSkus, currency: schema.products.currency })
      .from(schema.productSkus)
      .innerJoin(schema.products, eq(schema.products.id, schema.productSkus.productId))
      .where(eq(schema.products.source, 'aliexpress'));
    expect(imported.length).toBeGreaterThan(0);
    for (const { sku, currency } of imported) {
      if (sku.supplierPriceMinor === null) throw new Error(`SKU ${sku.skuId} has no cost`);
      expect(sku.salePriceMinor, sku.skuId).toBe(
        priceFromCost(sku.supplierPriceMinor, currency, DEFAULT_PRICING_RULES, rates),
      );
      expect(sku.salePriceMinor, sku.skuId).toBeGreaterThan(sku.supplierPriceMinor);
    }
    const sale = new Map(imported.map(({ sku }) => [`${sku.productId}:${sku.skuId}`, sku.salePriceMinor]));
    const usdLines = await db()
      .select({ line: schema.orderItems })
      .from(schema.orderItems)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderItems.orderId))
      .where(eq(schema.orders.currency, 'USD'));
    const importedLines = usdLines.filter(({ line }) => sale.has(`${line.productId}:${line.skuId}`));
    expect(importedLines.length).toBeGreaterThan(0);
    for (const { line } of importedLines) {
      expect(line.unitPriceMinor, line.name).toBe(sale.get(`${line.productId}:${line.skuId}`));
    }
  });

  it('holds rates for every storefront currency and INR', async () => {
    const rates = await db().select().from(schema.currencyRates);
    expect(rates.map((r) => r.code).sort()).toEqual(
      'AED ARS AUD BDT BGN BRL CAD CHF CZK DKK EUR GBP HUF ILS INR MXN NOK NZD PLN RON SEK TRY USD ZAR'.split(
        ' ',
      ),
    );
  });

  it('holds recent orders in several statuses and channels with consistent totals', async () => {
    const orders = await db().select().from(schema.orders);
    const items = await db().select().from(schema.orderItems);
    const history = await db().select().from(schema.orderStatusHistory);
    expect(orders.length).toBeGreaterThanOrEqual(6);
    expect(orders.length).toBeLessThanOrEqual(10);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(orders.map((o) => o.channel))).toEqual(new Set(['b2c', 'd2c', 'b2b']));
    expect(new Set(orders.map((o) => o.customerId)).size).toBe(2);
    for (const order of orders) {
      expect(now.getTime() - order.createdAt.getTime()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
      expect(order.orderNumber).toMatch(/^ORD-\d{8}-\d{4}$/);
      const lines = items.filter((i) => i.orderId === order.id);
      expect(lines.length).toBeGreaterThan(0);
      expect(order.itemsMinor).toBe(lines.reduce((sum, l) => sum + l.lineTotalMinor, 0));
      expect(order.totalMinor).toBe(order.itemsMinor + order.shippingMinor + order.taxMinor);
      const steps = history
        .filter((h) => h.orderId === order.id)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      expect(steps[0]?.status).toBe('Placed');
      expect(steps.at(-1)?.status).toBe(order.status);
    }
  });

  it('holds disputes in several statuses, each with its thread', async () => {
    const disputes = await db().select().from(schema.disputes);
    const messages = await db().select().from(schema.disputeMessages);
    expect(disputes.length).toBeGreaterThanOrEqual(3);
    expect(disputes.length).toBeLessThanOrEqual(4);
    expect(new Set(disputes.map((d) => d.status)).size).toBeGreaterThanOrEqual(3);
    for (const dispute of disputes) {
      expect(messages.some((m) => m.disputeId === dispute.id)).toBe(true);
    }
    const resolved = disputes.filter((d) => d.status === 'resolved');
    expect(resolved.every((d) => d.resolutionAction !== null && d.resolvedAt !== null)).toBe(true);
    // Disputes awaiting support carry the response clock, and one has run past the promised 48 hours.
    expect(resolved.every((d) => d.waitingSince === null)).toBe(true);
    const waiting = disputes.filter((d) => d.waitingSince !== null);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(waiting.some((d) => now.getTime() - (d.waitingSince?.getTime() ?? 0) > 48 * 3_600_000)).toBe(true);
  });

  it('holds reviews, wishlists, follows, activity and traffic', async () => {
    const counts = await tableCounts();
    for (const name of [
      'reviews',
      'wishlistEntries',
      'storeFollows',
      'activityLog',
      'siteVisits',
      'stores',
    ]) {
      expect(counts[name], name).toBeGreaterThan(0);
    }
    expect(counts.stores).toBeGreaterThanOrEqual(3);
    expect(counts.stores).toBeLessThanOrEqual(4);
  });

  it('adds nothing when run again', async () => {
    const before = await tableCounts();
    expect(await seedDemoData(db(), { publicUrl: TEST_PUBLIC_URL })).toEqual({ seeded: false });
    expect(await tableCounts()).toEqual(before);
  });

  it('leaves a database with its own accounts alone', async () => {
    const other = await createTestDatabase();
    try {
      await other.handle.db.insert(schema.customers).values({
        username: 'only-one',
        email: 'only-one@example.org',
        name: 'Only One',
        passwordHash: 'x',
      });
      expect(await seedDemoData(other.handle.db, { publicUrl: TEST_PUBLIC_URL })).toEqual({ seeded: false });
      const [products] = await other.handle.db.select({ n: count() }).from(schema.products);
      expect(products?.n).toBe(0);
    } finally {
      await other.drop();
    }
  });
});
