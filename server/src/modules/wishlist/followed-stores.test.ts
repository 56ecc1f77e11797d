import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('followed stores', () => {
  let t: TestApp;
  let token: string;
  let storeIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    token = (await registerShopper(t.app)).token;
    storeIds = (await t.db.select({ id: stores.id }).from(stores).where(eq(stores.status, 'active'))).map(
      (s) => s.id,
    );
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as: string | null = token) =>
    t.app.inject({
      method,
      url: `/api/followed-stores${url}`,
      headers: as ? bearer(as) : {},
      ...(payload ? { payload } : {}),
    });

  it('starts empty, follows stores newest first, and following twice keeps one entry', async () => {
    const empty = await call('GET', '/');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    const [first, second] = storeIds;
    if (!first || !second) throw new Error('the demo data has fewer than two active stores');

    const followed = await call('POST', '/follow', { storeId: first });
    expect(followed.statusCode).toBe(200);
    assertMatchesContract('followStore', followed);
    expect(followed.json()).toMatchObject({ message: 'Store followed.', data: { store: { _id: first } } });
    const again = await call('POST', '/follow', { storeId: first });
    expect(again.json().data._id).toBe(followed.json().data._id);
    await call('POST', '/follow', { storeId: second });

    const list = await call('GET', '/');
    assertMatchesContract('listFollowedStores', list);
    expect(list.json().data.map((entry: { store: { _id: string } }) => entry.store._id)).toEqual([
      second,
      first,
    ]);
  });

  it('unfollows, also a store not followed, naming it', async () => {
    const [first, , third] = storeIds;
    const response = await call('POST', '/unfollow', { storeId: first });
    expect(response.statusCode).toBe(200);
    assertMatchesContract('unfollowStore', response);
    expect(response.json()).toEqual({
      success: true,
      message: 'Store unfollowed.',
      data: { storeId: first },
    });
    const notFollowed = await call('POST', '/unfollow', { storeId: third ?? 'not-a-store' });
    expect(notFollowed.statusCode).toBe(200);
    const list = await call('GET', '/');
    expect(list.json().data.some((entry: { store: { _id: string } }) => entry.store._id === first)).toBe(
      false,
    );
  });

  it('answers 404 for unknown or inactive stores, 401 signed out and 403 for staff', async () => {
    for (const storeId of ['3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', 'not-a-uuid']) {
      const response = await call('POST', '/follow', { storeId });
      expect(response.statusCode).toBe(404);
      assertMatchesContract('followStore', response);
      expect(response.json().message).toBe('Store not found.');
    }
    const [store] = storeIds;
    if (!store) throw new Error('no store');
    await t.db.update(stores).set({ status: 'suspended' }).where(eq(stores.id, store));
    expect((await call('POST', '/follow', { storeId: store })).statusCode).toBe(404);
    await t.db.update(stores).set({ status: 'active' }).where(eq(stores.id, store));

    expect((await call('GET', '/', undefined, null)).statusCode).toBe(401);
    const staff = await demoAdminToken(t.app);
    const asStaff = await call('POST', '/follow', { storeId: store }, staff);
    expect(asStaff.statusCode).toBe(403);
    assertMatchesContract('followStore', asStaff);
  });
});
