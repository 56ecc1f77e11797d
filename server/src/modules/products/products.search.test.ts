import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates, productSkus, products, titleWords } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { type ProductFilters, SHOPPER_STATUSES } from './products.filters.ts';
import { SHOPPER_COUNT_CAP } from './products.listing.ts';
import { productFacets } from './products.search.ts';

// Search as shoppers use it (issue 30): misspelled, partial and translated words, facets counted for the search,
// suggestions while typing and "did you mean" when nothing matches; what shoppers may not see never counts.

interface Facets {
  category: Array<{ value: string; count: number }>;
  price: Array<{ min: number; max: number | null; count: number }>;
  rating: Array<{ value: number; count: number }>;
  shipsFrom: Array<{ value: string; count: number }>;
  deliversTo: Array<{ value: string; count: number }>;
}
interface ListBody {
  data: Array<{ name: string }>;
  meta: { total: number };
  facets?: Facets;
  didYouMean?: string;
}

const CATALOGUE = [
  {
    title: 'Wireless Earbuds Pro',
    currency: 'USD',
    price: 15_00,
    categories: ['Electronics'],
    rating: 4.5,
    from: 'China',
  },
  {
    title: 'Wireless Earbuds Lite',
    currency: 'BDT',
    price: 1215_00,
    categories: ['Electronics'],
    rating: 3.2,
    from: 'United States',
  },
  {
    title: 'ওয়্যারলেস ইয়ারবাড',
    currency: 'BDT',
    price: 607_50,
    categories: ['Electronics'],
    rating: 0,
    from: 'China',
  },
  {
    title: 'Cotton Summer Dress for Women',
    currency: 'USD',
    price: 30_00,
    categories: ['Fashion', 'Women'],
    rating: 4.8,
    from: 'Spain',
  },
  {
    title: 'Ceramic Coffee Mug',
    currency: 'USD',
    price: 120_00,
    categories: ['Home & Kitchen', 'Home'],
    rating: 4.1,
    from: null,
  },
  // Disabled: never found, suggested nor counted.
  {
    title: 'Wireless Earbuds Hidden',
    currency: 'USD',
    price: 12_00,
    categories: ['Electronics'],
    rating: 5,
    from: 'Germany',
    status: 'disabled' as const,
  },
];

describe('search: typos, translations, facets, suggestions, did you mean', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db
      .insert(currencyRates)
      .values([
        { code: 'BDT', rate: '121.5', symbol: '৳' },
        { code: 'EUR', rate: '0.86', symbol: '€' },
      ])
      .onConflictDoNothing();
    for (const [n, item] of CATALOGUE.entries()) {
      const row = await insertTestProduct(t.db, {
        title: item.title,
        currency: item.currency,
        ...(item.status ? { status: item.status } : {}),
        skus: [{ skuId: `SEARCH-${n}`, salePriceMinor: item.price, stock: 5 }],
      });
      await t.db
        .update(products)
        .set({ categories: item.categories, rating: item.rating })
        .where(eq(products.id, row.id));
      if (item.from) {
        await t.db
          .update(productSkus)
          .set({
            properties: [
              {
                sku_property_id: 200007763,
                sku_property_name: 'Ships From',
                sku_property_value: item.from,
                property_value_id: 201336100 + n,
              },
            ],
          })
          .where(eq(productSkus.productId, row.id));
      }
    }
  });
  afterAll(() => t.close());

  async function list(query: string, status = 200): Promise<ListBody> {
    const response = await t.app.inject({ method: 'GET', url: `/api/product/?${query}` });
    expect(response.statusCode, response.body).toBe(status);
    assertMatchesContract('listProducts', response);
    return response.json() as ListBody;
  }
  const names = async (query: string) => (await list(query)).data.map((item) => item.name).sort();
  const counts = <T>(facet: Array<{ value: T; count: number }>) =>
    Object.fromEntries(
      facet.filter((choice) => choice.count > 0).map((choice) => [choice.value, choice.count]),
    );

  it('finds misspelled and partial words in any script, never a disabled product', async () => {
    const earbuds = ['Wireless Earbuds Lite', 'Wireless Earbuds Pro'];
    expect(await names('currency=USD&q=wireles%20earbud')).toEqual(earbuds);
    expect(await names(`currency=USD&q=${encodeURIComponent('wirless earbds')}`)).toEqual(earbuds);
    expect(await names(`currency=USD&q=${encodeURIComponent('ইয়ারবাড')}`)).toEqual(['ওয়্যারলেস ইয়ারবাড']);
    expect(await names(`currency=USD&q=${encodeURIComponent('ওয়ারলেস')}`)).toEqual(['ওয়্যারলেস ইয়ারবাড']);
  });

  it("finds a category's products by its name in Bengali, Hindi or Spanish", async () => {
    const electronics = ['Wireless Earbuds Lite', 'Wireless Earbuds Pro', 'ওয়্যারলেস ইয়ারবাড'];
    for (const name of ['ইলেকট্রনিক্স', 'इलेक्ट्रॉनिक्स', 'Electrónica', 'electronics']) {
      expect(await names(`currency=USD&limit=50&q=${encodeURIComponent(name)}`), name).toEqual(electronics);
    }
    expect(await names(`currency=USD&q=${encodeURIComponent('Hogar y cocina')}`)).toEqual([
      'Ceramic Coffee Mug',
    ]);
  });

  it('counts each facet for the search, over the other filters but not its own', async () => {
    const { facets, meta } = await list('currency=USD&facets=true&q=wireless%20earbuds');
    expect(meta.total).toBe(2);
    if (!facets) throw new Error('no facets');
    expect(counts(facets.category)).toEqual({ Electronics: 2 });
    expect(facets.price.map((range) => [range.min, range.max])).toEqual([
      [0, 10],
      [10, 25],
      [25, 50],
      [50, 100],
      [100, 250],
      [250, null],
    ]);
    // 10.00 USD (৳1,215) is the second range's first price.
    expect(facets.price.map((range) => range.count)).toEqual([0, 2, 0, 0, 0, 0]);
    expect(counts(facets.rating)).toEqual({ 4: 1, 3: 2, 2: 2, 1: 2 });
    expect(counts(facets.shipsFrom)).toEqual({ China: 1, 'United States': 1 });

    // Ticked: the category facet still counts every category under the rating, the rating facet every rating
    // under the category.
    const narrowed = await list('currency=USD&facets=true&category=Electronics&minRating=4');
    expect(narrowed.data.map((item) => item.name)).toEqual(['Wireless Earbuds Pro']);
    expect(counts(narrowed.facets?.category ?? [])).toEqual({
      Electronics: 1,
      Fashion: 1,
      Women: 1,
      'Home & Kitchen': 1,
      Home: 1,
    });
    expect(counts(narrowed.facets?.rating ?? [])).toEqual({ 4: 1, 3: 2, 2: 2, 1: 2 });
    expect(counts(narrowed.facets?.shipsFrom ?? [])).toEqual({ China: 1 });
  });

  it("counts and filters the products their suppliers deliver to the shopper's country", async () => {
    const [mug] = await t.db
      .select()
      .from(products)
      .where(eq(products.title, 'Cotton Summer Dress for Women'));
    if (!mug) throw new Error('no dress');
    await t.db
      .update(products)
      .set({ noDeliveryTo: ['AU'] })
      .where(eq(products.id, mug.id));
    try {
      const all = await list('currency=USD&facets=true');
      // Asked without a country: the list's default ship-to country, Bangladesh.
      expect(all.facets?.deliversTo).toEqual([{ value: 'BD', count: all.meta.total }]);
      const inAustralia = await list('currency=USD&facets=true&country=AU');
      expect(inAustralia.facets?.deliversTo).toEqual([{ value: 'AU', count: all.meta.total - 1 }]);
      const inBangladesh = await list('currency=USD&facets=true&country=BD');
      expect(inBangladesh.facets?.deliversTo).toEqual([{ value: 'BD', count: all.meta.total }]);
      const ticked = await list('currency=USD&facets=true&country=AU&deliversTo=AU');
      expect(ticked.meta.total).toBe(all.meta.total - 1);
      expect(ticked.data.map((item) => item.name)).not.toContain('Cotton Summer Dress for Women');
      // The other facets count under it: Fashion loses the dress.
      expect(counts(ticked.facets?.category ?? []).Fashion ?? 0).toBe(
        (counts(all.facets?.category ?? []).Fashion ?? 0) - 1,
      );
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/product/?deliversTo=Australia' })).statusCode,
      ).toBe(400);
    } finally {
      await t.db.update(products).set({ noDeliveryTo: [] }).where(eq(products.id, mug.id));
    }
  });

  it("shows price ranges in the shopper's currency, rounded, and filters by them", async () => {
    const { facets } = await list('currency=BDT&facets=true');
    // 10, 25, 50, 100 and 250 USD at 121.5: ৳1,215, ৳3,037.50... rounded to amounts read at a glance.
    expect(facets?.price.map((range) => [range.min, range.max, range.count])).toEqual([
      [0, 1000, 1],
      [1000, 2500, 2],
      [2500, 5000, 1],
      [5000, 10000, 0],
      [10000, 25000, 1],
      [25000, null, 0],
    ]);
    expect(await names('currency=BDT&minPrice=1000&maxPrice=2500')).toEqual([
      'Wireless Earbuds Lite',
      'Wireless Earbuds Pro',
    ]);
    expect(await names('currency=EUR&minPrice=100')).toEqual(['Ceramic Coffee Mug']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/product/?currency=USD&minPrice=1.005' });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by the place a product ships from', async () => {
    expect(await names('currency=USD&shipsFrom=China')).toEqual(['Wireless Earbuds Pro', 'ওয়্যারলেস ইয়ারবাড']);
    expect(await names('currency=USD&shipsFrom=Germany')).toEqual([]);
  });

  it('counts no disabled product in any facet', async () => {
    const { facets } = await list('currency=USD&facets=true');
    expect(counts(facets?.category ?? [])).toMatchObject({ Electronics: 3 });
    expect(facets?.rating.find((choice) => choice.value === 5)?.count).toBe(0);
    expect(facets?.shipsFrom.map((choice) => choice.value)).toEqual(['China', 'Spain', 'United States']);
  });

  it('suggests categories in the shopper’s language and titles as they type, misspelled too', async () => {
    const suggest = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/product/suggestions?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listSearchSuggestions', response);
      return (response.json() as { data: Array<{ kind: string; text: string; category?: string }> }).data;
    };
    expect((await suggest('q=wire')).map((s) => s.text).sort()).toEqual([
      'Wireless Earbuds Lite',
      'Wireless Earbuds Pro',
    ]);
    expect(await suggest(`q=${encodeURIComponent('ইলেক')}&lang=bn`)).toEqual([
      { kind: 'category', text: 'ইলেকট্রনিক্স', category: 'Electronics' },
    ]);
    expect((await suggest('q=elec&lang=es'))[0]).toEqual({
      kind: 'category',
      text: 'Electrónica',
      category: 'Electronics',
    });
    expect((await suggest('q=wirless')).map((s) => s.text)).toContain('Wireless Earbuds Pro');
    expect(await suggest('q=hidden')).toEqual([]);
    expect((await suggest('q=e&limit=2')).length).toBeLessThanOrEqual(2);
    const bad = await t.app.inject({ method: 'GET', url: '/api/product/suggestions?q=&lang=fr' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the words of every title, from one insert of many and from a new title, for misspelled searches', async () => {
    const wordsNow = async () =>
      new Set((await t.db.select({ word: titleWords.word }).from(titleWords)).map((row) => row.word));
    // Every word of three letters or more of the catalogue above, lower case, in its own script.
    const before = await wordsNow();
    for (const word of ['wireless', 'earbuds', 'ওয়্যারলেস', 'ceramic', 'coffee', 'mug', 'hidden', 'for'])
      expect(before, word).toContain(word);
    expect([...before].some((word) => [...word].length < 3)).toBe(false);

    // An import adds many products in one statement: their words arrive together.
    const [lantern, kettle] = await t.db
      .insert(products)
      .values(
        ['Zephyrine Lantern', 'Obsidian Kettle'].map((title, n) => ({
          productId: `WORDS-${n}`,
          source: 'manual' as const,
          status: 'published' as const,
          title,
          currency: 'USD',
          priceMinor: 10_00,
          stock: 3,
          images: [],
        })),
      )
      .returning({ id: products.id });
    // Their ids' words too ("WORDS-0"), which a search can start as well.
    expect(await wordsNow()).toEqual(
      new Set([...before, 'zephyrine', 'lantern', 'obsidian', 'kettle', 'words']),
    );
    expect(await names('currency=USD&q=zephyrin%20lantrn')).toEqual(['Zephyrine Lantern']);

    // Renamed: the new title's words are found misspelled at once; a stock change alone adds nothing.
    await t.db
      .update(products)
      .set({ title: 'Marmalade Teapot' })
      .where(eq(products.id, kettle?.id ?? ''));
    await t.db
      .update(products)
      .set({ stock: 9 })
      .where(eq(products.id, lantern?.id ?? ''));
    expect(await wordsNow()).toEqual(
      new Set([...before, 'zephyrine', 'lantern', 'obsidian', 'kettle', 'words', 'marmalade', 'teapot']),
    );
    expect(await names('currency=USD&q=marmalad')).toEqual(['Marmalade Teapot']);
    // The old title's word stays among the words, but no product holds it any more: no match, no proposal.
    const old = await list('currency=USD&q=obsidan');
    expect(old.meta.total).toBe(0);
    expect(old.didYouMean).toBeUndefined();
    await t.db.delete(products).where(inArray(products.id, [lantern?.id ?? '', kettle?.id ?? '']));
  });

  it('proposes the closest words when a search finds nothing, from what shoppers may see', async () => {
    // "seramik" is too far from "ceramic" for the list's close matches, near enough for a proposal.
    const none = await list(`currency=USD&q=${encodeURIComponent('seramik mugg')}`);
    expect(none.meta.total).toBe(0);
    expect(none.didYouMean).toBe('ceramic mug');
    // The proposal finds the product.
    expect(await names(`currency=USD&q=${encodeURIComponent(none.didYouMean ?? '')}`)).toEqual([
      'Ceramic Coffee Mug',
    ]);
    // Nothing close: no proposal; a search that finds products: none either.
    expect((await list('currency=USD&q=zzzzqqq')).didYouMean).toBeUndefined();
    expect((await list('currency=USD&q=mug')).didYouMean).toBeUndefined();
    // "hidden" is a word of a disabled product's title only.
    expect((await list('currency=USD&q=hiddem')).didYouMean).toBeUndefined();
  });

  it('counts the same in one pass (a search) as choice by choice (browsing a large catalogue), capped alike', async () => {
    const cases: ProductFilters[] = [
      {},
      { q: 'wireless earbuds' },
      { category: 'Electronics', minRating: 4 },
      { shipsFrom: 'China', price: { min: 1000_00, max: 2500_00, rate: '121.5' } },
    ];
    for (const filters of cases) {
      const shopper = { ...filters, visible: SHOPPER_STATUSES };
      const options = { currency: 'BDT', rate: '121.5', cap: SHOPPER_COUNT_CAP, widened: false };
      const onePass = await productFacets(t.db, shopper, options);
      expect(await productFacets(t.db, shopper, { ...options, scanMax: 0 }), JSON.stringify(filters)).toEqual(
        onePass,
      );
    }
    // Each count stops at the cap, however it is counted.
    const capped = { currency: 'USD', rate: '1', cap: 2, widened: false };
    for (const scanMax of [0, 100]) {
      const facets = await productFacets(t.db, { visible: SHOPPER_STATUSES }, { ...capped, scanMax });
      expect(facets.category.find((choice) => choice.value === 'Electronics')?.count).toBe(2);
      expect(facets.rating.find((choice) => choice.value === 1)?.count).toBe(2);
    }
  });

  it('follows the SKUs when they change where they ship from', async () => {
    const [dress] = await t.db
      .select()
      .from(products)
      .where(eq(products.title, 'Cotton Summer Dress for Women'));
    if (!dress) throw new Error('no dress');
    const shipsFrom = async () =>
      (await t.db.select({ places: products.shipsFrom }).from(products).where(eq(products.id, dress.id)))[0]
        ?.places;
    expect(await shipsFrom()).toEqual(['Spain']);
    await t.db.insert(productSkus).values({
      productId: dress.id,
      skuId: 'SEARCH-DRESS-CN',
      salePriceMinor: 25_00,
      priceMinor: 25_00,
      stock: 1,
      properties: [
        {
          sku_property_id: 200007763,
          sku_property_name: 'Ships From',
          sku_property_value: 'China',
          property_value_id: 1,
        },
      ],
    });
    expect(await shipsFrom()).toEqual(['China', 'Spain']);
    await t.db.delete(productSkus).where(eq(productSkus.skuId, 'SEARCH-DRESS-CN'));
    expect(await shipsFrom()).toEqual(['Spain']);
  });

  it('keeps the list without facets as it was', async () => {
    const plain = await list('currency=USD&q=mug');
    expect(plain.facets).toBeUndefined();
    expect(Object.keys(plain).sort()).toEqual(['data', 'meta', 'success']);
  });
});
