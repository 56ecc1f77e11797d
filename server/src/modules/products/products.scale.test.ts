import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../db/capped-count.ts';
import { currencyRates, products } from '../../db/schema.ts';
import { bearer, demoAdminToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { refreshPriceSortKeys } from '../pricing/index.ts';
import { type ProductFilters, SHOPPER_STATUSES } from './products.filters.ts';
import { CLOSE_MATCH_MAX, listProducts, type ProductSort, SHOPPER_COUNT_CAP } from './products.listing.ts';

// What keeps the shopper catalogue fast at a million products (issue 28) must not change what it answers:
// the stored USD price, the capped count, the close matches of a search.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const shopper = (filters: ProductFilters = {}): ProductFilters => ({ ...filters, visible: SHOPPER_STATUSES });
const SORTS: ProductSort[] = ['newest', 'price_asc', 'price_desc', 'popularity', 'title'];

// The order as the list worked it out before the stored price and the sort indexes (the USD price per row).
const OLD_ORDER: Record<ProductSort, string> = {
  newest: 'p.created_at desc, p.id desc',
  price_asc: 'usd asc, p.created_at desc, p.id desc',
  price_desc: 'usd desc, p.created_at desc, p.id desc',
  popularity: 'p.sales_count desc, p.created_at desc, p.id desc',
  title: 'lower(p.title) asc, p.id asc',
};

describe('the catalogue at scale', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    // Prices in several currencies, some equal in USD, some created at the same moment: the ties the order breaks.
    const at = new Date('2026-01-02T03:04:05Z');
    const made = [
      { title: 'Wireless Earbuds Bluetooth 5.3 Case', currency: 'USD', price: 1000 },
      { title: 'wireless earbuds lite', currency: 'BDT', price: 121_500 },
      { title: 'ওয়্যারলেস ইয়ারবাড ব্লুটুথ', currency: 'BDT', price: 60_750 },
      { title: 'Auriculares inalámbricos', currency: 'EUR', price: 860 },
      { title: 'वायरलेस ईयरबड्स', currency: 'INR', price: 88_600 },
      { title: 'Tote bag canvas', currency: 'GBP', price: 760 },
      { title: 'Wirless Earbds Knockoff', currency: 'USD', price: 300 },
    ];
    for (const [n, item] of made.entries()) {
      const row = await insertTestProduct(t.db, {
        title: item.title,
        currency: item.currency,
        skus: [{ skuId: `SCALE-${n}`, salePriceMinor: item.price, stock: 5 }],
      });
      await t.db
        .update(products)
        .set({ createdAt: n < 3 ? at : new Date(at.getTime() + n * 1000), salesCount: n % 2 })
        .where(eq(products.id, row.id));
    }
  });
  afterAll(() => t.close());

  const ids = async (filters: ProductFilters, sort: ProductSort, limit = 100) =>
    (await listProducts(t.db, shopper(filters), { page: 1, limit, sort, currency: 'USD' })).rows.map(
      (row) => row.id,
    );

  /** The visible products in the order the list used to give them, worked out per row as it was. */
  const oldOrder = async (sort: ProductSort, where = sql`true`) => {
    const result = await t.db.execute(sql`
      select p.id from (
        select products.*, products.price_minor::numeric
          / coalesce((select r.rate from currency_rates r where r.code = products.currency), 1) as usd
        from products
        where products.status in ('published', 'out_of_stock') and products.approval = 'approved'
          and not exists (select 1 from stores s where s.id = products.store_id and s.status <> 'active')
          and ${where}
      ) p order by ${sql.raw(OLD_ORDER[sort])} limit 100`);
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  };

  it('lists every sort in the order it had before, with and without a category', async () => {
    for (const sort of SORTS) {
      expect(await ids({}, sort), sort).toEqual(await oldOrder(sort));
      expect(await ids({ category: 'Electronics' }, sort), sort).toEqual(
        await oldOrder(sort, sql`categories @> array['Electronics']::text[]`),
      );
    }
  });

  it('pages a search of few matches (sorted from its matches) in every sort as the order always was', async () => {
    const match = sql`search_vector @@ to_tsquery('simple', 'earbuds:*')`;
    for (const sort of SORTS) {
      const expected = await oldOrder(sort, match);
      expect(expected.length, sort).toBeGreaterThan(2);
      const paged: string[] = [];
      for (let n = 1; n <= expected.length; n += 1) {
        const { rows } = await listProducts(t.db, shopper({ q: 'earbuds' }), {
          page: n,
          limit: 2,
          sort,
          currency: 'USD',
          countCap: SHOPPER_COUNT_CAP,
        });
        paged.push(...rows.map((row) => row.id));
        if (rows.length < 2) break;
      }
      expect(paged, sort).toEqual(expected);
    }
  });

  it('keeps the price sort right across currencies when a rate changes, is added or is removed', async () => {
    const usd = async (title: string) => {
      const [row] = await t.db
        .select({ usd: products.priceUsdMinor })
        .from(products)
        .where(eq(products.title, title));
      return Number(row?.usd);
    };
    expect(await usd('wireless earbuds lite')).toBe(1000);
    // BDT weakens: the BDT product is now cheaper in USD than the USD one at 10.00.
    await t.db.update(currencyRates).set({ rate: '243' }).where(eq(currencyRates.code, 'BDT'));
    await refreshPriceSortKeys(t.db);
    expect(await usd('wireless earbuds lite')).toBe(500);
    for (const sort of ['price_asc', 'price_desc'] as const)
      expect(await ids({}, sort)).toEqual(await oldOrder(sort));
    const cheap = await ids({ q: 'wireless earbuds' }, 'price_asc');
    const lite = cheap.indexOf(
      (await t.db.select().from(products).where(eq(products.title, 'wireless earbuds lite')))[0]?.id ?? '',
    );
    const usdOne = cheap.indexOf(
      (await t.db.select().from(products).where(eq(products.title, 'Wireless Earbuds Bluetooth 5.3 Case')))[0]
        ?.id ?? '',
    );
    expect(lite).toBeGreaterThanOrEqual(0);
    expect(lite).toBeLessThan(usdOne);
    // A product repriced or moved to another currency follows too.
    await t.db.update(products).set({ currency: 'USD' }).where(eq(products.title, 'wireless earbuds lite'));
    expect(await usd('wireless earbuds lite')).toBe(121_500);
    await t.db.update(products).set({ currency: 'BDT' }).where(eq(products.title, 'wireless earbuds lite'));
    // Without a rate a price counts as USD, as it did; a new rate reprices on the next pass.
    await t.db.delete(currencyRates).where(eq(currencyRates.code, 'BDT'));
    await refreshPriceSortKeys(t.db);
    expect(await usd('wireless earbuds lite')).toBe(121_500);
    await t.db.insert(currencyRates).values({ code: 'BDT', rate: '121.5', symbol: '৳' });
    await refreshPriceSortKeys(t.db);
    expect(await usd('wireless earbuds lite')).toBe(1000);
    for (const sort of ['price_asc', 'price_desc'] as const)
      expect(await ids({}, sort)).toEqual(await oldOrder(sort));
  });

  it('finds misspelled words in English, Bengali, Hindi and Spanish, exact matches first', async () => {
    const titles = async (q: string) => {
      const page = await listProducts(t.db, shopper({ q }), {
        page: 1,
        limit: 20,
        sort: 'newest',
        currency: 'USD',
      });
      return { titles: page.rows.map((row) => row.title), total: page.total };
    };
    expect((await titles('wirless earbds')).titles).toEqual(
      expect.arrayContaining(['Wireless Earbuds Bluetooth 5.3 Case', 'wireless earbuds lite']),
    );
    // Partial words still match by prefix.
    expect((await titles('wireles earbud')).titles).toContain('Wireless Earbuds Bluetooth 5.3 Case');
    expect((await titles('ওয়ারলেস')).titles).toEqual(['ওয়্যারলেস ইয়ারবাড ব্লুটুথ']);
    expect((await titles('ইয়ারবাড')).titles).toEqual(['ওয়্যারলেস ইয়ারবাড ব্লুটুথ']);
    expect((await titles('वायरलेस')).titles).toEqual(['वायरलेस ईयरबड्स']);
    expect((await titles('inalambricos')).titles).toEqual(['Auriculares inalámbricos']);
    // "tote" holds for one product exactly and is close to none: the typo "totte" finds it only by trigrams.
    expect(await titles('totte')).toEqual({ titles: ['Tote bag canvas'], total: 1 });
    // Exact matches first: the title only close to both words comes after every title holding them.
    const both = (await titles('wireless earbuds')).titles;
    const exact = both.map((title) => /wireless/i.test(title) && /earbuds/i.test(title));
    expect(exact.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(both.at(-1)).toBe('Wirless Earbds Knockoff');
    expect(exact.slice(0, -1).every(Boolean)).toBe(true);
    expect(await titles('qqqzzz')).toEqual({ titles: [], total: 0 });
    expect(CLOSE_MATCH_MAX).toBeGreaterThan(20);
  });

  it('counts shoppers up to the cap and ends their pages there, saying when more match', async () => {
    const [visible] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from products where status in ('published', 'out_of_stock') and approval = 'approved'`,
      ),
    );
    const all = visible?.n ?? 0;
    expect(all).toBeGreaterThan(5);
    const page = (n: number, countCap?: number) =>
      listProducts(t.db, shopper(), { page: n, limit: 2, sort: 'newest', currency: 'USD', countCap });
    expect(await page(1, SHOPPER_COUNT_CAP)).toMatchObject({ total: all, capped: false });
    expect(await page(1, 5)).toMatchObject({ total: 5, capped: true });
    // As many as the cap: exact.
    expect(await page(1, all)).toMatchObject({ total: all, capped: false });
    expect((await page(2, 5)).rows).toHaveLength(2);
    // The third page of two holds the fifth product only; the fourth is past the count.
    expect((await page(3, 5)).rows).toHaveLength(1);
    expect(await page(4, 5)).toMatchObject({ rows: [], total: 5 });
    expect((await page(4)).rows).toHaveLength(2);
    expect(await page(1)).toMatchObject({ total: all, capped: false });
    // Through the API: shoppers' total is the capped count, exact below the cap.
    const response = await t.app.inject({ method: 'GET', url: '/api/product/?currency=USD&limit=2' });
    expect(response.json<{ meta: { total: number } }>().meta.total).toBe(Math.min(all, SHOPPER_COUNT_CAP));
  });

  it('counts a staff search up to 10,000 and says there are more, as the other staff lists do', async () => {
    await t.db.execute(sql`insert into products (product_id, source, status, title, stock)
      select 'CAP-' || g, 'manual', 'draft', 'Countable lantern ' || g, 1
      from generate_series(1, ${COUNT_CAP + 1}) g`);
    const headers = bearer(await demoAdminToken(t.app));
    const meta = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers })).json<{ meta: Record<string, unknown> }>().meta;
    expect(await meta('/api/product/?q=countable&limit=10')).toEqual({
      page: 1,
      limit: 10,
      total: COUNT_CAP,
      capped: true,
    });
    // One fewer is counted exactly (another filter, so no count kept for a moment is reused).
    await t.db.execute(sql`delete from products where product_id = 'CAP-1'`);
    expect(await meta('/api/product/?q=countable&status=draft&limit=10')).toEqual({
      page: 1,
      limit: 10,
      total: COUNT_CAP,
    });
    await t.db.execute(sql`delete from products where product_id like 'CAP-%'`);
  });
});
