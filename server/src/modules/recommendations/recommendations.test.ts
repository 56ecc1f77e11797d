import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, products, recentlyViewed } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { RECENTLY_VIEWED_CAP } from './recommendations.repository.ts';

type Status = (typeof orders.$inferSelect)['status'];

const idsQuery = (ids: Array<string | undefined>) =>
  ids.map((id) => `ids=${encodeURIComponent(id ?? '')}`).join('&');

/** An order of several products, as paid (or not) and in the status given. */
async function orderOf(db: Database, productIds: string[], status: Status, isPaid = true) {
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-REC-${randomUUID().slice(0, 12)}`,
      customerName: 'Shopper',
      customerEmail: 'shopper@example.org',
      status,
      currency: 'USD',
      itemsMinor: 1000,
      shippingMinor: 0,
      taxMinor: 0,
      totalMinor: 1000,
      isPaid,
      paymentMethod: 'Credit Card',
      shipAddress: '1 Main Street',
      shipCountry: 'US',
    })
    .returning();
  if (!order) throw new Error('order not written');
  await db.insert(orderItems).values(
    productIds.map((productId, position) => ({
      orderId: order.id,
      productId,
      name: 'Item',
      quantity: 1,
      unitPriceMinor: 500,
      lineTotalMinor: 500,
      currency: 'USD',
      position,
    })),
  );
}

describe('customers also bought', () => {
  let t: TestApp;
  const p: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    for (const name of ['anchor', 'often', 'sometimes', 'cancelled', 'unpaid', 'disabled', 'draft']) {
      const product = await insertTestProduct(t.db, {
        title: `Rec ${name}`,
        skus: [{ skuId: `${name}-1`, salePriceMinor: 1500, stock: 4 }],
      });
      p[name] = product.id;
    }
    await t.db
      .update(products)
      .set({ status: 'disabled' })
      .where(eq(products.id, p.disabled ?? ''));
    await t.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, p.draft ?? ''));
    const {
      anchor = '',
      often = '',
      sometimes = '',
      cancelled = '',
      unpaid = '',
      disabled = '',
      draft = '',
    } = p;
    await orderOf(t.db, [anchor, often, sometimes], 'Delivered');
    await orderOf(t.db, [anchor, often], 'Shipped');
    await orderOf(t.db, [often, anchor], 'Confirmed', false);
    await orderOf(t.db, [anchor, sometimes], 'Completed');
    // Not bought: cancelled, failed, or placed and never paid.
    await orderOf(t.db, [anchor, cancelled], 'Cancelled');
    await orderOf(t.db, [anchor, cancelled], 'Failed', false);
    await orderOf(t.db, [anchor, unpaid], 'Placed', false);
    await orderOf(t.db, [anchor, unpaid], 'Pending', false);
    // Bought, but no longer shown to shoppers.
    await orderOf(t.db, [anchor, disabled], 'Delivered');
    await orderOf(t.db, [anchor, disabled], 'Delivered');
    await orderOf(t.db, [anchor, draft], 'Delivered');
  });
  afterAll(() => t.close());

  const alsoBought = (ids: string[]) =>
    t.app.inject({
      method: 'GET',
      url: `/api/recommendations/also-bought?${idsQuery(ids)}&currency=USD&country=US`,
    });

  it('ranks products by the orders they share with the product, counting bought orders only', async () => {
    const response = await alsoBought([p.anchor ?? '']);
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listAlsoBoughtProducts', response);
    const data = response.json().data as Array<{ _id: string; boughtTogether: number; price: number }>;
    expect(data.map((entry) => [entry._id, entry.boughtTogether])).toEqual([
      [p.often, 3],
      [p.sometimes, 2],
    ]);
    expect(data[0]).toMatchObject({ price: 15, currency: 'USD' });
  });

  it("for a cart, leaves out the cart's own products", async () => {
    const response = await alsoBought([p.anchor ?? '', p.often ?? '']);
    const data = response.json().data as Array<{ _id: string; boughtTogether: number }>;
    expect(data.map((entry) => [entry._id, entry.boughtTogether])).toEqual([[p.sometimes, 2]]);
  });

  it('answers an empty list for products nobody bought or ids that name nothing', async () => {
    const response = await alsoBought([p.cancelled ?? '', 'not-a-product']);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
    expect((await alsoBought([])).statusCode).toBe(400);
  });

  it('gives cards for the ids a device remembers, in order, skipping products shoppers cannot see', async () => {
    const ids = [p.sometimes, p.disabled, 'junk', randomUUID(), p.anchor, p.draft];
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/recommendations/products?${idsQuery(ids)}&currency=USD`,
    });
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listRecommendedProductsByIds', response);
    expect(response.json().data.map((entry: { _id: string }) => entry._id)).toEqual([p.sometimes, p.anchor]);
  });

  describe('recently viewed on the account', () => {
    let shopper: { id: string; token: string };
    const many: string[] = [];

    beforeAll(async () => {
      shopper = await registerShopper(t.app, { name: 'Window Shopper' });
      for (let i = 0; i < RECENTLY_VIEWED_CAP + 2; i += 1) {
        const product = await insertTestProduct(t.db, {
          title: `Viewed ${i}`,
          skus: [{ skuId: `v-${i}`, salePriceMinor: 900 + i, stock: 2 }],
        });
        many.push(product.id);
      }
    });

    const record = (token: string, items: Array<{ productId: string; viewedAt: string }>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/recently-viewed?currency=USD',
        headers: bearer(token),
        payload: { items },
      });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

    it('is for signed-in shoppers only', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/recently-viewed' })).statusCode).toBe(401);
      const admin = await demoAdminToken(t.app);
      const staff = await t.app.inject({
        method: 'GET',
        url: '/api/recently-viewed',
        headers: bearer(admin),
      });
      expect(staff.statusCode).toBe(403);
      expect((await record(admin, [{ productId: many[0] ?? '', viewedAt: at(1) }])).statusCode).toBe(403);
    });

    it("merges the device's list, newest first, each product once, capped", async () => {
      // Viewed on the account earlier: the oldest two, and one the device saw later.
      await record(shopper.token, [
        { productId: many[0] ?? '', viewedAt: at(100) },
        { productId: many[1] ?? '', viewedAt: at(90) },
        { productId: many[5] ?? '', viewedAt: at(80) },
      ]);
      const device = many.slice(2).map((productId, i) => ({ productId, viewedAt: at(50 - i) }));
      // The device saw many[5] long ago: the account's later view stands.
      device[3] = { productId: many[5] ?? '', viewedAt: at(500) };
      const response = await record(shopper.token, [
        ...device,
        { productId: randomUUID(), viewedAt: at(1) },
        { productId: 'junk', viewedAt: at(1) },
      ]);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('recordRecentlyViewed', response);
      const ids = response.json().data.map((entry: { _id: string }) => entry._id);
      expect(ids).toHaveLength(RECENTLY_VIEWED_CAP);
      expect(new Set(ids).size).toBe(RECENTLY_VIEWED_CAP);
      // Newest first: many[13] (39 minutes ago) ... many[2] (50), then many[5] (80, the account's later view);
      // the two oldest, many[1] (90) and many[0] (100), drop off.
      expect(ids[0]).toBe(many[13]);
      expect(ids.at(-2)).toBe(many[2]);
      expect(ids.at(-1)).toBe(many[5]);
      expect(ids).not.toContain(many[0]);
      expect(ids).not.toContain(many[1]);
      const stored = await t.db
        .select()
        .from(recentlyViewed)
        .where(eq(recentlyViewed.customerId, shopper.id));
      expect(stored).toHaveLength(RECENTLY_VIEWED_CAP);
    });

    it('stays within the cap when two devices merge at once', async () => {
      const racer = await registerShopper(t.app, { name: 'Two Devices' });
      const half = (from: number) =>
        many.slice(from, from + RECENTLY_VIEWED_CAP).map((productId, i) => ({ productId, viewedAt: at(i) }));
      const answers = await Promise.all([record(racer.token, half(0)), record(racer.token, half(2))]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const stored = await t.db.select().from(recentlyViewed).where(eq(recentlyViewed.customerId, racer.id));
      expect(stored).toHaveLength(RECENTLY_VIEWED_CAP);
    });

    it('skips products that are no longer shown to shoppers', async () => {
      await t.db
        .update(products)
        .set({ status: 'disabled' })
        .where(eq(products.id, many[13] ?? ''));
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/recently-viewed?currency=USD',
        headers: bearer(shopper.token),
      });
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listRecentlyViewed', response);
      const ids = response.json().data.map((entry: { _id: string }) => entry._id);
      expect(ids).not.toContain(many[13]);
      expect(ids[0]).toBe(many[12]);
    });

    it("keeps each shopper's list apart", async () => {
      const stranger = await registerShopper(t.app, { name: 'Stranger' });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/recently-viewed',
        headers: bearer(stranger.token),
      });
      expect(response.json().data).toEqual([]);
    });
  });
});
