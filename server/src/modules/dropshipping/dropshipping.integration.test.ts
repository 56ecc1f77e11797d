import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type DatabaseHandle } from '../../db/client.ts';
import { productSkus, products, storeSettings } from '../../db/schema.ts';
import { startJobQueue } from '../../jobs/job-queue.ts';
import { basisPointsOf } from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from '../marketplace/aliexpress-stand-in.ts';
import { createFixtureMarketplace } from '../marketplace/fixture-marketplace.ts';
import { marketplaceSyncJob } from './dropshipping.sync.ts';

// Fixture items the demo catalogue has not imported.
const NEW_ITEM = '1005006209875364';
const OTHER_ITEM = '1005006264390851';
const UNKNOWN = '1005000000000001';
const quiet = { info: () => {}, warn: () => {} };

interface ImportResult {
  id: string;
  outcome: string;
  message: string;
  productId: string | null;
  title: string | null;
}

describe('AliExpress Integration', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null = admin,
    payload?: object,
  ) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  it('is for staff with the products permission only', async () => {
    const shopper = (await registerShopper(t.app)).token;
    const noProducts = await limitedStaffToken(t.app, t.db, ['orders', 'settings']);
    const operations: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['GET', '/api/marketplace/status'],
      ['POST', '/api/marketplace/import', { ids: [NEW_ITEM] }],
      ['GET', '/api/marketplace/sync'],
      ['PUT', '/api/marketplace/sync', { enabled: true }],
      ['POST', '/api/marketplace/sync/run'],
      ['GET', '/api/marketplace/log'],
    ];
    for (const [method, url, body] of operations) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, shopper, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, noProducts, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.db.select().from(products).where(eq(products.productId, NEW_ITEM))).toHaveLength(0);
  });

  it('says the offline catalogue needs no connection', async () => {
    const status = await call('GET', '/api/marketplace/status');
    expect(status.statusCode).toBe(200);
    assertMatchesContract('getMarketplaceStatus', status);
    expect(status.json().data).toMatchObject({ provider: 'fixture', connected: true, token: null });
    expect(status.json().data.message).toMatch(/^Offline catalogue:/);
  });

  it('imports several ids at once, with a result for each', async () => {
    const first = await call('POST', '/api/marketplace/import', admin, {
      ids: [NEW_ITEM, UNKNOWN, OTHER_ITEM],
    });
    expect(first.statusCode).toBe(200);
    assertMatchesContract('importMarketplaceProducts', first);
    const results = first.json<{ data: ImportResult[] }>().data;
    expect(results.map((result) => [result.id, result.outcome])).toEqual([
      [NEW_ITEM, 'created'],
      [UNKNOWN, 'failed'],
      [OTHER_ITEM, 'created'],
    ]);
    expect(results[1]?.message).toBe('No product data found. Please check the Product ID and try again.');
    const [imported] = await t.db.select().from(products).where(eq(products.productId, NEW_ITEM));
    expect(imported).toMatchObject({ source: 'aliexpress', status: 'draft', id: results[0]?.productId });
    const skus = await t.db
      .select()
      .from(productSkus)
      .where(eq(productSkus.productId, imported?.id ?? ''));
    expect(skus.length).toBeGreaterThan(0);
    // The marketplace's prices are kept as the supplier's costs; the store's are the rules' (10% markup).
    expect(
      skus.every(
        (sku) =>
          sku.supplierPriceMinor !== null &&
          sku.salePriceMinor === sku.supplierPriceMinor + basisPointsOf(sku.supplierPriceMinor, 1000),
      ),
    ).toBe(true);

    const again = await call('POST', '/api/marketplace/import', admin, { ids: [NEW_ITEM] });
    expect(again.json<{ data: ImportResult[] }>().data[0]).toMatchObject({
      outcome: 'updated',
      productId: imported?.id,
    });

    for (const bad of [
      { ids: [] },
      { ids: ['abc'] },
      { ids: Array(51).fill(NEW_ITEM) },
      { ids: [NEW_ITEM], status: 'x' },
    ]) {
      expect((await call('POST', '/api/marketplace/import', admin, bad)).statusCode).toBe(400);
    }
  });

  it('quotes freight for an imported draft to staff, never to shoppers', async () => {
    const [draft] = await t.db.select().from(products).where(eq(products.productId, NEW_ITEM));
    const [sku] = await t.db
      .select()
      .from(productSkus)
      .where(eq(productSkus.productId, draft?.id ?? ''));
    expect(draft?.status).toBe('draft');
    const quote = (token: string | null) =>
      call('POST', '/api/logistic', token, {
        product_id: NEW_ITEM,
        sku_id: sku?.skuId,
        country: 'BD',
        quantity: 1,
      });
    const staff = await quote(admin);
    expect(staff.statusCode).toBe(200);
    assertMatchesContract('getDeliveryOptions', staff);
    expect(staff.json().data.freight_data.delivery_option_d_t_o.length).toBeGreaterThan(0);
    const shopper = await quote(null);
    expect(shopper.json().data.freight_data.delivery_option_d_t_o).toEqual([]);
    const withoutProducts = await quote(await limitedStaffToken(t.app, t.db, ['orders']));
    expect(withoutProducts.json().data.freight_data.delivery_option_d_t_o).toEqual([]);
  });

  it('syncs stock and supplier prices, flags price drift and takes withdrawn products off sale', async () => {
    const [imported] = await t.db.select().from(products).where(eq(products.productId, NEW_ITEM));
    if (!imported) throw new Error('imported above');
    const [sku] = await t.db
      .select()
      .from(productSkus)
      .where(eq(productSkus.productId, imported.id))
      .limit(1);
    if (!sku) throw new Error('no SKU');
    const supplierStock = sku.stock;
    const cost = sku.supplierPriceMinor;
    // Stock sold out and the price cut to half; the supplier's price is not known yet.
    await t.db
      .update(productSkus)
      .set({ stock: 0, salePriceMinor: Math.round(sku.salePriceMinor / 2), supplierPriceMinor: null })
      .where(eq(productSkus.id, sku.id));
    // Another SKU staff priced by hand: repricing leaves it be.
    const [other] = await t.db
      .select()
      .from(productSkus)
      .where(and(eq(productSkus.productId, imported.id), ne(productSkus.id, sku.id)))
      .limit(1);
    if (other) {
      await t.db
        .update(productSkus)
        .set({ salePriceMinor: 1, supplierPriceMinor: null, priceOverridden: true })
        .where(eq(productSkus.id, other.id));
    }
    // An imported product the marketplace no longer sells.
    const [gone] = await t.db
      .insert(products)
      .values({
        productId: UNKNOWN,
        source: 'aliexpress',
        status: 'published',
        title: 'Withdrawn Lamp',
        stock: 3,
      })
      .returning();
    await t.db.insert(productSkus).values({
      productId: gone?.id ?? '',
      skuId: '12000000000000009',
      salePriceMinor: 500,
      priceMinor: 500,
      stock: 3,
    });

    const run = await call('POST', '/api/marketplace/sync/run');
    expect(run.statusCode).toBe(200);
    assertMatchesContract('runMarketplaceSync', run);
    const figures = run.json().data;
    expect(figures.withdrawn).toBe(1);
    expect(figures.drifted).toBeGreaterThanOrEqual(1);
    expect(figures.failed).toBe(0);

    const [synced] = await t.db.select().from(productSkus).where(eq(productSkus.id, sku.id));
    expect(synced?.stock).toBe(supplierStock);
    expect(synced?.supplierPriceMinor).toBe(cost);
    // The new cost reprices the SKU by the rules: back to the rule's price.
    expect(synced?.salePriceMinor).toBe(sku.salePriceMinor);
    if (other) {
      const [kept] = await t.db.select().from(productSkus).where(eq(productSkus.id, other.id));
      expect(kept).toMatchObject({ salePriceMinor: 1, supplierPriceMinor: other.supplierPriceMinor });
    }
    const [withdrawn] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, gone?.id ?? ''));
    expect(withdrawn).toMatchObject({ status: 'out_of_stock', stock: 0 });

    const alerts = await call('GET', '/api/admin/alerts');
    const messages = alerts.json<{ data: { message: string }[] }>().data.map((alert) => alert.message);
    expect(
      messages.some((message) => /supplier prices? ha(s|ve) moved beyond the drift threshold/.test(message)),
    ).toBe(true);

    const log = await call('GET', '/api/marketplace/log?limit=20');
    assertMatchesContract('listMarketplaceLog', log);
    const entries = log.json<{ data: { type: string; message: string }[] }>().data;
    expect(entries[0]).toMatchObject({ type: 'success' });
    expect(entries[0]?.message).toMatch(/^Synced \d+ of \d+ imported products:/);
    expect(
      entries.some((entry) => entry.type === 'warning' && /the supplier now asks/.test(entry.message)),
    ).toBe(true);
    expect(
      entries.some(
        (entry) =>
          entry.message === 'Withdrawn Lamp is no longer sold on AliExpress; it is out of stock now.',
      ),
    ).toBe(true);
  });

  it('keeps the auto-sync settings and says when it runs next', async () => {
    const initial = await call('GET', '/api/marketplace/sync');
    assertMatchesContract('getMarketplaceSync', initial);
    expect(initial.json().data).toMatchObject({
      enabled: false,
      frequency: 'daily',
      driftPercent: 10,
      nextSyncAt: null,
    });
    const last = initial.json().data.lastSyncAt as string;
    expect(last).toEqual(expect.any(String));

    for (const bad of [{ frequency: 'monthly' }, { driftPercent: 0 }, { driftPercent: 101 }, {}]) {
      expect((await call('PUT', '/api/marketplace/sync', admin, bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    const saved = await call('PUT', '/api/marketplace/sync', admin, { enabled: true, frequency: 'weekly' });
    expect(saved.statusCode).toBe(200);
    assertMatchesContract('updateMarketplaceSync', saved);
    expect(saved.json().data).toMatchObject({ enabled: true, frequency: 'weekly' });
    expect(Date.parse(saved.json().data.nextSyncAt) - Date.parse(last)).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('pages the log five at a time and exports it as CSV', async () => {
    const page1 = (await call('GET', '/api/marketplace/log')).json();
    expect(page1.data).toHaveLength(5);
    expect(page1.meta).toMatchObject({ page: 1, limit: 5 });
    const page2 = (await call('GET', '/api/marketplace/log?page=2')).json();
    expect(page2.data[0].id).not.toBe(page1.data[0].id);

    const csv = await call('GET', '/api/marketplace/log?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="marketplace-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,type,action,message');
    expect(lines.length - 1).toBe(page1.meta.total);
  });
});

describe('AliExpress Integration against the Open Platform (local stand-in)', () => {
  const credentials = { appKey: '512345', appSecret: 'a1b2c3-secret', accessToken: '50000801a2b3c4-token' };
  let standIn: AliExpressStandIn;
  beforeAll(async () => {
    standIn = await startAliExpressStandIn(credentials);
  });
  afterAll(() => standIn.close());

  it('checks the credentials and shows the token masked, with its expiry', async () => {
    const config = (appSecret: string) => ({
      marketplace: {
        provider: 'aliexpress' as const,
        aliexpress: {
          ...credentials,
          appSecret,
          apiUrl: standIn.url,
          accessTokenExpiresAt: '2027-01-31T00:00:00Z',
        },
      },
    });
    const good = await createTestApp({ seed: true, config: config(credentials.appSecret) });
    const wrong = await createTestApp({ seed: true, config: config('not-the-secret') });
    try {
      const status = await good.app.inject({
        method: 'GET',
        url: '/api/marketplace/status',
        headers: bearer(await demoAdminToken(good.app)),
      });
      assertMatchesContract('getMarketplaceStatus', status);
      expect(status.json().data).toMatchObject({
        provider: 'aliexpress',
        connected: true,
        message: 'Connected to the AliExpress Open Platform.',
        token: { masked: '••••••••oken', expiresAt: '2027-01-31T00:00:00Z' },
      });
      const refused = await wrong.app.inject({
        method: 'GET',
        url: '/api/marketplace/status',
        headers: bearer(await demoAdminToken(wrong.app)),
      });
      expect(refused.json().data).toMatchObject({ provider: 'aliexpress', connected: false });
      expect(refused.json().data.message).toMatch(/^The credentials were refused:/);
    } finally {
      await good.close();
      await wrong.close();
    }
  });
});

describe('scheduled auto-sync', () => {
  it('is run by the job queue after a restart', async () => {
    const database = await createTestDatabase({ seed: true });
    const other: DatabaseHandle = database.url
      ? createPostgresDatabase(database.url, { max: 2 })
      : database.handle;
    const db = database.handle.db;
    const marketplace = createFixtureMarketplace({ publicUrl: 'http://localhost:3000' });
    try {
      await db.update(storeSettings).set({ marketplaceSyncEnabled: true, marketplaceLastSyncAt: null });
      const [imported] = await db.select().from(products).where(eq(products.source, 'aliexpress')).limit(1);
      if (!imported) throw new Error('the demo catalogue has no imported product');
      await db.update(productSkus).set({ stock: 0 }).where(eq(productSkus.productId, imported.id));

      // An instance enqueues the run and stops before working on it, as one restarting would.
      const before = await startJobQueue(database.handle, [marketplaceSyncJob({ db, marketplace })], {
        log: quiet,
        pollingIntervalSeconds: 3600,
        schedule: false,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await before.send('marketplace.sync');
      await before.stop();
      const [untouched] = await db.select().from(storeSettings);
      expect(untouched?.marketplaceLastSyncAt).toBeNull();

      const after = await startJobQueue(other, [marketplaceSyncJob({ db: other.db, marketplace })], {
        log: quiet,
        pollingIntervalSeconds: 0.5,
        schedule: false,
      });
      try {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const [settings] = await db.select().from(storeSettings);
          if (settings?.marketplaceLastSyncAt) break;
          if (Date.now() > deadline) throw new Error('the sync never ran');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await after.stop();
      }
      const skus = await db
        .select()
        .from(productSkus)
        .where(and(eq(productSkus.productId, imported.id)));
      expect(skus.some((sku) => sku.stock > 0)).toBe(true);
    } finally {
      if (other !== database.handle) await other.close();
      await database.drop();
    }
  });
});
