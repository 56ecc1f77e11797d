import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSkus, products } from '../../db/schema.ts';
import type { OperationId } from '../../http/contract-types.ts';
import { MESSAGES } from '../../http/errors.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm } from '../../test/multipart.ts';
import { pngDeclaring } from '../../test/pictures.ts';
import { bearer, createStaff, demoAdminToken, loginStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from '../marketplace/aliexpress-stand-in.ts';
import { createFixtureMarketplace } from '../marketplace/fixture-marketplace.ts';
import { UPLOADS_FOLDER } from '../media/media.files.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { createPaymentProvider } from '../payments/create-payment-provider.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { createRefund } from '../refunds/refunds.repository.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A test-only trigger: activity rows of the actions listed in `audit_refusals` are refused. */
async function letLogRefuse(t: TestApp) {
  await t.database.execute(`
    create table audit_refusals (action text primary key);
    create function refuse_listed_activity() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from audit_refusals where action = new.action) then
        raise exception 'activity log entry refused: %', new.action;
      end if;
      return new;
    end $$;
    create trigger refuse_listed_activity before insert on activity_log
      for each row execute function refuse_listed_activity();
  `);
}

/** Runs `attempt` while the log refuses `action`'s entries. */
async function refusingLog(t: TestApp, action: string, attempt: () => Promise<Answer>): Promise<Answer> {
  await t.database.execute('insert into audit_refusals (action) values ($1)', [action]);
  try {
    return await attempt();
  } finally {
    await t.database.execute('delete from audit_refusals where action = $1', [action]);
  }
}

/** The generic error envelope: the client learns the change failed, nothing about why. */
function expectFailedWhole(operationId: OperationId, response: Answer) {
  expect(response.statusCode, response.body).toBe(500);
  assertMatchesContract(operationId, response);
  expect(response.json()).toEqual({ success: false, code: 'INTERNAL_ERROR', message: MESSAGES.internal });
}

/**
 * A staff change and its activity entry are stored together or not at all. A trigger on this test database
 * refuses the activity rows of the actions listed in `audit_refusals` (as a log write can fail in production:
 * a value PostgreSQL will not store, a full disk), so each change can be tried once with its log refused and
 * once without.
 */
describe('a staff change and its activity entry', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    await letLogRefuse(t);
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const withLogRefusing = (action: string, attempt: () => Promise<Answer>) => refusingLog(t, action, attempt);

  /** The log's entries of one action, as the activity screen lists them. */
  async function entries(action: string) {
    const response = await call('GET', `/admin/activity?action=${encodeURIComponent(action)}&limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: Array<{
        target: string | null;
        details: string;
        changes: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
      }>;
    }>().data;
  }

  it('creates no media folder when its entry cannot be written (POST /media/folders)', async () => {
    const name = 'Audit Trail Folder';
    const folders = async () =>
      (await call('GET', '/media/folders')).json<{ data: Array<{ id: string; name: string }> }>().data;

    const refused = await withLogRefusing('media.folder.create', () =>
      call('POST', '/media/folders', { name }),
    );
    expectFailedWhole('createMediaFolder', refused);
    expect((await folders()).map((folder) => folder.name)).not.toContain(name);

    const created = await call('POST', '/media/folders', { name });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect((await folders()).map((folder) => folder.name)).toContain(name);
    expect((await entries('media.folder.create')).map((entry) => entry.target)).toContain(
      `media-folder:${id}`,
    );
  });

  it('keeps no uploaded file when its entry cannot be written (POST /media/files)', async () => {
    const folder = (await call('POST', '/media/folders', { name: 'Audit Uploads' })).json<{
      data: { id: string };
    }>().data.id;
    const files = async () =>
      (await call('GET', `/media/files?folder=${folder}`)).json<{ meta: { total: number } }>().meta.total;
    const form = multipartForm({ name: 'banner.png', type: 'image/png', bytes: pngDeclaring(2, 2) });
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/media/files?folder=${folder}`,
        headers: { ...bearer(admin), ...form.headers },
        payload: form.payload,
      });

    const stored = () => readdirSync(join(t.config.dataDir, UPLOADS_FOLDER));
    const before = stored();
    const refused = await withLogRefusing('media.upload', upload);
    expectFailedWhole('uploadMediaFile', refused);
    expect(await files()).toBe(0);
    // Nor its bytes: the stored file was removed again.
    expect(stored()).toEqual(before);

    const kept = await upload();
    expect(kept.statusCode, kept.body).toBe(201);
    expect(await files()).toBe(1);
  });

  it('keeps the media and courier settings when the entry of their save cannot be written', async () => {
    const media = async () => (await call('GET', '/media/settings')).json<{ data: unknown }>().data;
    const mediaBefore = await media();
    const cdn = { cdnEnabled: true, cdnBaseUrl: 'https://cdn.example.com' };
    expectFailedWhole(
      'updateMediaSettings',
      await withLogRefusing('media.cdn', () => call('PUT', '/media/settings', cdn)),
    );
    expect(await media()).toEqual(mediaBefore);
    expect((await call('PUT', '/media/settings', cdn)).statusCode).toBe(200);
    expect(await media()).toEqual(cdn);

    const courier = async () =>
      (await call('GET', '/couriers/settings')).json<{ data: { endpoint: string | null } }>().data.endpoint;
    const before = await courier();
    const settings = { endpoint: 'https://tracking.example.com/api', apiKey: 'courier-key-123456' };
    expectFailedWhole(
      'updateCourierSettings',
      await withLogRefusing('courier.settings', () => call('PUT', '/couriers/settings', settings)),
    );
    expect(await courier()).toBe(before);
    expect((await call('PUT', '/couriers/settings', settings)).statusCode).toBe(200);
    expect(await courier()).toBe(settings.endpoint);
  });

  it('adds no factory when its entry cannot be written (POST /d2c/factories)', async () => {
    const factory = { name: 'Audit Works', email: 'audit-works@example.com' };
    const listed = async () =>
      (await call('GET', `/d2c/factories?q=${encodeURIComponent(factory.name)}`)).json<{
        meta: { total: number };
      }>().meta.total;

    const refused = await withLogRefusing('factory.create', () => call('POST', '/d2c/factories', factory));
    expectFailedWhole('createFactory', refused);
    expect(await listed()).toBe(0);

    const created = await call('POST', '/d2c/factories', factory);
    expect(created.statusCode, created.body).toBe(201);
    expect(await listed()).toBe(1);
    const id = created.json<{ data: { _id: string } }>().data._id;
    expect((await entries('factory.create')).map((entry) => entry.target)).toContain(`store:${id}`);
  });

  it('keeps a product as it was when the entry of its edit cannot be written', async () => {
    const product = await insertTestProduct(t.db, {
      title: 'Audit Mug',
      skus: [{ skuId: '9000000400101', salePriceMinor: 9_99, stock: 12 }],
    });
    const edit = {
      title: 'Audit Mug, Large',
      description: '<p>Stoneware.</p>',
      categoryId: 152401,
      currency: 'USD',
      status: 'published',
      images: [
        {
          url: 'http://localhost:3000/media/uploads/mug.png',
          name: 'mug.png',
          size: 1024,
          isDefault: true,
          order: 0,
        },
      ],
      skus: [
        {
          sku_id: '9000000400101',
          sku_attr: '',
          offer_sale_price: '12.99',
          sku_price: '14.99',
          sku_available_stock: 12,
          ae_sku_property_dtos: { ae_sku_property_d_t_o: [] },
        },
      ],
    };
    const title = async () =>
      (await call('GET', `/product/${product.id}?currency=USD`)).json<{ data: { name: string } }>().data.name;

    const refused = await withLogRefusing('product.update', () =>
      call('PUT', `/product/${product.id}`, edit),
    );
    expectFailedWhole('updateProduct', refused);
    expect(await title()).toBe('Audit Mug');

    const saved = await call('PUT', `/product/${product.id}`, edit);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await title()).toBe('Audit Mug, Large');
    expect((await entries('product.update')).map((entry) => entry.target)).toContain(`product:${product.id}`);
  });

  it('keeps the store settings when the entry of their save cannot be written', async () => {
    const settings = async () =>
      (await call('GET', '/settings/store')).json<{ data: { storeName: string; taxRate: number } }>().data;
    const before = await settings();

    const refused = await withLogRefusing('settings.update', () =>
      call('PUT', '/settings/store', { storeName: 'Audited Shop', taxRate: 12.5 }),
    );
    expectFailedWhole('updateStoreSettings', refused);
    expect(await settings()).toMatchObject({ storeName: before.storeName, taxRate: before.taxRate });

    const saved = await call('PUT', '/settings/store', { storeName: 'Audited Shop', taxRate: 12.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await settings()).toMatchObject({ storeName: 'Audited Shop', taxRate: 12.5 });
    expect((await entries('settings.update'))[0]?.changes?.after).toMatchObject({
      storeName: 'Audited Shop',
    });
  });

  it('starts no campaign when its entry cannot be written', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const campaign = {
      name: 'Audit Flash Sale',
      type: 'percentage',
      value: 15,
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    };
    const listed = async () =>
      (await call('GET', `/campaigns?q=${encodeURIComponent(campaign.name)}`)).json<{
        meta: { total: number };
      }>().meta.total;

    const refused = await withLogRefusing('campaign.create', () => call('POST', '/campaigns', campaign));
    expectFailedWhole('createCampaign', refused);
    expect(await listed()).toBe(0);

    const created = await call('POST', '/campaigns', campaign);
    expect(created.statusCode, created.body).toBe(201);
    expect(await listed()).toBe(1);
    const id = created.json<{ data: { _id: string } }>().data._id;
    expect((await entries('campaign.create')).map((entry) => entry.target)).toContain(`campaign:${id}`);
  });

  it('pays no refund back when the entry of its processing cannot be written', async () => {
    // Paid by card through the store's own (offline) provider, so processing pays it back through the provider.
    const charge = await createPaymentProvider({ provider: 'offline' }).charge({
      method: 'PayPal',
      amountMinor: 40_00,
      currency: 'USD',
      reference: 'ORD-AUDIT',
    });
    if (charge.status !== 'paid') throw new Error('the test charge was declined');
    const order = await insertTestOrder(t.db, { totalMinor: 40_00, paymentRef: charge.gatewayRef });
    // Pending, as a cancellation leaves it when the provider is down.
    const { refund } = await createRefund(t.db, {
      orderRef: order.id,
      amountMinor: 15_00,
      reason: 'Chipped rim',
      createdBy: 'Store Admin',
    });
    const status = async () =>
      (await call('GET', '/refunds?limit=100'))
        .json<{ data: Array<{ _id: string; status: string; gatewayRef: string | null }> }>()
        .data.find((row) => row._id === refund.id);

    const refused = await withLogRefusing('refund.process', () =>
      call('POST', `/refunds/${refund.id}/process`),
    );
    expectFailedWhole('processRefund', refused);
    expect(await status()).toMatchObject({ status: 'Pending', gatewayRef: null });

    const processed = await call('POST', `/refunds/${refund.id}/process`);
    expect(processed.statusCode, processed.body).toBe(200);
    const gatewayRef = processed.json<{ data: { gatewayRef: string } }>().data.gatewayRef;
    expect(gatewayRef).toMatch(/^re_/);
    expect(await status()).toMatchObject({ status: 'Completed', gatewayRef });
    // Written before the money moved, completed with the provider's reference once it had.
    const [entry] = (await entries('refund.process')).filter(
      (row) => row.target === `order:${order.orderNumber}`,
    );
    expect(entry?.details).toContain(gatewayRef);
  });

  it('records and pays back no refund when the entry of its one-step refund cannot be written', async () => {
    const charge = await createPaymentProvider({ provider: 'offline' }).charge({
      method: 'PayPal',
      amountMinor: 30_00,
      currency: 'USD',
      reference: 'ORD-AUDIT-2',
    });
    if (charge.status !== 'paid') throw new Error('the test charge was declined');
    const order = await insertTestOrder(t.db, { totalMinor: 30_00, paymentRef: charge.gatewayRef });
    const asked = { amount: 10, reason: 'Dented box' };
    const refused = await withLogRefusing('refund.create', () =>
      call('POST', `/orders/${order.id}/refunds`, asked),
    );
    expectFailedWhole('createRefund', refused);
    const afterRefusal = await call('GET', `/orders/${order.id}`);
    expect(afterRefusal.json()).toMatchObject({
      data: { refunds: [], refunded: 0, payment: { status: 'Paid' } },
    });

    const refunded = await call('POST', `/orders/${order.id}/refunds`, asked);
    expect(refunded.statusCode, refunded.body).toBe(201);
    const gatewayRef = refunded.json<{ data: { gatewayRef: string } }>().data.gatewayRef;
    expect(gatewayRef).toMatch(/^re_/);
    const [entry] = (await entries('refund.create')).filter(
      (row) => row.target === `order:${order.orderNumber}`,
    );
    expect(entry?.details).toContain(gatewayRef);
  });

  it('keeps no report when the entry of its generation cannot be written', async () => {
    const asked = { type: 'sales-by-country', from: '2026-10-01', to: '2026-10-31' };
    const reports = async () =>
      (await call('GET', '/analytics/reports?limit=100')).json<{ data: Array<{ id: string }> }>().data;
    const before = await reports();

    const refused = await withLogRefusing('report.generate', () => call('POST', '/analytics/reports', asked));
    expectFailedWhole('generateReport', refused);
    expect(await reports()).toEqual(before);

    const generated = await call('POST', '/analytics/reports', asked);
    expect(generated.statusCode, generated.body).toBe(201);
    const id = generated.json<{ data: { id: string } }>().data.id;
    expect((await reports()).map((report) => report.id)).toContain(id);
    expect((await entries('report.generate')).map((entry) => entry.target)).toContain(`report:${id}`);
  });

  it('sends no export when the line recording it cannot be written', async () => {
    const refused = await withLogRefusing('activity.export', () =>
      t.app.inject({ method: 'GET', url: '/api/admin/activity/export', headers: bearer(admin) }),
    );
    expectFailedWhole('exportActivity', refused);
    expect(refused.headers['content-disposition']).toBeUndefined();
  });

  it('still answers a refused attempt as it is when its failure line cannot be written', async () => {
    const missing = '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f';
    const answer = await withLogRefusing('product.delete', () => call('DELETE', `/product/${missing}`));
    expect(answer.statusCode, answer.body).toBe(404);
    assertMatchesContract('deleteProduct', answer);
  });
});

describe('a change with a call that cannot be undone (placing a supplier order)', () => {
  const credentials = { appKey: '512345', appSecret: 'a1b2c3-secret', accessToken: '50000801a2b3c4-token' };
  const EARBUDS = '1005006218437795';
  let standIn: AliExpressStandIn;
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    standIn = await startAliExpressStandIn(credentials);
    t = await createTestApp({
      config: {
        marketplace: { provider: 'aliexpress', aliexpress: { ...credentials, apiUrl: standIn.url } },
      },
    });
    await createStaff(t.db, {
      email: 'karim@example.com',
      password: 'password-123',
      role: 'Manager',
      permissions: ['orders'],
    });
    staff = await loginStaff(t.app, 'karim@example.com', 'password-123');
    await letLogRefuse(t);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('asks the supplier nothing when the entry of the forwarding cannot be written', async () => {
    const found = await createFixtureMarketplace({ publicUrl: 'http://localhost:3000' }).getProduct(EARBUDS, {
      country: 'BD',
      currency: 'USD',
    });
    const sku = found?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_available_stock > 0);
    if (!sku) throw new Error('the fixture earbuds have no SKU in stock');
    const [product] = await t.db
      .insert(products)
      .values({
        productId: EARBUDS,
        source: 'aliexpress',
        status: 'published',
        title: 'TWS Earbuds',
        stock: 10,
      })
      .returning();
    if (!product) throw new Error('product insert returned no row');
    await t.db.insert(productSkus).values({
      productId: product.id,
      skuId: sku.sku_id,
      skuAttr: sku.sku_attr,
      salePriceMinor: 15_00,
      priceMinor: 15_00,
      stock: 10,
    });
    // Sold above the supplier's cost: a sale at a loss is never placed with the supplier.
    const order = await insertTestOrder(t.db, {
      lines: [
        { productId: product.id, skuId: sku.sku_id, name: 'TWS Earbuds', quantity: 1, unitPriceMinor: 25_00 },
      ],
    });
    const forward = () =>
      t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/forward`, headers: bearer(staff) });
    const placed = () => standIn.calls.filter((c) => c.method === 'aliexpress.ds.order.create').length;

    const refused = await refusingLog(t, 'order.forward', forward);
    expectFailedWhole('forwardOrder', refused);
    expect(placed()).toBe(0);

    const forwarded = await forward();
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(forwarded.json<{ data: { status: string } }>().data.status).toBe('Forwarded');
    expect(placed()).toBe(1);
  });
});
