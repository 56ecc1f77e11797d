import { and, arrayContains, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../../db/schema.ts';
import { CATALOGUE_CACHE_MS, createShortCache } from '../../http/short-cache.ts';
import { bearer, demoAdminToken, demoShopperToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { FACETS_CACHE_MS } from './products.handlers.ts';

type ListBody = { data: Array<{ _id: string; name: string; status: string }>; meta: { total: number } };

describe('catalogue cache', () => {
  let t: TestApp;
  let staff: string;
  const list = async (token?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/product/?currency=USD&limit=100',
        headers: token ? bearer(token) : {},
      })
    ).json() as ListBody;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    staff = await demoAdminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it("reuses a list for a moment, keeping shoppers' and staff's apart", async () => {
    const first = await list();
    const target = first.data[0];
    if (!target) throw new Error('The demo catalogue has no visible product');
    const staffFirst = await list(staff);
    // Changed behind the API's back (as another instance would): both keep their cached page for now.
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, target._id));
    expect((await list()).data.some((item) => item._id === target._id)).toBe(true);
    expect((await list(staff)).meta.total).toBe(staffFirst.meta.total);
    // Staff see drafts, shoppers never: a staff page is not served to a shopper, nor the other way round.
    expect(staffFirst.meta.total).toBeGreaterThan(first.meta.total);
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_CACHE_MS + 50));
    expect((await list()).data.some((item) => item._id === target._id)).toBe(false);
    expect((await list(staff)).data.find((item) => item._id === target._id)?.status).toBe('draft');
  });

  it("reuses a filter set's facet counts for a minute across pages and sorts, then counts again", async () => {
    type Facets = { category: Array<{ value: string; count: number }> };
    const facets = async (extra: string) =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/product/?currency=USD&facets=true&limit=2${extra}` })
        ).json() as { facets: Facets }
      ).facets;
    const categoryCount = (found: Facets, name: string) =>
      found.category.find((choice) => choice.value === name)?.count ?? 0;
    const first = await facets('&page=1');
    const counted = first.category.find((choice) => choice.count > 0)?.value;
    if (!counted) throw new Error('The demo catalogue counts no category');
    const [visible] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.status, 'published'), arrayContains(products.categories, [counted])))
      .limit(1);
    const row = { category: counted };
    const before = categoryCount(first, row.category);
    expect(before).toBeGreaterThan(0);
    // Taken off the storefront: another page and sort of the same filters still show the minute-old counts...
    await t.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, visible?.id ?? ''));
    expect(categoryCount(await facets('&page=2&sort=price_asc'), row.category)).toBe(before);
    // ...a filter set not counted yet is counted now, and after the minute so is the first one.
    vi.useFakeTimers({ now: Date.now() + FACETS_CACHE_MS + 1000, toFake: ['Date'] });
    try {
      expect(categoryCount(await facets('&page=1'), row.category)).toBe(before - 1);
    } finally {
      vi.useRealTimers();
      await t.db
        .update(products)
        .set({ status: 'published' })
        .where(eq(products.id, visible?.id ?? ''));
    }
  });

  it('shows a change made through the API to the very next shopper', async () => {
    const before = await list();
    const staffBefore = await list(staff);
    const target = before.data[0];
    if (!target) throw new Error('The demo catalogue has no visible product');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/product/bulk',
      headers: bearer(staff),
      payload: { action: 'disable', ids: [target._id] },
    });
    expect(response.statusCode).toBe(200);
    const after = await list();
    expect(after.data.some((item) => item._id === target._id)).toBe(false);
    expect(after.meta.total).toBe(before.meta.total - 1);
    // Staff see every status: the disabled product is still counted, with its new status.
    const staffAfter = await list(staff);
    expect(staffAfter.meta.total).toBe(staffBefore.meta.total);
    expect(staffAfter.data.find((item) => item._id === target._id)?.status).toBe('disabled');
  });

  it("keeps the list through a shopper's cart sync and visit, and clears it on a staff change", async () => {
    const first = await list();
    const target = first.data[0];
    if (!target) throw new Error('The demo catalogue has no visible product');
    const shopper = await demoShopperToken(t.app);
    const write = (method: 'PUT' | 'POST', url: string, payload: object, token?: string) =>
      t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, target._id));
    // Browsing writes change no product: the page stays the cached one.
    expect((await write('PUT', '/api/cart', { items: [] }, shopper)).statusCode).toBe(200);
    expect(
      (
        await write('POST', '/api/stats/visit', {
          path: '/',
          visitorId: '0b7c2a6e-4d1f-4a8b-9c3e-5f6a7b8c9d0e',
        })
      ).statusCode,
    ).toBe(201);
    expect((await list()).data.some((item) => item._id === target._id)).toBe(true);
    // A staff change through this instance clears it at once.
    const changed = await write('POST', '/api/product/bulk', { action: 'disable', ids: [target._id] }, staff);
    expect(changed.statusCode).toBe(200);
    expect((await list()).data.some((item) => item._id === target._id)).toBe(false);
    const restored = await write(
      'POST',
      '/api/product/bulk',
      { action: 'publish', ids: [target._id] },
      staff,
    );
    expect(restored.statusCode).toBe(200);
  });

  it("reuses the staff list's count while paging", async () => {
    const pageOne = await list(staff);
    const target = pageOne.data[0];
    if (!target) throw new Error('The demo catalogue has no product');
    await t.db.delete(products).where(eq(products.id, target._id));
    // Another page of the same list: read afresh, counted as before.
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/product/?currency=USD&limit=100&page=2',
      headers: bearer(staff),
    });
    expect(response.json().meta.total).toBe(pageOne.meta.total);
  });

  it('drops entries when they expire, and answers computed across a change are not kept', async () => {
    const cache = createShortCache({ ttlMs: 20 });
    cache.set('a', 1, cache.generation());
    expect(cache.get('a')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(cache.get('a')).toBeUndefined();

    const startedIn = cache.generation();
    cache.clear();
    cache.set('b', 2, startedIn);
    expect(cache.get('b')).toBeUndefined();
  });
});
