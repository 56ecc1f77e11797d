import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';

describe('a store’s public page', () => {
  let t: TestApp;
  let storeId: string;
  let suspendedId: string;
  let listed: string;

  beforeAll(async () => {
    t = await createTestApp();
    const [store] = await t.db
      .insert(stores)
      .values({
        name: 'SoundPeak Official Store',
        email: 'hello@soundpeak.example.com',
        description: 'Audio.',
      })
      .returning();
    const [suspended] = await t.db
      .insert(stores)
      .values({ name: 'Gone Store', email: 'gone@example.com', status: 'suspended' })
      .returning();
    if (!store || !suspended) throw new Error('store insert returned no row');
    storeId = store.id;
    suspendedId = suspended.id;
    const shown = await insertTestProduct(t.db, { skus: [{ skuId: 's1', salePriceMinor: 1500, stock: 2 }] });
    const draft = await insertTestProduct(t.db, {
      status: 'draft',
      skus: [{ skuId: 's2', salePriceMinor: 1500, stock: 2 }],
    });
    await insertTestProduct(t.db, { skus: [{ skuId: 's3', salePriceMinor: 1500, stock: 2 }] });
    for (const id of [shown.id, draft.id]) {
      await t.db.update(products).set({ storeId }).where(eq(products.id, id));
    }
    listed = shown.id;
    const follower = await registerShopper(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/followed-stores/follow',
      headers: bearer(follower.token),
      payload: { storeId },
    });
  });
  afterAll(() => t.close());

  it('shows an active store with its visible product count and followers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/stores/${storeId}` });
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getStore', response);
    expect(response.json().data).toMatchObject({
      _id: storeId,
      name: 'SoundPeak Official Store',
      description: 'Audio.',
      productCount: 1,
      followers: 1,
    });
  });

  it('lists only the store’s products shoppers may see', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/product/?store=${storeId}&currency=USD`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((product: { _id: string }) => product._id)).toEqual([listed]);
    const odd = await t.app.inject({ method: 'GET', url: '/api/product/?store=not-a-store' });
    expect(odd.statusCode).toBeLessThan(500);
  });

  it('answers 404 for a suspended, unknown or malformed store', async () => {
    for (const id of [suspendedId, '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', 'nope']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/stores/${id}` });
      expect(response.statusCode, id).toBe(404);
    }
  });
});
