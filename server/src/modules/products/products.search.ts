// What a search offers beside its page: facets counted for it, suggestions as the shopper types, and the closest
// words of the catalogue when it finds nothing.
import { and, gte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, titleWords } from '../../db/schema.ts';
import { BASE_RATE, convertMinor, roundRangeEdge } from '../../money/money.ts';
import { CATEGORY_FILTERS, type CategoryFilter } from './products.categories.ts';
import { CATEGORY_NAMES, folded, type SearchLanguage } from './products.category-names.ts';
import {
  categoryMatch,
  deliversToMatch,
  type ProductFilters,
  priceMatch,
  productConditions,
  SHOPPER_STATUSES,
  searchWords,
  shipsFromMatch,
  typoWords,
} from './products.filters.ts';
import { CLOSE_MATCH_MAX, closeMatchIds, closeWordsQuery } from './products.listing.ts';
import { withSearchTerms } from './products.search-terms.ts';

/** Where the price ranges start, in USD minor units; shown in the shopper's currency, rounded. */
const PRICE_EDGES_USD = [10_00, 25_00, 50_00, 100_00, 250_00];
/** "n stars and up", as the search page offers them. */
export const FACET_RATINGS = [5, 4, 3, 2, 1] as const;
/** At most this many places a product ships from are offered. */
const SHIPS_FROM_MAX = 20;

export interface FacetCount<T> {
  value: T;
  count: number;
}

/** A price range in minor units of the shopper's currency: `min` included, `max` excluded (null: no top). */
export interface PriceRangeCount {
  min: number;
  max: number | null;
  count: number;
}

export interface ProductFacets {
  category: Array<FacetCount<CategoryFilter>>;
  price: PriceRangeCount[];
  rating: Array<FacetCount<number>>;
  shipsFrom: Array<FacetCount<string>>;
  /** The shopper's ship-to country and how many products its suppliers deliver there. */
  deliversTo: Array<FacetCount<string>>;
}

/** The price ranges' edges in `currency` (worth `rate` per USD), rounded to amounts a shopper reads at a glance. */
export function priceEdges(currency: string, rate: string): number[] {
  const edges = PRICE_EDGES_USD.map((usd) =>
    roundRangeEdge(convertMinor(usd, BASE_RATE, rate, currency), currency),
  );
  return [...new Set(edges)].sort((a, b) => a - b);
}

/** The rows of raw SQL: node-postgres answers a result with `rows`, PGlite's driver the same or an array. */
async function rowsOf<T>(db: Database | Parameters<Parameters<Database['transaction']>[0]>[0], query: SQL) {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Up to this many products under no facet's filter are counted in one pass; more count each choice apart. */
export const FACET_SCAN_MAX = 20_000;

type Facet = keyof ProductFacets;

/** One choice of a facet: the list's filters with it ticked, and its own condition alone. */
interface Choice {
  key: string;
  facet: Facet;
  narrowed: ProductFilters;
  own: SQL;
}

/**
 * Each facet's choices counted over the list's filters except the facet's own (ticking a category shows what the
 * other categories hold), each count stopping at `cap` like the list's own. A search (up to FACET_SCAN_MAX
 * products under no facet's filter) is counted in one pass over its products; a larger result (browsing the
 * catalogue) in one statement of capped counts, each a scan with a limit over an index its filter has
 * (categories' GIN, the price sorts, the visibility indexes).
 */
export async function productFacets(
  db: Database,
  filters: ProductFilters,
  options: {
    currency: string;
    rate: string;
    cap: number;
    widened: boolean;
    /** FACET_SCAN_MAX unless a test wants the other way. */
    scanMax?: number;
    /** The shopper's ship-to country, counted for the "delivers to" facet. */
    country?: string | undefined;
  },
): Promise<ProductFacets> {
  const { cap, scanMax = FACET_SCAN_MAX } = options;
  // A misspelled search lists close matches too; they are looked up under no facet's filter, so each facet
  // narrows them as it narrows the rest.
  const open: ProductFilters = {
    ...filters,
    category: undefined,
    price: undefined,
    minRating: undefined,
    shipsFrom: undefined,
    deliversTo: undefined,
  };
  const deliveryCountries = [
    ...new Set([filters.deliversTo, options.country].filter((c) => c !== undefined)),
  ];
  const close = options.widened ? await closeMatchIds(db, open, CLOSE_MATCH_MAX) : [];
  const edges = priceEdges(options.currency, options.rate);
  const ranges = [0, ...edges].map((min, index) => ({ min, max: edges[index] ?? null }));
  const rangeFilter = (range: { min: number; max: number | null }) => ({
    min: range.min || undefined,
    max: range.max ?? undefined,
    rate: options.rate,
  });
  // Home is the search page's name for Home & Kitchen: counted once.
  const categoryKey = (category: CategoryFilter) =>
    `category${CATEGORY_FILTERS.indexOf(category === 'Home' ? 'Home & Kitchen' : category)}`;
  const choices: Choice[] = [
    ...CATEGORY_FILTERS.filter((category) => category !== 'Home').map((category) => ({
      key: categoryKey(category),
      facet: 'category' as const,
      narrowed: { ...filters, category },
      own: categoryMatch(category),
    })),
    ...ranges.map((range, index) => ({
      key: `price${index}`,
      facet: 'price' as const,
      narrowed: { ...filters, price: rangeFilter(range) },
      own: and(...priceMatch(rangeFilter(range))) ?? sql`true`,
    })),
    ...FACET_RATINGS.map((stars, index) => ({
      key: `rating${index}`,
      facet: 'rating' as const,
      narrowed: { ...filters, minRating: stars },
      own: gte(products.rating, stars),
    })),
    ...deliveryCountries.map((country, index) => ({
      key: `deliversTo${index}`,
      facet: 'deliversTo' as const,
      narrowed: { ...filters, deliversTo: country },
      own: deliversToMatch(country),
    })),
  ];
  const answer = (count: (choice: string) => number, places: Array<FacetCount<string>>): ProductFacets => ({
    category: CATEGORY_FILTERS.map((value) => ({ value, count: count(categoryKey(value)) })),
    price: ranges.map((range, index) => ({ ...range, count: count(`price${index}`) })),
    rating: FACET_RATINGS.map((value, index) => ({ value, count: count(`rating${index}`) })),
    shipsFrom: places,
    deliversTo: deliveryCountries.map((value, index) => ({ value, count: count(`deliversTo${index}`) })),
  });

  // One pass: the products under no facet's filter, each choice counted over the other facets' ticked filters.
  const ticked: Record<Facet, SQL | undefined> = {
    category: filters.category === undefined ? undefined : categoryMatch(filters.category),
    price: filters.price === undefined ? undefined : and(...priceMatch(filters.price)),
    rating: filters.minRating === undefined ? undefined : gte(products.rating, filters.minRating),
    shipsFrom: filters.shipsFrom === undefined ? undefined : shipsFromMatch(filters.shipsFrom),
    deliversTo: filters.deliversTo === undefined ? undefined : deliversToMatch(filters.deliversTo),
  };
  const others = (facet: Facet) =>
    and(
      ...(Object.keys(ticked) as Facet[]).filter((other) => other !== facet).map((other) => ticked[other]),
    ) ?? sql`true`;
  const matches = (narrowed: ProductFilters) =>
    db.select({ id: products.id }).from(products).where(productConditions(narrowed, close));
  const capped = (narrowed: ProductFilters) =>
    sql<number>`(select least(count(*), ${cap})::int from (${matches(narrowed).limit(cap + 1)}) m)`;
  const [opened] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${matches(open).limit(scanMax + 1)}) m`,
  );

  if (Number(opened?.n ?? 0) <= scanMax) {
    const base = db
      .select({
        categories: products.categories,
        priceUsdMinor: products.priceUsdMinor,
        rating: products.rating,
        shipsFrom: products.shipsFrom,
        noDeliveryTo: products.noDeliveryTo,
      })
      .from(products)
      .where(productConditions(open, close));
    // The subquery keeps the table's name and column names, so the conditions read its rows as they read the table.
    // Keys are this function's own words, written as literals so every branch of the union has a type.
    const counted = await rowsOf<{ key: string; place: string | null; n: number }>(
      db,
      sql`with base as (${base})
        select 'none' as key, null::text as place, 0 as n
        ${sql.join(
          choices.map(
            (choice) =>
              sql` union all select ${sql.raw(`'${choice.key}'`)}, null, (count(*) filter (where ${choice.own} and ${others(choice.facet)}))::int from base as "products"`,
          ),
        )}
        union all select * from (select 'shipsFrom', place, (count(*) filter (where ${others('shipsFrom')}))::int
          from base as "products", unnest("products"."ships_from") as place
          group by place order by 3 desc, 2 limit ${SHIPS_FROM_MAX}) places`,
    );
    const n = (choice: string) => Math.min(cap, Number(counted.find((row) => row.key === choice)?.n ?? 0));
    const places = counted
      .filter((row) => row.key === 'shipsFrom' && row.place)
      .map((row) => ({ value: row.place ?? '', count: Math.min(cap, Number(row.n)) }));
    if (filters.shipsFrom && !places.some((place) => place.value === filters.shipsFrom))
      places.push({ value: filters.shipsFrom, count: 0 });
    return answer(
      n,
      places.sort((a, b) => a.value.localeCompare(b.value)),
    );
  }

  // The places found among the first products under no facet's filter (as the one pass finds them), plus the one
  // ticked.
  const places = await rowsOf<{ value: string }>(
    db,
    sql`select distinct place as value
      from (${db
        .select({ shipsFrom: products.shipsFrom })
        .from(products)
        .where(productConditions(open, close))
        .limit(cap + 1)}) m, unnest(m.ships_from) as place
      limit ${SHIPS_FROM_MAX}`,
  );
  const shipsFrom = [...new Set([...places.map((row) => row.value), filters.shipsFrom ?? []].flat())]
    .filter((place) => place !== '')
    .sort();

  const counts: Record<string, SQL<number>> = {};
  for (const choice of choices) counts[choice.key] = capped(choice.narrowed);
  shipsFrom.forEach((place, index) => {
    counts[`shipsFrom${index}`] = capped({ ...filters, shipsFrom: place });
  });
  const [row] = await db
    .select(counts)
    .from(sql`(select 1) as one`)
    .then((rows) => rows as Array<Record<string, number>>);
  const count = (key: string) => Number(row?.[key] ?? 0);
  return answer(
    count,
    shipsFrom.map((value, index) => ({ value, count: count(`shipsFrom${index}`) })),
  );
}

export interface SearchSuggestion {
  kind: 'category' | 'product';
  text: string;
  /** The product's `_id` (product suggestions). */
  _id?: string;
  /** The category the API filters on (category suggestions). */
  category?: CategoryFilter;
}

/** Categories suggested: the five of the header and the search page's Men and Women (Home repeats Home & Kitchen). */
const SUGGESTED_CATEGORIES = CATEGORY_FILTERS.filter((category) => category !== 'Home');

/** How close a title's word must be to a typed word to be suggested or proposed (pg_trgm, 0 to 1). */
const SUGGEST_SIMILARITY = '0.3';

/**
 * Up to `max` suggestions for what the shopper is typing: categories whose name (in their language or English)
 * has a word starting with it, then titles of products shoppers may see holding its words by prefix (best
 * sellers first), then titles with words close to them (misspellings).
 */
export async function searchSuggestions(
  db: Database,
  q: string,
  language: SearchLanguage,
  max: number,
): Promise<SearchSuggestion[]> {
  const typed = folded(q);
  if (!typed) return [];
  const startsAWord = (name: string) =>
    folded(name)
      .split(' ')
      .some((_, index, words) => words.slice(index).join(' ').startsWith(typed));
  const categories: SearchSuggestion[] = SUGGESTED_CATEGORIES.filter(
    (category) => startsAWord(CATEGORY_NAMES[language][category]) || startsAWord(category),
  )
    .slice(0, 2)
    .map((category) => ({ kind: 'category', text: CATEGORY_NAMES[language][category], category }));
  const wanted = max - categories.length;
  // The typed words as the catalogue's words that start with them (products.search-terms.ts).
  const visible = await withSearchTerms(db, { q, visible: SHOPPER_STATUSES });
  const found = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(productConditions(visible))
    .orderBy(sql`${products.salesCount} desc, ${products.createdAt} desc, ${products.id} desc`)
    .limit(wanted);
  const words = typoWords(q);
  if (found.length < wanted && words.length > 0) {
    const close = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${SUGGEST_SIMILARITY}, true)`,
      );
      // Products holding words of the catalogue close to each typed word (title_words), best sellers first.
      const closeWords = await closeWordsQuery(tx, words, SUGGEST_WORDS_PER_WORD);
      if (closeWords === null) return [];
      return tx
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(
          sql`${productConditions({ visible: SHOPPER_STATUSES })} and ${products.searchVector} @@ ${closeWords}::tsquery`,
        )
        .orderBy(sql`${products.salesCount} desc, ${products.createdAt} desc, ${products.id} desc`)
        .limit(wanted);
    });
    for (const row of close) if (!found.some((known) => known.id === row.id)) found.push(row);
  }
  const seen = new Set<string>();
  const titles: SearchSuggestion[] = [];
  for (const row of found) {
    if (seen.has(row.title) || titles.length >= wanted) continue;
    seen.add(row.title);
    titles.push({ kind: 'product', text: row.title, _id: row.id });
  }
  return [...categories, ...titles];
}

/** Misspelled suggestions hold one of this many of the catalogue's words closest to each typed word. */
const SUGGEST_WORDS_PER_WORD = 3;

/** At most this many of the catalogue's words are weighed for each word of a search that found nothing. */
const PROPOSAL_CANDIDATES = 10;

/**
 * "Did you mean": the search with each word of three letters or more replaced by the closest word of the
 * catalogue's titles (title_words, pg_trgm word similarity at least SUGGEST_SIMILARITY, looser than the list's
 * close matches, which found nothing) that a product shoppers may see under the other filters holds, or null when
 * no word has a closer one.
 */
export async function closestSearch(db: Database, filters: ProductFilters): Promise<string | null> {
  if (typoWords(filters.q ?? '').length === 0) return null;
  const words = searchWords(filters.q ?? '');
  const others = productConditions({ ...filters, q: undefined });
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${SUGGEST_SIMILARITY}, true)`,
    );
    let changed = false;
    const closest: string[] = [];
    for (const word of words) {
      if ([...word].length < 3) {
        closest.push(word);
        continue;
      }
      // Words of hidden or removed products stay in title_words: a word counts only if a visible product holds it.
      const [best] = await rowsOf<{ word: string }>(
        tx,
        sql`select c.word from (
            select w.word, word_similarity(${word}, w.word) as score, similarity(w.word, ${word}) as near
            from ${titleWords} w where w.word %> ${word}
            order by score desc, near desc, w.word limit ${PROPOSAL_CANDIDATES}) c
          where exists (select 1 from ${products}
            where ${others ?? sql`true`} and ${products.searchVector} @@ plainto_tsquery('simple', c.word))
          order by c.score desc, c.near desc, c.word limit 1`,
      );
      if (best && best.word !== word) {
        closest.push(best.word);
        changed = true;
      } else closest.push(word);
    }
    return changed ? closest.join(' ') : null;
  });
}
