import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder, insertTestProduct } from '../orders/orders.fixtures.ts';
import { DEFAULT_ACCOUNT_SETTINGS } from './account.handlers.ts';

describe('the shopper account: overview figures and settings kept on the server', () => {
  let t: TestApp;
  let shopper: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    shopper = await registerShopper(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  it('counts orders, those still on their way, and wishlist items', async () => {
    const empty = await call('GET', '/user/overview', shopper.token);
    expect(empty.statusCode).toBe(200);
    assertMatchesContract('getAccountOverview', empty);
    expect(empty.json().data).toEqual({ totalOrders: 0, pendingDelivery: 0, wishlistItems: 0 });

    const product = await insertTestProduct(t.db, { skus: [{ skuId: 'a1', salePriceMinor: 500, stock: 3 }] });
    await insertTestOrder(t.db, { customerId: shopper.id, productId: product.id, deliveredAt: new Date() });
    await insertTestOrder(t.db, { customerId: shopper.id, productId: product.id, deliveredAt: null });
    await t.app.inject({
      method: 'POST',
      url: '/api/wishlist/add',
      headers: bearer(shopper.token),
      payload: { productId: product.id },
    });
    const counted = await call('GET', '/user/overview', shopper.token);
    expect(counted.json().data).toEqual({ totalOrders: 2, pendingDelivery: 1, wishlistItems: 1 });
  });

  it('answers the defaults before anything is saved, then keeps what is sent, field by field', async () => {
    const first = await call('GET', '/user/settings', shopper.token);
    assertMatchesContract('getAccountSettings', first);
    expect(first.json().data).toEqual(DEFAULT_ACCOUNT_SETTINGS);

    const saved = await call('PUT', '/user/settings', shopper.token, {
      language: 'es',
      currency: 'EUR',
      shipToCountry: 'ES',
      notifications: { promotions: false },
    });
    expect(saved.statusCode).toBe(200);
    assertMatchesContract('updateAccountSettings', saved);
    const expected = {
      shipToCountry: 'ES',
      currency: 'EUR',
      language: 'es',
      theme: 'light',
      notifications: { orderUpdates: true, promotions: false },
    };
    expect(saved.json().data).toEqual(expected);
    // Another device signing in reads the same.
    expect((await call('GET', '/user/settings', shopper.token)).json().data).toEqual(expected);

    await call('PUT', '/user/settings', shopper.token, { theme: 'dark' });
    expect((await call('GET', '/user/settings', shopper.token)).json().data).toEqual({
      ...expected,
      theme: 'dark',
    });
  });

  it('offers India and Indian rupees, one of the store’s three markets', async () => {
    const shopperInIndia = await registerShopper(t.app);
    const saved = await call('PUT', '/user/settings', shopperInIndia.token, {
      language: 'hi',
      currency: 'INR',
      shipToCountry: 'IN',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ language: 'hi', currency: 'INR', shipToCountry: 'IN' });
  });

  it('refuses values outside the choices, and keeps the settings as they were', async () => {
    const before = (await call('GET', '/user/settings', shopper.token)).json().data;
    for (const body of [
      { language: 'fr' },
      { currency: 'XXX' },
      { shipToCountry: 'ZZ' },
      { theme: 'blue' },
    ]) {
      const refused = await call('PUT', '/user/settings', shopper.token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/user/settings', shopper.token)).json().data).toEqual(before);
  });

  it('reads a damaged stored value as its default, never failing', async () => {
    await t.db
      .update(customers)
      .set({ settings: { language: 'xx', notifications: 'yes' } })
      .where(eq(customers.id, shopper.id));
    const read = await call('GET', '/user/settings', shopper.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(DEFAULT_ACCOUNT_SETTINGS);
  });

  it('is the shopper’s own: no token 401, a staff token 403', async () => {
    expect((await call('GET', '/user/settings', null)).statusCode).toBe(401);
    const admin = await demoAdminToken(t.app);
    expect((await call('GET', '/user/overview', admin)).statusCode).toBe(403);
    expect((await call('PUT', '/user/settings', admin, { theme: 'dark' })).statusCode).toBe(403);
  });
});
