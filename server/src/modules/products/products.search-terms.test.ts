import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, titleWords } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { categoriesNamed } from './products.category-names.ts';
import { type ProductFilters, productConditions, SHOPPER_STATUSES, searchWords } from './products.filters.ts';
import { listProducts, type ProductSort } from './products.listing.ts';
import { searchSuggestions } from './products.search.ts';
import { withSearchTerms } from './products.search-terms.ts';

// A searched word becomes the catalogue's words that start with it (title_words), matched exactly by the full-text
// index: the products found are those whose title, marketplace id or tags hold a word starting with each searched
// word, in every sort, as the prefix match found them (less pieces of the product's own id that happened to start so).

describe('search terms: searched words as the catalogue’s words', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    // Words only a tag or a model number holds, and a word that starts a longer one with digits.
    const tagged = await insertTestProduct(t.db, {
      title: 'Pocket Radio iphone15 Holder',
      skus: [{ skuId: 'TAGGED-1', salePriceMinor: 9_00, stock: 4 }],
    });
    await t.db
      .update(products)
      .set({ searchTerms: 'TAGGED-1 100500900061417901 quixotic usb-c', productId: 'MODEL-ZX' })
      .where(eq(products.id, tagged.id));
  });
  afterAll(() => t.close());

  const ids = async (filters: ProductFilters, sort: ProductSort, countCap?: number) => {
    const page = await listProducts(t.db, filters, { page: 1, limit: 50, sort, currency: 'USD', countCap });
    return { ids: page.rows.map((row) => row.id), total: page.total };
  };

  it('finds the products whose title, marketplace id or tags hold words starting with the searched ones', async () => {
    const titles = (await t.db.select({ title: products.title }).from(products)).map((row) => row.title);
    // Every word of the catalogue and its first three letters, and some pairs, tags, ids and other scripts.
    const starts = new Set<string>();
    for (const word of titles.flatMap((title) => searchWords(title))) {
      starts.add(word.slice(0, 3));
      starts.add(word);
    }
    const searches = [
      ...starts,
      'wireless earbuds',
      'earbud wire',
      'quixo',
      'iphone',
      'radio iphone',
      'usb',
      'model',
      'tagged',
      'zzzqqq',
      'ওয়্যারলেস',
      'cotton 2',
    ];
    expect(searches.length).toBeGreaterThan(40);
    // What a search means: each word starts a word of the product's title, marketplace id or tags; a word that is not
    // looked up (digits, other scripts) may also start a piece of the product's own id, as it always could.
    const meaning = (q: string) =>
      and(
        productConditions({ visible: SHOPPER_STATUSES }),
        ...searchWords(q).map((word) =>
          /^[a-z]{3,}$/.test(word)
            ? sql`to_tsvector('simple', ${products.title} || ' ' || ${products.productId} || ' ' || ${products.searchTerms}) @@ to_tsquery('simple', ${`${word}:*`})`
            : sql`${products.searchVector} @@ to_tsquery('simple', ${`${word}:*`})`,
        ),
      );
    const matching = async (where: SQL | undefined) =>
      (await t.db.select({ id: products.id }).from(products).where(where).orderBy(products.id)).map(
        (row) => row.id,
      );
    let resolved = 0;
    // A search naming a category finds its products too (products.filters.ts), whatever the words.
    for (const q of searches.filter((search) => categoriesNamed(search).length === 0)) {
      const filters: ProductFilters = { q, visible: SHOPPER_STATUSES };
      const withTerms = await withSearchTerms(t.db, filters);
      if (withTerms.terms?.exact) resolved += 1;
      expect(await matching(productConditions(withTerms)), q).toEqual(await matching(meaning(q)));
    }
    // Most searches were answered by exact words, not left to the prefix.
    expect(resolved).toBeGreaterThan(searches.length / 2);

    // And page by page, as the lists read them, in every sort: the same pages as the prefix match (these words have
    // letters past f, so no piece of a product's own id starts with them).
    for (const q of ['wireless earbuds', 'iphone', 'cot', 'quixo']) {
      for (const sort of ['newest', 'price_asc', 'price_desc', 'popularity', 'title'] as const) {
        const filters: ProductFilters = { q, visible: SHOPPER_STATUSES };
        expect(await ids(await withSearchTerms(t.db, filters), sort, 1_000), `${q} by ${sort}`).toEqual(
          await ids(filters, sort, 1_000),
        );
      }
    }
  });

  it('suggests, as a shopper types, the products holding words that start with what was typed', async () => {
    const titles = async (typed: string) =>
      (await searchSuggestions(t.db, typed, 'en', 8)).map((suggestion) => suggestion.text);
    // A tag's word, a model number's start and two words being typed: all looked up as the catalogue's words, and
    // suggested before the close (misspelled) matches that follow when there are few.
    expect((await titles('quixo'))[0]).toBe('Pocket Radio iphone15 Holder');
    expect((await titles('pocket iphon'))[0]).toBe('Pocket Radio iphone15 Holder');
    expect(await titles('radio holder')).toContain('Pocket Radio iphone15 Holder');
  });

  it('keeps the words of tags and ids that start with a letter, and follows a change of tags', async () => {
    const words = async () =>
      new Set((await t.db.select({ word: titleWords.word }).from(titleWords)).map((row) => row.word));
    const now = await words();
    for (const word of ['quixotic', 'usb-c', 'model-zx', 'model', 'iphone15', 'tagged'])
      expect(now, word).toContain(word);
    // A SKU id of digits would add a word per SKU: they stay out (titles keep theirs, as misspellings use them).
    expect(now.has('100500900061417901')).toBe(false);

    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.productId, 'MODEL-ZX'));
    await t.db
      .update(products)
      .set({ searchTerms: 'TAGGED-1 zanzibarian' })
      .where(inArray(products.id, [row?.id ?? '']));
    expect(await words()).toContain('zanzibarian');
    const found = await withSearchTerms(t.db, { q: 'zanzib', visible: SHOPPER_STATUSES });
    expect(found.terms?.exact).toBe("('zanzibarian')");
    expect((await ids(found, 'newest', 1_000)).ids).toEqual([row?.id]);
  });

  it('leaves a word starting more words than it looks up, and words of digits, to the prefix', async () => {
    await t.db
      .insert(titleWords)
      .values(Array.from({ length: 70 }, (_, n) => ({ word: `plentiful${String(n).padStart(2, '0')}` })))
      .onConflictDoNothing();
    const many = await withSearchTerms(t.db, { q: 'plenti quixotic 2024' });
    expect(many.terms).toEqual({
      q: 'plenti quixotic 2024',
      exact: "('quixotic')",
      prefix: 'plenti:* & 2024:*',
    });
    // Nothing to look up: the filters stay as they were.
    const digits = { q: '15 ab' };
    expect(await withSearchTerms(t.db, digits)).toBe(digits);
  });
});
