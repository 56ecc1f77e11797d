import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  campaigns,
  conversationMessages,
  conversations,
  coupons,
  orderItems,
  orders,
  productSkus,
  products,
  stores,
} from '../../db/schema.ts';
import { bearer, type RegisteredShopper, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertVendorProduct, signedInVendor } from '../../test/vendors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Vendor = Awaited<ReturnType<typeof signedInVendor>>;

/** Vendor A's records that vendor B reaches for. */
interface Owned {
  productId: string;
  orderId: string;
  couponId: string;
  conversationId: string;
}

/** Every row of vendor A's that any vendor operation could change, to prove a refused call changed nothing. */
async function snapshot(db: Database, owned: Owned, storeId: string) {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  return {
    store,
    product: await db.select().from(products).where(eq(products.id, owned.productId)),
    skus: await db.select().from(productSkus).where(eq(productSkus.productId, owned.productId)),
    order: await db.select().from(orders).where(eq(orders.id, owned.orderId)),
    lines: await db.select().from(orderItems).where(eq(orderItems.orderId, owned.orderId)),
    campaigns: await db.select().from(campaigns).where(eq(campaigns.storeId, storeId)),
    coupons: await db
      .select({ code: coupons.code, campaignId: coupons.campaignId })
      .from(coupons)
      .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
      .where(eq(campaigns.storeId, storeId)),
    conversation: await db.select().from(conversations).where(eq(conversations.id, owned.conversationId)),
    messages: await db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, owned.conversationId)),
  };
}

const PRODUCT_BODY = {
  title: 'Borrowed Lamp',
  description: '<p>Not yours.</p>',
  currency: 'USD',
  status: 'published',
};
const COUPON_BODY = () => ({
  code: `TAKE${randomUUID().slice(0, 6).toUpperCase()}`,
  type: 'percentage',
  value: 50,
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: new Date(Date.now() + 86_400_000).toISOString(),
});

describe('a vendor reaches only its own store', () => {
  let t: TestApp;
  let a: Vendor;
  let b: Vendor;
  let shopper: RegisteredShopper;
  const owned = {} as Owned;

  beforeAll(async () => {
    t = await createTestApp();
    a = await signedInVendor(t.app, t.db, { name: 'Owner Store' });
    b = await signedInVendor(t.app, t.db, { name: 'Other Store' });
    shopper = await registerShopper(t.app, { name: 'Curious Shopper' });

    // A's approved product, on the storefront.
    const product = await insertVendorProduct(t.db, a.id, {
      title: 'Owner Store Lamp',
      priceMinor: 2500,
      stock: 10,
    });
    owned.productId = product.id;

    // A paid order holding A's line, waiting to be shipped.
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNumber: `ORD-ISO-${randomUUID().slice(0, 8)}`,
        customerId: shopper.id,
        customerName: 'Curious Shopper',
        customerEmail: shopper.email,
        channel: 'b2b',
        status: 'Confirmed',
        currency: 'USD',
        itemsMinor: 2500,
        shippingMinor: 0,
        taxMinor: 250,
        totalMinor: 2750,
        isPaid: true,
        paidAt: new Date(),
        paymentMethod: 'Credit Card',
        shipAddress: 'House 7, Road 2',
        shipCountry: 'BD',
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    owned.orderId = order.id;
    await t.db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      storeId: a.id,
      skuId: product.skuId,
      name: 'Owner Store Lamp',
      quantity: 1,
      unitPriceMinor: 2500,
      lineTotalMinor: 2500,
      currency: 'USD',
    });

    // A's coupon, made through the panel.
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/coupons',
      headers: bearer(a.token),
      payload: COUPON_BODY(),
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    owned.couponId = coupon.json<{ data: { _id: string } }>().data._id;

    // A shopper's question to A about the product.
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/questions`,
      headers: bearer(shopper.token),
      payload: { message: 'Does it come with a bulb?' },
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const [conversation] = await t.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.storeId, a.id));
    if (!conversation) throw new Error('the question started no conversation');
    owned.conversationId = conversation.id;
  });
  afterAll(() => t.close());

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  // Every vendor operation that names a record, tried by vendor B on vendor A's record.
  const attempts: Array<[string, Method, (o: Owned) => string, object?]> = [
    ['getVendorProduct', 'GET', (o) => `/vendor/products/${o.productId}`],
    ['updateVendorProduct', 'PUT', (o) => `/vendor/products/${o.productId}`, PRODUCT_BODY],
    ['deleteVendorProduct', 'DELETE', (o) => `/vendor/products/${o.productId}`],
    ['getVendorOrder', 'GET', (o) => `/vendor/orders/${o.orderId}`],
    [
      'shipVendorOrder',
      'POST',
      (o) => `/vendor/orders/${o.orderId}/ship`,
      { carrier: 'DHL', trackingNumber: 'X1' },
    ],
    ['updateVendorCoupon', 'PUT', (o) => `/vendor/coupons/${o.couponId}`, COUPON_BODY()],
    ['deleteVendorCoupon', 'DELETE', (o) => `/vendor/coupons/${o.couponId}`],
    ['getVendorConversation', 'GET', (o) => `/vendor/conversations/${o.conversationId}`],
    [
      'replyVendorConversation',
      'POST',
      (o) => `/vendor/conversations/${o.conversationId}/messages`,
      { message: 'Not my customer.' },
    ],
  ];

  it.each(attempts)(
    '%s with another vendor’s id answers 404 and changes nothing',
    async (_op, method, url, body) => {
      const before = await snapshot(t.db, owned, a.id);
      const response = await call(b.token, method, url(owned), body);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ success: false });
      expect(await snapshot(t.db, owned, a.id)).toEqual(before);
    },
  );

  // The reads prove the ids are live for their owner, so the 404s above are about ownership; the owner's writes
  // are tested in each operation's own module.
  const reads = attempts.filter(([, method]) => method === 'GET');
  it.each(reads)('%s answers the owner', async (op, method, url) => {
    const response = await call(a.token, method, url(owned));
    expect(response.statusCode, `${op}: ${response.body}`).toBe(200);
  });

  it('lists show the other vendor none of A’s products, order lines, coupons or conversations', async () => {
    const lists = ['/vendor/products', '/vendor/orders', '/vendor/coupons', '/vendor/conversations'];
    for (const url of lists) {
      const mine = await call(a.token, 'GET', url);
      const theirs = await call(b.token, 'GET', url);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(theirs.statusCode, theirs.body).toBe(200);
      const ownedIds = Object.values(owned);
      expect(
        ownedIds.some((id) => mine.body.includes(id)),
        `${url} shows the owner its record`,
      ).toBe(true);
      for (const id of ownedIds) expect(theirs.body, url).not.toContain(id);
    }
  });

  it('the profile and dashboard are the caller’s own store', async () => {
    const profile = await call(b.token, 'GET', '/vendor/me');
    expect(profile.json()).toMatchObject({ data: { _id: b.id, name: 'Other Store' } });
    const dashboard = await call(b.token, 'GET', '/vendor/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.body).not.toContain(owned.orderId);
    expect(dashboard.body).not.toContain('Owner Store');
  });
});
