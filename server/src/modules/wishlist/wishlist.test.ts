import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, wishlistEntries } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';

describe('the wishlist', () => {
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;
  let earbuds: Awaited<ReturnType<typeof insertTestProduct>>;
  let lamp: Awaited<ReturnType<typeof insertTestProduct>>;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    shopper = await registerShopper(t.app);
    earbuds = await insertTestProduct(t.db, {
      title: 'Wireless Earbuds',
      skus: [
        { skuId: 'W1', salePriceMinor: 18_99, stock: 4 },
        { skuId: 'W2', salePriceMinor: 21_50, stock: 4 },
      ],
    });
    lamp = await insertTestProduct(t.db, {
      title: 'Desk Lamp',
      skus: [{ skuId: 'L1', salePriceMinor: 25_00, stock: 2 }],
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  const entriesFor = async (customerId: string, productId: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(wishlistEntries)
      .where(and(eq(wishlistEntries.customerId, customerId), eq(wishlistEntries.productId, productId)));
    return row?.n ?? 0;
  };

  it('starts empty', async () => {
    const response = await call('GET', '/api/wishlist/', shopper.token);
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listWishlist', response);
    expect(response.json()).toEqual({ success: true, data: [] });
  });

  it('adds a product once however often it is added, answering the same entry', async () => {
    const first = await call('POST', '/api/wishlist/add', shopper.token, { productId: earbuds.id });
    expect(first.statusCode).toBe(200);
    assertMatchesContract('addToWishlist', first);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Added to wishlist.',
      data: {
        product: {
          _id: earbuds.id,
          name: 'Wireless Earbuds',
          images: earbuds.images,
          // The card price: the cheapest option.
          price: 18.99,
          currency: 'USD',
        },
      },
    });
    const again = await call('POST', '/api/wishlist/add', shopper.token, { productId: earbuds.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await entriesFor(shopper.id, earbuds.id)).toBe(1);

    // Two adds racing each other still leave one entry.
    await Promise.all([
      call('POST', '/api/wishlist/add', shopper.token, { productId: lamp.id }),
      call('POST', '/api/wishlist/add', shopper.token, { productId: lamp.id }),
    ]);
    expect(await entriesFor(shopper.id, lamp.id)).toBe(1);
  });

  it('lists the entries newest first, in the currency asked for', async () => {
    const usd = await call('GET', '/api/wishlist/', shopper.token);
    expect(usd.json().data.map((entry: { product: { name: string } }) => entry.product.name)).toEqual([
      'Desk Lamp',
      'Wireless Earbuds',
    ]);
    const eur = await call('GET', '/api/wishlist/?currency=EUR', shopper.token);
    expect(eur.statusCode).toBe(200);
    assertMatchesContract('listWishlist', eur);
    // Seeded rate 0.86 EUR per USD: 25.00 USD is 21.50 EUR, 18.99 USD is 16.33 EUR.
    expect(eur.json().data.map((entry: { product: object }) => entry.product)).toMatchObject([
      { name: 'Desk Lamp', price: 21.5, currency: 'EUR' },
      { name: 'Wireless Earbuds', price: 16.33, currency: 'EUR' },
    ]);
    expect((await call('GET', '/api/wishlist/?currency=XYZ', shopper.token)).statusCode).toBe(400);
  });

  it('keeps each shopper’s wishlist to themselves', async () => {
    const someoneElse = await registerShopper(t.app);
    expect((await call('GET', '/api/wishlist/', someoneElse.token)).json().data).toEqual([]);
  });

  it('leaves out products that are no longer for sale, and lets them be removed', async () => {
    const hidden = await insertTestProduct(t.db, { skus: [{ skuId: 'H', salePriceMinor: 1_00, stock: 1 }] });
    await call('POST', '/api/wishlist/add', shopper.token, { productId: hidden.id });
    await t.db.update(products).set({ status: 'disabled' }).where(eq(products.id, hidden.id));
    const list = await call('GET', '/api/wishlist/', shopper.token);
    expect(list.json().data.map((entry: { product: { _id: string } }) => entry.product._id)).not.toContain(
      hidden.id,
    );
    const removed = await call('POST', '/api/wishlist/remove', shopper.token, { productId: hidden.id });
    expect(removed.statusCode).toBe(200);
    expect(await entriesFor(shopper.id, hidden.id)).toBe(0);
  });

  it('removes by product id, and removing what is not there succeeds too', async () => {
    const removed = await call('POST', '/api/wishlist/remove', shopper.token, { productId: earbuds.id });
    expect(removed.statusCode).toBe(200);
    assertMatchesContract('removeFromWishlist', removed);
    expect(removed.json()).toEqual({
      success: true,
      message: 'Removed from wishlist.',
      data: { productId: earbuds.id },
    });
    expect(await entriesFor(shopper.id, earbuds.id)).toBe(0);
    const again = await call('POST', '/api/wishlist/remove', shopper.token, { productId: earbuds.id });
    expect(again.statusCode).toBe(200);
    const list = await call('GET', '/api/wishlist/', shopper.token);
    expect(list.json().data.map((entry: { product: { name: string } }) => entry.product.name)).toEqual([
      'Desk Lamp',
    ]);
  });

  it('answers 404 for a product that does not exist or is not for sale', async () => {
    const draft = await insertTestProduct(t.db, {
      status: 'draft',
      skus: [{ skuId: 'D', salePriceMinor: 1_00, stock: 1 }],
    });
    for (const productId of [randomUUID(), 'not-a-product-id', draft.id]) {
      const response = await call('POST', '/api/wishlist/add', shopper.token, { productId });
      expect(response.statusCode, productId).toBe(404);
      assertMatchesContract('addToWishlist', response);
      expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Product not found.' });
    }
    expect(await entriesFor(shopper.id, draft.id)).toBe(0);
    for (const productId of [randomUUID(), 'not-a-product-id']) {
      const response = await call('POST', '/api/wishlist/remove', shopper.token, { productId });
      expect(response.statusCode, productId).toBe(404);
      assertMatchesContract('removeFromWishlist', response);
    }
  });

  it('refuses a body without a product id', async () => {
    const response = await call('POST', '/api/wishlist/add', shopper.token, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: '/productId', message: 'is required' }]);
  });

  it('asks for a shopper token: 401 without one, 403 with a staff token', async () => {
    const staffToken = await demoAdminToken(t.app);
    const calls: Array<['GET' | 'POST', string, object | undefined]> = [
      ['GET', '/api/wishlist/', undefined],
      ['POST', '/api/wishlist/add', { productId: lamp.id }],
      ['POST', '/api/wishlist/remove', { productId: lamp.id }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, null, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, staffToken, payload)).statusCode, url).toBe(403);
    }
    expect(await entriesFor(shopper.id, lamp.id)).toBe(1);
  });
});
