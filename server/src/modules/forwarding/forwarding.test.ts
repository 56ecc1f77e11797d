import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  orderForwardings,
  orderItems,
  orderStatusHistory,
  orders,
  productSkus,
  products,
} from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, loginStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from '../marketplace/aliexpress-stand-in.ts';
import { createFixtureMarketplace } from '../marketplace/fixture-marketplace.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';

const EARBUDS = '1005006218437795';
const PHONE_CASE = '1005006084529133';
const WITHDRAWN = '1005000000000000';

interface ForwardingBody {
  id: string;
  orderId: string;
  orderNumber: string;
  product: string;
  country: string;
  shipping: string;
  status: string;
  aeOrderId: string | null;
  tracking: string | null;
  syncLog: Array<{ time: string; type: string; message: string }>;
  updatedAt: string | null;
}

const catalogue = createFixtureMarketplace({ publicUrl: 'http://localhost:3000' });

/** An imported product with the fixture's SKUs; a marketplace id the fixture lacks gets one made-up SKU. */
async function insertMarketplaceProduct(db: Database, marketplaceId: string, title: string) {
  const found = await catalogue.getProduct(marketplaceId, { country: 'BD', currency: 'USD' });
  const skus = found?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.filter(
    (s) => s.sku_available_stock > 0,
  ) ?? [{ sku_id: '12000000000000001', sku_attr: '14:173' }];
  const [product] = await db
    .insert(products)
    .values({ productId: marketplaceId, source: 'aliexpress', status: 'published', title, stock: 50 })
    .returning();
  if (!product) throw new Error('product insert returned no row');
  await db.insert(productSkus).values(
    skus.map((sku, position) => ({
      productId: product.id,
      skuId: sku.sku_id,
      skuAttr: sku.sku_attr,
      salePriceMinor: 10_00,
      priceMinor: 10_00,
      stock: 10,
      position,
    })),
  );
  const first = skus[0];
  if (!first) throw new Error('no SKU in stock');
  return { id: product.id, skuId: first.sku_id, skuAttr: first.sku_attr };
}

async function insertManualProduct(db: Database, title: string) {
  const [product] = await db
    .insert(products)
    .values({
      productId: `9${Date.now()}${Math.floor(Math.random() * 1000)}`,
      source: 'manual',
      status: 'published',
      title,
    })
    .returning();
  if (!product) throw new Error('product insert returned no row');
  return product;
}

describe('forwarding orders to AliExpress (fixture marketplace)', () => {
  let t: TestApp;
  let staff: string;
  let refundsOnly: string;
  let earbuds: Awaited<ReturnType<typeof insertMarketplaceProduct>>;
  let phoneCase: Awaited<ReturnType<typeof insertMarketplaceProduct>>;
  let withdrawn: Awaited<ReturnType<typeof insertMarketplaceProduct>>;
  let belt: Awaited<ReturnType<typeof insertManualProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    await createStaff(t.db, {
      email: 'karim@example.com',
      password: 'password-123',
      role: 'Manager',
      permissions: ['orders'],
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
    withdrawn = await insertMarketplaceProduct(t.db, WITHDRAWN, 'Withdrawn Lamp');
    belt = await insertManualProduct(t.db, 'Leather Belt');
  });
  afterAll(() => t.close());

  const post = (url: string, token: string | null = staff) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} });
  const forward = (orderId: string, token?: string | null) => post(`/api/orders/${orderId}/forward`, token);
  const sync = (orderId: string) => post(`/api/orders/${orderId}/forward/sync`);

  const marketplaceOrder = (values: Parameters<typeof insertTestOrder>[1] = {}) =>
    insertTestOrder(t.db, {
      lines: [
        {
          productId: earbuds.id,
          skuId: earbuds.skuId,
          name: 'TWS Wireless Earbuds',
          quantity: 2,
          // Above the supplier's cost (15.67 USD) by more than the 10% margin floor, or nothing is placed.
          unitPriceMinor: 25_00,
        },
        { productId: belt.id, skuId: 'belt-1', name: 'Leather Belt', quantity: 1, unitPriceMinor: 20_00 },
      ],
      ...values,
    });

  async function historyOf(orderId: string) {
    return t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.at));
  }

  it('places the marketplace items with the supplier and moves the order to Processing', async () => {
    const order = await marketplaceOrder({ status: 'Confirmed' });
    const response = await forward(order.id);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('forwardOrder', response);
    const data = response.json<{ data: ForwardingBody }>().data;
    expect(data).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      product: 'TWS Wireless Earbuds',
      country: 'BD',
      shipping: 'CAINIAO_STANDARD',
      status: 'Forwarded',
      tracking: null,
    });
    expect(data.aeOrderId).toMatch(/^8\d{15}$/);
    expect(data.syncLog).toEqual([
      {
        time: expect.any(String),
        type: 'success',
        message: `Placed with AliExpress as order ${data.aeOrderId}.`,
      },
    ]);

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('Processing');
    expect(await historyOf(order.id)).toEqual([
      expect.objectContaining({
        status: 'Processing',
        by: 'karim',
        actorType: 'admin',
        note: `Forwarded to AliExpress (order ${data.aeOrderId})`,
      }),
    ]);
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'order.forward'), eq(activityLog.target, `order:${order.orderNumber}`)),
      );
    expect(logged).toEqual([expect.objectContaining({ outcome: 'success', actorName: 'karim' })]);

    const again = await forward(order.orderNumber);
    expect(again.statusCode).toBe(409);
    assertMatchesContract('forwardOrder', again);
    expect(again.json().message).toBe(
      `This order has already been forwarded to AliExpress (order ${data.aeOrderId}).`,
    );
  });

  it('syncs the tracking and marks the order Shipped by system', async () => {
    const order = await marketplaceOrder({ status: 'Placed' });
    expect((await forward(order.id)).statusCode).toBe(200);
    const response = await sync(order.orderNumber);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('syncOrderForwarding', response);
    const data = response.json<{ data: ForwardingBody }>().data;
    expect(data.status).toBe('Shipped');
    expect(data.tracking).toMatch(/^LP00\d{12}$/);
    expect(data.syncLog.at(-1)).toMatchObject({
      type: 'success',
      message: `Shipped by Cainiao with tracking number ${data.tracking}.`,
    });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'Shipped', carrier: 'Cainiao', trackingNumber: data.tracking });
    expect(row?.shippedAt).not.toBeNull();
    const history = await historyOf(order.id);
    expect(history.map((h) => [h.status, h.by, h.actorType])).toEqual([
      ['Processing', 'karim', 'admin'],
      ['Shipped', 'system', 'system'],
    ]);
  });

  it('leaves an order where it is when the lifecycle does not allow Shipped from there', async () => {
    const order = await marketplaceOrder({ status: 'Confirmed' });
    expect((await forward(order.id)).statusCode).toBe(200);
    // The shopper cancelled after the supplier order was placed.
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
    const synced = await sync(order.id);
    expect(synced.statusCode).toBe(200);
    expect(synced.json().data.status).toBe('Shipped');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'Cancelled', trackingNumber: null });
    expect((await historyOf(order.id)).map((h) => h.status)).toEqual(['Processing']);
  });

  it('records a supplier refusal as Failed with the reason, answers 502, and forwards again on retry', async () => {
    const order = await insertTestOrder(t.db, {
      lines: [
        {
          productId: withdrawn.id,
          skuId: withdrawn.skuId,
          name: 'Withdrawn Lamp',
          quantity: 1,
          // The yoga mat it is relinked to costs 12.85 USD.
          unitPriceMinor: 19_00,
        },
      ],
    });
    const failed = await forward(order.id);
    expect(failed.statusCode).toBe(502);
    assertMatchesContract('forwardOrder', failed);
    const reason = `The supplier refused the order: Product ${WITHDRAWN} is not sold any more.`;
    expect(failed.json().message).toBe(reason);

    const [saved] = await t.db.select().from(orderForwardings).where(eq(orderForwardings.orderId, order.id));
    expect(saved).toMatchObject({ status: 'Failed', attempts: 1, aeOrderId: null });
    expect(saved?.syncLog).toEqual([{ time: expect.any(String), type: 'error', message: reason }]);
    const [unchanged] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged?.status).toBe('Confirmed');
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'order.forward'), eq(activityLog.target, `order:${order.orderNumber}`)),
      );
    expect(logged).toEqual([expect.objectContaining({ outcome: 'failed' })]);

    expect((await sync(order.id)).statusCode).toBe(409);

    // The listing is relinked to a product the supplier sells; Retry forwards the order again.
    await t.db.update(products).set({ productId: '1005006119384672' }).where(eq(products.id, withdrawn.id));
    const yoga = await catalogue.getProduct('1005006119384672', { country: 'BD', currency: 'USD' });
    const yogaSku = yoga?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_available_stock > 0);
    if (!yogaSku) throw new Error('no yoga mat SKU in stock');
    await t.db
      .update(productSkus)
      .set({ skuId: yogaSku.sku_id, skuAttr: yogaSku.sku_attr })
      .where(eq(productSkus.productId, withdrawn.id));
    await t.db.update(orderItems).set({ skuId: yogaSku.sku_id }).where(eq(orderItems.orderId, order.id));

    const retried = await forward(order.id);
    expect(retried.statusCode, retried.body).toBe(200);
    const data = retried.json<{ data: ForwardingBody }>().data;
    expect(data.status).toBe('Forwarded');
    expect(data.syncLog.map((entry) => entry.type)).toEqual(['error', 'success']);
    const [after] = await t.db.select().from(orderForwardings).where(eq(orderForwardings.orderId, order.id));
    expect(after?.attempts).toBe(2);
  });

  it('forwards only paid, open orders with marketplace items', async () => {
    const unpaid = await marketplaceOrder({
      isPaid: false,
      paymentMethod: 'Bank Transfer',
      status: 'Placed',
    });
    const cancelled = await marketplaceOrder({ status: 'Cancelled' });
    const failedOrder = await marketplaceOrder({ status: 'Failed' });
    const delivered = await marketplaceOrder({ status: 'Delivered', isDelivered: true });
    const manualOnly = await insertTestOrder(t.db, {
      lines: [
        { productId: belt.id, skuId: 'belt-1', name: 'Leather Belt', quantity: 1, unitPriceMinor: 20_00 },
      ],
    });
    for (const [order, message] of [
      [unpaid, 'Only paid orders can be forwarded to the supplier.'],
      [cancelled, 'A cancelled or failed order cannot be forwarded to the supplier.'],
      [failedOrder, 'A cancelled or failed order cannot be forwarded to the supplier.'],
      [delivered, 'This order has already shipped; there is nothing left to forward.'],
      [manualOnly, 'This order has no AliExpress items to forward.'],
    ] as const) {
      const response = await forward(order.id);
      expect(response.statusCode, message).toBe(409);
      assertMatchesContract('forwardOrder', response);
      expect(response.json().message).toBe(message);
    }
    const rows = await t.db.select().from(orderForwardings).where(eq(orderForwardings.orderId, unpaid.id));
    expect(rows).toEqual([]);

    for (const id of ['ORD-19990101-0001', '00000000-0000-4000-8000-000000000000']) {
      const missing = await forward(id);
      expect(missing.statusCode).toBe(404);
      assertMatchesContract('forwardOrder', missing);
      expect((await sync(id)).statusCode).toBe(404);
    }
    const notForwarded = await sync(manualOnly.id);
    expect(notForwarded.statusCode).toBe(409);
    assertMatchesContract('syncOrderForwarding', notForwarded);
    expect(notForwarded.json().message).toBe('This order has not been forwarded to the supplier yet.');
  });

  it('lists forwardings and the paid orders still waiting to be forwarded', async () => {
    const waiting = await insertTestOrder(t.db, {
      lines: [
        {
          productId: phoneCase.id,
          skuId: phoneCase.skuId,
          name: 'Magnetic Phone Case',
          quantity: 1,
          unitPriceMinor: 5_00,
        },
        {
          productId: earbuds.id,
          skuId: earbuds.skuId,
          name: 'TWS Wireless Earbuds',
          quantity: 1,
          unitPriceMinor: 15_00,
        },
      ],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/forwarding?limit=100',
      headers: bearer(staff),
    });
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listForwardings', response);
    const body = response.json<{
      data: ForwardingBody[];
      meta: { total: number; page: number; limit: number };
    }>();
    const pending = body.data.find((row) => row.orderId === waiting.id);
    expect(pending).toEqual({
      id: waiting.id,
      orderId: waiting.id,
      orderNumber: waiting.orderNumber,
      product: 'Magnetic Phone Case, TWS Wireless Earbuds',
      country: 'BD',
      shipping: 'CAINIAO_STANDARD',
      status: 'Pending',
      aeOrderId: null,
      tracking: null,
      syncLog: [],
      updatedAt: null,
      parcels: [],
    });
    // Unpaid, cancelled, delivered and manual-only orders are not listed; forwarded, shipped and failed ones are.
    const statuses = body.data.map((row) => row.status).sort();
    expect(statuses).toEqual(['Forwarded', 'Forwarded', 'Pending', 'Shipped', 'Shipped']);
    expect(body.meta).toEqual({ page: 1, limit: 100, total: 5 });

    const shipped = await t.app.inject({
      method: 'GET',
      url: '/api/forwarding?status=Shipped',
      headers: bearer(staff),
    });
    expect(shipped.json<{ data: ForwardingBody[] }>().data.every((row) => row.status === 'Shipped')).toBe(
      true,
    );
    expect(shipped.json().meta.total).toBe(2);
    const onlyPending = await t.app.inject({
      method: 'GET',
      url: '/api/forwarding?status=Pending',
      headers: bearer(staff),
    });
    expect(onlyPending.json().data.map((row: ForwardingBody) => row.orderId)).toEqual([waiting.id]);

    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/forwarding?limit=2&page=3',
      headers: bearer(staff),
    });
    expect(paged.json().data).toHaveLength(1);
  });

  it('is for staff with the orders permission', async () => {
    const order = await marketplaceOrder();
    for (const url of [`/api/orders/${order.id}/forward`, `/api/orders/${order.id}/forward/sync`]) {
      expect((await post(url, refundsOnly)).statusCode, url).toBe(403);
      expect((await post(url, null)).statusCode, url).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/forwarding', headers: bearer(refundsOnly) }))
        .statusCode,
    ).toBe(403);
    expect(await t.db.select().from(orderForwardings).where(eq(orderForwardings.orderId, order.id))).toEqual(
      [],
    );
  });
});

describe('forwarding orders through the AliExpress Open Platform (local stand-in)', () => {
  const credentials = { appKey: '512345', appSecret: 'a1b2c3-secret', accessToken: '50000801a2b3c4-token' };
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
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('places a signed supplier order, then reads its tracking once the parcel has left', async () => {
    const earbuds = await insertMarketplaceProduct(t.db, EARBUDS, 'TWS Wireless Earbuds');
    const order = await insertTestOrder(t.db, {
      status: 'Pending',
      lines: [
        {
          productId: earbuds.id,
          skuId: earbuds.skuId,
          name: 'TWS Wireless Earbuds',
          quantity: 3,
          unitPriceMinor: 25_00,
        },
      ],
    });
    const forwarded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/forward`,
      headers: bearer(staff),
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    assertMatchesContract('forwardOrder', forwarded);
    const aeOrderId = forwarded.json<{ data: ForwardingBody }>().data.aeOrderId;
    expect(aeOrderId).toMatch(/^8\d{15}$/);

    const call = standIn.calls.find((c) => c.method === 'aliexpress.ds.order.create');
    const param = JSON.parse(call?.param_place_order_request4_open_api_d_t_o ?? '{}');
    expect(param).toMatchObject({
      out_order_id: order.orderNumber,
      logistics_address: { full_name: 'Nusrat Jahan', country: 'BD', zip: '1213', city: 'Dhaka' },
      product_items: [
        {
          product_id: Number(EARBUDS),
          product_count: 3,
          sku_attr: earbuds.skuAttr,
          logistics_service_name: 'CAINIAO_STANDARD',
        },
      ],
    });

    standIn.awaitingShipment.add(aeOrderId ?? '');
    const waiting = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/forward/sync`,
      headers: bearer(staff),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({
      message: 'The supplier has not shipped the order yet.',
      data: { status: 'Forwarded', tracking: null },
    });
    const [processing] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(processing?.status).toBe('Processing');

    standIn.awaitingShipment.clear();
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/forward/sync`,
      headers: bearer(staff),
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().data).toMatchObject({
      status: 'Shipped',
      tracking: expect.stringMatching(/^LP00/),
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'Shipped', carrier: 'Cainiao' });
  });

  it("records the platform's refusal and answers 502", async () => {
    const withdrawn = await insertMarketplaceProduct(t.db, WITHDRAWN, 'Withdrawn Lamp');
    const order = await insertTestOrder(t.db, {
      lines: [
        {
          productId: withdrawn.id,
          skuId: withdrawn.skuId,
          name: 'Withdrawn Lamp',
          quantity: 1,
          unitPriceMinor: 9_00,
        },
      ],
    });
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/forward`,
      headers: bearer(staff),
    });
    expect(failed.statusCode).toBe(502);
    assertMatchesContract('forwardOrder', failed);
    const [saved] = await t.db.select().from(orderForwardings).where(eq(orderForwardings.orderId, order.id));
    expect(saved).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(saved?.syncLog[0]?.message).toContain(`Product ${WITHDRAWN} is not sold any more.`);
  });
});
