import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  dropshipAlerts,
  orderForwardings,
  orderStatusHistory,
  orders,
  productSkus,
  productSupplierSettings,
  products,
  storeSettings,
  supplierParcels,
  variantSuppliers,
} from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, loginStaff, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from '../marketplace/aliexpress-stand-in.ts';
import { createMarketplace, type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { applySupplierOrderChange, type SupplierOrderChange } from '../marketplace/supplier-orders.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { classifyFailure, retryAtFor } from './forwarding.failures.ts';
import { autoForwardOrdersJob, trackForwardedOrdersJob } from './forwarding.jobs.ts';

const EARBUDS = '1005006218437795';
const PHONE_CASE = '1005006084529133';
const credentials = { appKey: '512345', appSecret: 'a1b2c3-secret', accessToken: '50000801a2b3c4-token' };
const MINUTE = 60_000;

interface ParcelBody {
  id: string;
  number: number;
  status: string;
  aeOrderId: string | null;
  trackingNumber: string | null;
  failureClass: string | null;
  retryAt: string | null;
  events: Array<{ time: string; description: string }>;
  items: Array<{ name: string; productId: string | null; source: string }>;
}

describe('classifying supplier failures', () => {
  it('names each refusal by its code, and an unreachable marketplace as transient', () => {
    const refused = (code: string) => classifyFailure(new MarketplaceError('rejected', 'no', { code }));
    expect(refused('B_DROPSHIPPER_SKU_NOT_FOUND')).toBe('sku_changed');
    expect(refused('B_DROPSHIPPER_INVENTORY_SHORTAGE')).toBe('out_of_stock');
    expect(refused('B_DROPSHIPPER_DELIVERY_NOT_SUPPORTED')).toBe('cannot_ship');
    expect(refused('B_DROPSHIPPER_PRODUCT_NOT_FOUND')).toBe('link_expired');
    expect(refused('B_DROPSHIPPER_ADDRESS_INVALID')).toBe('address_rejected');
    expect(refused('B_DROPSHIPPER_PAYMENT_FAILED')).toBe('payment_failed');
    expect(refused('SOMETHING_ELSE')).toBe('other');
    expect(classifyFailure(new MarketplaceError('unreachable', 'timed out'))).toBe('unreachable');
  });

  it('retries transient failures after 5 minutes, 30 minutes and 2 hours, then leaves them to staff', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const after = (n: number) => retryAtFor('unreachable', n, now)?.getTime() ?? null;
    expect(after(1)).toBe(now.getTime() + 5 * MINUTE);
    expect(after(2)).toBe(now.getTime() + 30 * MINUTE);
    expect(after(3)).toBe(now.getTime() + 120 * MINUTE);
    expect(after(4)).toBeNull();
    expect(retryAtFor('out_of_stock', 1, now)).toBeNull();
  });
});

describe('supplier parcels (AliExpress stand-in)', () => {
  let standIn: AliExpressStandIn;
  let t: TestApp;
  let marketplace: MarketplaceAdapter;
  let staff: string;
  let refundsOnly: string;
  let earbuds: { id: string; skuId: string; skuAttr: string };
  let phoneCase: { id: string; skuId: string; skuAttr: string };

  async function insertMarketplaceProduct(db: Database, marketplaceId: string, title: string) {
    const found = await marketplace.getProduct(marketplaceId, { country: 'BD', currency: 'USD' });
    const sku = found?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_available_stock > 5);
    if (!sku) throw new Error('no SKU in stock');
    const [product] = await db
      .insert(products)
      .values({ productId: marketplaceId, source: 'aliexpress', status: 'published', title, stock: 50 })
      .returning();
    if (!product) throw new Error('product insert returned no row');
    await db.insert(productSkus).values({
      productId: product.id,
      skuId: sku.sku_id,
      skuAttr: sku.sku_attr,
      salePriceMinor: 40_00,
      priceMinor: 40_00,
      stock: 10,
      position: 0,
    });
    return { id: product.id, skuId: sku.sku_id, skuAttr: sku.sku_attr };
  }

  const twoSupplierOrder = (values: Parameters<typeof insertTestOrder>[1] = {}) =>
    insertTestOrder(t.db, {
      lines: [
        {
          productId: earbuds.id,
          skuId: earbuds.skuId,
          name: 'TWS Wireless Earbuds',
          quantity: 1,
          unitPriceMinor: 40_00,
        },
        {
          productId: phoneCase.id,
          skuId: phoneCase.skuId,
          name: 'Magnetic Phone Case',
          quantity: 2,
          unitPriceMinor: 40_00,
        },
      ],
      ...values,
    });
  const earbudsOrder = (values: Parameters<typeof insertTestOrder>[1] = {}) =>
    insertTestOrder(t.db, {
      lines: [
        {
          productId: earbuds.id,
          skuId: earbuds.skuId,
          name: 'TWS Wireless Earbuds',
          quantity: 1,
          unitPriceMinor: 40_00,
        },
      ],
      ...values,
    });

  const forward = (orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/forward`, headers: bearer(staff) });
  const place = (orderId: string, parcelId: string, token: string | null = staff) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/parcels/${parcelId}/place`,
      headers: token ? bearer(token) : {},
    });
  const parcelsOfOrder = (orderId: string) =>
    t.db
      .select()
      .from(supplierParcels)
      .where(eq(supplierParcels.orderId, orderId))
      .orderBy(asc(supplierParcels.number));
  const supplierOrder = (change: SupplierOrderChange, now = new Date()) => {
    const problem = applySupplierOrderChange(standIn.supplierOrders, change, now);
    if (problem) throw new Error(problem);
  };
  const alertsOf = (orderId: string) =>
    t.db.select().from(dropshipAlerts).where(eq(dropshipAlerts.orderId, orderId));

  beforeAll(async () => {
    standIn = await startAliExpressStandIn(credentials);
    const config = { provider: 'aliexpress' as const, aliexpress: { ...credentials, apiUrl: standIn.url } };
    t = await createTestApp({ config: { marketplace: config } });
    marketplace = createMarketplace({ ...config, publicUrl: 'http://localhost:3000' });
    await createStaff(t.db, {
      email: 'karim@example.com',
      password: 'password-123',
      role: 'Manager',
      permissions: ['orders', 'settings'],
    });
    await createStaff(t.db, {
      email: 'rina@example.com',
      password: 'password-123',
      role: 'Support',
      permissions: ['refunds'],
    });
    staff = await loginStaff(t.app, 'karim@example.com', 'password-123');
    refundsOnly = await loginStaff(t.app, 'rina@example.com', 'password-123');
    earbuds = await insertMarketplaceProduct(t.db, EARBUDS, 'TWS Wireless Earbuds');
    phoneCase = await insertMarketplaceProduct(t.db, PHONE_CASE, 'Magnetic Phone Case');
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.supplierOrders.holdShipments = false;
    standIn.supplierOrders.failNext = null;
  });

  it('splits an order by supplier into parcels, each placed as its own supplier order', async () => {
    const order = await twoSupplierOrder();
    const response = await forward(order.id);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('forwardOrder', response);
    const data = response.json<{ data: { status: string; aeOrderId: string; parcels: ParcelBody[] } }>().data;
    expect(data.status).toBe('Forwarded');
    expect(data.parcels.map((p) => [p.number, p.status, p.items.map((i) => i.name)])).toEqual([
      [1, 'Forwarded', ['TWS Wireless Earbuds']],
      [2, 'Forwarded', ['Magnetic Phone Case']],
    ]);
    const [first, second] = data.parcels;
    expect(first?.aeOrderId).not.toBe(second?.aeOrderId);
    expect(data.aeOrderId).toBe(`${first?.aeOrderId}, ${second?.aeOrderId}`);
    const references = standIn.calls
      .filter((c) => c.method === 'aliexpress.ds.order.create')
      .map((c) => JSON.parse(c.param_place_order_request4_open_api_d_t_o ?? '{}').out_order_id);
    expect(references).toEqual(expect.arrayContaining([order.orderNumber, `${order.orderNumber}-2`]));

    // A second product mapped to the earbuds' seller joins its parcel.
    const sameSeller = await twoSupplierOrder();
    await t.db.insert(variantSuppliers).values([
      {
        productId: earbuds.id,
        skuId: earbuds.skuId,
        role: 'primary',
        aeProductId: EARBUDS,
        aeSkuId: earbuds.skuId,
        aeSkuAttr: earbuds.skuAttr,
        supplierId: 'store:1',
        supplierName: 'Sound Store',
      },
      {
        productId: phoneCase.id,
        skuId: phoneCase.skuId,
        role: 'primary',
        aeProductId: PHONE_CASE,
        aeSkuId: phoneCase.skuId,
        aeSkuAttr: phoneCase.skuAttr,
        supplierId: 'store:1',
        supplierName: 'Sound Store',
      },
    ]);
    try {
      const together = await forward(sameSeller.id);
      expect(together.statusCode, together.body).toBe(200);
      const parcels = together.json<{ data: { parcels: ParcelBody[] } }>().data.parcels;
      expect(parcels).toHaveLength(1);
      expect(parcels[0]?.items.map((i) => i.source)).toEqual(['primary', 'primary']);
    } finally {
      await t.db.delete(variantSuppliers);
    }
  });

  it('classifies each supplier refusal and keeps the other parcels going', async () => {
    for (const failure of ['sku_changed', 'out_of_stock', 'cannot_ship', 'link_expired'] as const) {
      const order = await earbudsOrder();
      supplierOrder({ action: 'fail_next', failure });
      const response = await forward(order.id);
      expect(response.statusCode, failure).toBe(502);
      const [parcel] = await parcelsOfOrder(order.id);
      expect(parcel, failure).toMatchObject({
        status: 'Failed',
        failureClass: failure,
        retryAt: null,
        attempts: 1,
      });
      const [summary] = await t.db
        .select()
        .from(orderForwardings)
        .where(eq(orderForwardings.orderId, order.id));
      expect(summary?.status).toBe('Failed');
      // Its fix (remap, switch to backup, retry) ends in placing it again.
      const retried = await place(order.id, parcel?.id ?? '');
      expect(retried.statusCode, retried.body).toBe(200);
      assertMatchesContract('placeOrderParcel', retried);
      expect((await parcelsOfOrder(order.id))[0]).toMatchObject({
        status: 'Forwarded',
        failureClass: null,
        attempts: 2,
      });
    }

    const twoParcels = await twoSupplierOrder();
    supplierOrder({ action: 'fail_next', failure: 'out_of_stock' });
    expect((await forward(twoParcels.id)).statusCode).toBe(502);
    expect((await parcelsOfOrder(twoParcels.id)).map((p) => p.status)).toEqual(['Failed', 'Forwarded']);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.action, 'order.forward'),
          eq(activityLog.target, `order:${twoParcels.orderNumber}`),
        ),
      );
    expect(logged.map((row) => row.outcome).sort()).toEqual(['failed', 'success']);
  });

  it('refuses to place a parcel whose supplier cost leaves less than the margin floor', async () => {
    // The earbuds cost 15.67 USD: sold at 16.00, a 2.1% margin, under a 10% floor of their own.
    await t.db.insert(productSupplierSettings).values({ productId: earbuds.id, marginFloorPercent: 10 });
    const order = await insertTestOrder(t.db, {
      lines: [
        {
          productId: earbuds.id,
          skuId: earbuds.skuId,
          name: 'TWS Wireless Earbuds',
          quantity: 1,
          unitPriceMinor: 16_00,
        },
      ],
    });
    const calls = standIn.calls.filter((c) => c.method === 'aliexpress.ds.order.create').length;
    const response = await forward(order.id);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('margin floor');
    expect((await parcelsOfOrder(order.id))[0]).toMatchObject({ failureClass: 'price_above_floor' });
    expect(standIn.calls.filter((c) => c.method === 'aliexpress.ds.order.create')).toHaveLength(calls);

    // Without a floor of its own the product follows the store's minimum margin: 5% stops it too...
    await t.db.delete(productSupplierSettings);
    await t.db.update(storeSettings).set({ minMarginPercent: '5' });
    const [parcel] = await parcelsOfOrder(order.id);
    expect((await place(order.id, parcel?.id ?? '')).statusCode).toBe(502);
    // ...and 2% lets it through.
    await t.db.update(storeSettings).set({ minMarginPercent: '2' });
    expect((await place(order.id, parcel?.id ?? '')).statusCode).toBe(200);
    await t.db.update(storeSettings).set({ minMarginPercent: '0' });
  });

  it('fixes an address the supplier rejected (a Brazilian order without CPF) and places it again', async () => {
    const order = await earbudsOrder({
      shipCountry: 'BR',
      shipPostalCode: '01304-001',
      shipCity: 'São Paulo',
    });
    const failed = await forward(order.id);
    expect(failed.statusCode).toBe(502);
    const [parcel] = await parcelsOfOrder(order.id);
    expect(parcel).toMatchObject({ failureClass: 'address_rejected', retryAt: null });
    const url = `/api/orders/${order.id}/parcels/${parcel?.id}/address`;
    const address = {
      fullName: 'Ana Souza',
      address: 'Rua Augusta 1500',
      city: 'São Paulo',
      province: 'SP',
      postalCode: '01304-001',
      mobileNo: '11987654321',
      taxNumber: '123',
    };
    const invalid = await t.app.inject({ method: 'PUT', url, headers: bearer(staff), payload: address });
    expect(invalid.statusCode).toBe(422);
    assertMatchesContract('fixParcelAddress', invalid);
    expect(invalid.json().errors).toEqual([{ path: 'taxNumber', message: expect.stringContaining('CPF') }]);
    const wrongZip = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff),
      payload: { ...address, taxNumber: '123.456.789-09', postalCode: '1234' },
    });
    expect(wrongZip.json().errors).toEqual([{ path: 'postalCode', message: expect.any(String) }]);

    const fixed = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff),
      payload: { ...address, taxNumber: '123.456.789-09' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    assertMatchesContract('fixParcelAddress', fixed);
    const [saved] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(saved).toMatchObject({
      shipTaxNumber: '123.456.789-09',
      shipFullName: 'Ana Souza',
      shipCountry: 'BR',
    });
    expect((await parcelsOfOrder(order.id))[0]?.status).toBe('Forwarded');
    const call = standIn.calls.filter((c) => c.method === 'aliexpress.ds.order.create').at(-1);
    expect(JSON.parse(call?.param_place_order_request4_open_api_d_t_o ?? '{}').logistics_address.cpf).toBe(
      '123.456.789-09',
    );
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'order.address.update'));
    expect(logged).toHaveLength(1);
  });

  it('tries a failed payment again after 5 minutes, 30 minutes and 2 hours, then waits for staff', async () => {
    const start = new Date();
    const order = await earbudsOrder();
    supplierOrder({ action: 'fail_next', failure: 'payment_failed' });
    expect((await forward(order.id)).statusCode).toBe(502);
    const retryAtOf = async () => (await parcelsOfOrder(order.id))[0]?.retryAt?.getTime() ?? null;
    const first = await retryAtOf();
    expect(first).toBeGreaterThanOrEqual(start.getTime() + 5 * MINUTE);
    expect(first).toBeLessThan(start.getTime() + 6 * MINUTE);

    let now = new Date(start.getTime() + 6 * MINUTE);
    const job = () => autoForwardOrdersJob({ db: t.db, marketplace, now: () => now }).run({});
    for (const minutes of [30, 120]) {
      supplierOrder({ action: 'fail_next', failure: 'payment_failed' });
      expect(await job()).toMatchObject({ retried: 1 });
      expect(await retryAtOf()).toBe(now.getTime() + minutes * MINUTE);
      now = new Date(now.getTime() + (minutes + 1) * MINUTE);
    }
    supplierOrder({ action: 'fail_next', failure: 'payment_failed' });
    await job();
    expect((await parcelsOfOrder(order.id))[0]).toMatchObject({
      status: 'Failed',
      retryAt: null,
      failureClass: 'payment_failed',
    });
    expect(await job()).toMatchObject({ retried: 0 });
    const [parcel] = await parcelsOfOrder(order.id);
    expect((await place(order.id, parcel?.id ?? '')).statusCode).toBe(200);
  });

  it('forwards paid orders on its own after the fraud-review delay, unless a product opts out', async () => {
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/forwarding',
      headers: bearer(staff),
      payload: { autoForwardOrders: true, autoForwardDelayMinutes: 60, trackingSyncMinutes: 15 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    assertMatchesContract('updateForwardingSettings', settings);
    const paidAt = new Date();
    const due = await earbudsOrder({ paidAt });
    const optedOut = await twoSupplierOrder({ paidAt });
    await t.db.insert(productSupplierSettings).values({ productId: phoneCase.id, autoForward: false });

    const runAt = (minutes: number) =>
      autoForwardOrdersJob({
        db: t.db,
        marketplace,
        now: () => new Date(paidAt.getTime() + minutes * MINUTE),
      }).run({});
    await runAt(30);
    expect(await parcelsOfOrder(due.id)).toEqual([]);
    await runAt(61);
    expect((await parcelsOfOrder(due.id)).map((p) => p.status)).toEqual(['Forwarded']);
    expect(await parcelsOfOrder(optedOut.id)).toEqual([]);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, due.id));
    expect(history).toEqual([
      expect.objectContaining({ status: 'Processing', by: 'system', actorType: 'system' }),
    ]);

    // With the store switch off, a product that opts in still goes on its own.
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/forwarding',
      headers: bearer(staff),
      payload: { autoForwardOrders: false, autoForwardDelayMinutes: 60, trackingSyncMinutes: 15 },
    });
    await t.db.update(productSupplierSettings).set({ autoForward: true });
    await t.db.insert(productSupplierSettings).values({ productId: earbuds.id, autoForward: true });
    const optedIn = await twoSupplierOrder({ paidAt });
    const storeOff = await insertTestOrder(t.db, {
      paidAt,
      lines: [
        {
          productId: earbuds.id,
          skuId: earbuds.skuId,
          name: 'TWS Wireless Earbuds',
          quantity: 1,
          unitPriceMinor: 40_00,
        },
      ],
    });
    await t.db.delete(productSupplierSettings).where(eq(productSupplierSettings.productId, earbuds.id));
    await runAt(61);
    expect((await parcelsOfOrder(optedIn.id)).length).toBe(0);
    expect(await parcelsOfOrder(storeOff.id)).toEqual([]);
    await t.db.insert(productSupplierSettings).values({ productId: earbuds.id, autoForward: true });
    await runAt(62);
    expect((await parcelsOfOrder(optedIn.id)).map((p) => p.status)).toEqual(['Forwarded', 'Forwarded']);
    await t.db.delete(productSupplierSettings);
  });

  it('tracks parcels at the store cadence: partly shipped, then shipped, then delivered', async () => {
    standIn.supplierOrders.holdShipments = true;
    const order = await twoSupplierOrder();
    expect((await forward(order.id)).statusCode).toBe(200);
    const [one, two] = await parcelsOfOrder(order.id);
    const start = new Date();
    const track = (minutes: number) =>
      trackForwardedOrdersJob({
        db: t.db,
        marketplace,
        spacingMs: 0,
        now: () => new Date(start.getTime() + minutes * MINUTE),
      }).run({});

    await track(0);
    expect((await parcelsOfOrder(order.id)).map((p) => p.status)).toEqual(['Forwarded', 'Forwarded']);
    supplierOrder({
      action: 'ship',
      orderId: one?.aeOrderId ?? '',
      trackingNumber: 'LP001122334455CN',
      carrier: 'Cainiao',
    });
    // Within the cadence nothing is asked.
    expect(await track(5)).toMatchObject({ asked: 0 });
    await track(16);
    const [shippedOne, waitingTwo] = await parcelsOfOrder(order.id);
    expect(shippedOne).toMatchObject({
      status: 'Shipped',
      trackingNumber: 'LP001122334455CN',
      carrier: 'Cainiao',
    });
    expect(shippedOne?.events).toEqual([{ time: expect.any(String), description: 'Handed to the carrier' }]);
    expect(waitingTwo?.status).toBe('Forwarded');
    const [partly] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(partly?.status).toBe('Shipped');
    const notes = async () =>
      (
        await t.db
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, order.id))
          .orderBy(asc(orderStatusHistory.at))
      ).map((h) => [h.status, h.note]);
    expect(await notes()).toContainEqual([
      'Shipped',
      expect.stringMatching(/^1 of 2 parcels shipped by Cainiao/),
    ]);

    supplierOrder({ action: 'ship', orderId: two?.aeOrderId ?? '', trackingNumber: 'LP009988776655CN' });
    supplierOrder({ action: 'event', orderId: one?.aeOrderId ?? '', description: 'Arrived in Dhaka' });
    supplierOrder({ action: 'deliver', orderId: one?.aeOrderId ?? '' });
    await track(32);
    expect((await parcelsOfOrder(order.id)).map((p) => p.status)).toEqual(['Delivered', 'Shipped']);
    expect(await notes()).toContainEqual(['Shipped', expect.stringMatching(/^2 of 2 parcels shipped/)]);
    const [summary] = await t.db
      .select()
      .from(orderForwardings)
      .where(eq(orderForwardings.orderId, order.id));
    expect(summary?.status).toBe('Shipped');
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe('Shipped');

    supplierOrder({ action: 'deliver', orderId: two?.aeOrderId ?? '' });
    await track(48);
    const [delivered] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(delivered).toMatchObject({ status: 'Delivered', isDelivered: true });
    expect(await notes()).toContainEqual(['Delivered', 'All 2 parcels delivered']);
  });

  it('raises the silence alerts: no tracking after 7 days, no news for 48 hours, later than promised', async () => {
    standIn.supplierOrders.holdShipments = true;
    const order = await twoSupplierOrder();
    expect((await forward(order.id)).statusCode).toBe(200);
    const [one, two] = await parcelsOfOrder(order.id);
    const now = new Date();
    await t.db
      .update(supplierParcels)
      .set({ placedAt: new Date(now.getTime() - 8 * 24 * 60 * MINUTE), trackedAt: now })
      .where(eq(supplierParcels.id, one?.id ?? ''));
    await t.db
      .update(supplierParcels)
      .set({
        status: 'Shipped',
        trackingNumber: 'LP00SILENT',
        shippedAt: new Date(now.getTime() - 72 * 60 * MINUTE),
        lastEventAt: new Date(now.getTime() - 49 * 60 * MINUTE),
        trackedAt: now,
        promisedBy: new Date(now.getTime() - 24 * 60 * MINUTE),
      })
      .where(eq(supplierParcels.id, two?.id ?? ''));
    const job = trackForwardedOrdersJob({ db: t.db, marketplace, spacingMs: 0, now: () => now });
    expect(await job.run({})).toMatchObject({ noTracking: 1, noUpdate: 1 });
    expect(await job.run({})).toMatchObject({ noTracking: 0, noUpdate: 0 });
    expect((await alertsOf(order.id)).map((a) => [a.kind, a.status]).sort()).toEqual([
      ['parcel.no_tracking', 'open'],
      ['parcel.no_update', 'open'],
    ]);

    // The carrier speaks again and delivers, a day later than promised.
    supplierOrder({ action: 'ship', orderId: two?.aeOrderId ?? '', trackingNumber: 'LP00SILENT' });
    supplierOrder({ action: 'deliver', orderId: two?.aeOrderId ?? '' });
    const later = new Date(now.getTime() + 16 * MINUTE);
    await trackForwardedOrdersJob({ db: t.db, marketplace, spacingMs: 0, now: () => later }).run({});
    const alerts = await alertsOf(order.id);
    expect(alerts.find((a) => a.kind === 'parcel.no_update')?.status).toBe('resolved');
    expect(alerts.find((a) => a.kind === 'parcel.late')).toMatchObject({ status: 'open', parcelId: two?.id });
  });

  it('warns ahead of a supplier link lapsing or stock short of open orders', async () => {
    const order = await earbudsOrder({ status: 'Confirmed' });
    await t.db.insert(variantSuppliers).values({
      productId: earbuds.id,
      skuId: earbuds.skuId,
      role: 'primary',
      aeProductId: EARBUDS,
      aeSkuId: earbuds.skuId,
      stock: 0,
      linkExpiresAt: new Date(Date.now() + 10 * 24 * 60 * MINUTE),
    });
    const result = await autoForwardOrdersJob({ db: t.db, marketplace }).run({});
    expect(result).toMatchObject({ lapsing: 1, short: 1 });
    const alerts = await t.db.select().from(dropshipAlerts).where(eq(dropshipAlerts.productId, earbuds.id));
    expect(alerts.map((a) => a.kind).sort()).toEqual(['supplier.link_expiring', 'supplier.stock_short']);
    await t.db.delete(variantSuppliers);
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
  });

  it('shows shoppers their own order’s parcels only, and staff ops need the orders permission', async () => {
    const shopper = await registerShopper(t.app);
    const other = await registerShopper(t.app);
    standIn.supplierOrders.holdShipments = true;
    const order = await twoSupplierOrder({ customerId: shopper.id });
    expect((await forward(order.id)).statusCode).toBe(200);
    const [one] = await parcelsOfOrder(order.id);
    supplierOrder({ action: 'ship', orderId: one?.aeOrderId ?? '', trackingNumber: 'LP00SHOPPER01' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/forward/sync`,
          headers: bearer(staff),
        })
      ).statusCode,
    ).toBe(200);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/parcels`,
      headers: bearer(shopper.token),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    assertMatchesContract('listMyOrderParcels', mine);
    expect(
      mine
        .json()
        .data.map((p: { number: number; status: string; trackingNumber: string | null }) => [
          p.number,
          p.status,
          p.trackingNumber,
        ]),
    ).toEqual([
      [1, 'Shipped', 'LP00SHOPPER01'],
      [2, 'Preparing', null],
    ]);
    for (const token of [other.token]) {
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}/parcels`,
        headers: bearer(token),
      });
      expect(theirs.statusCode).toBe(404);
      assertMatchesContract('listMyOrderParcels', theirs);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/order/not-an-id/parcels',
          headers: bearer(shopper.token),
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${order.id}/parcels` })).statusCode).toBe(
      401,
    );

    expect((await place(order.id, one?.id ?? '', refundsOnly)).statusCode).toBe(403);
    expect((await place(order.id, one?.id ?? '', null)).statusCode).toBe(401);
    const placed = await place(order.id, one?.id ?? '');
    expect(placed.statusCode).toBe(409);
    assertMatchesContract('placeOrderParcel', placed);
    expect((await place(order.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const method of ['GET', 'PUT'] as const) {
      const payload =
        method === 'PUT'
          ? { autoForwardOrders: true, autoForwardDelayMinutes: 60, trackingSyncMinutes: 15 }
          : undefined;
      expect(
        (
          await t.app.inject({
            method,
            url: '/api/settings/forwarding',
            headers: bearer(refundsOnly),
            ...(payload ? { payload } : {}),
          })
        ).statusCode,
      ).toBe(403);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/settings/forwarding',
      headers: bearer(staff),
    });
    assertMatchesContract('getForwardingSettings', read);
    expect(read.json().data).toMatchObject({ trackingSyncMinutes: 15 });
  });
});
