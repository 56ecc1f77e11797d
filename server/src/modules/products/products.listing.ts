// The catalogue as lists read it: a page in one of the sorts (their indexes), the close matches that widen a
// search, capped counts, and an export's rows.
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { matchesFirst } from '../../db/matches-first.ts';
import { products, titleWords } from '../../db/schema.ts';
import {
  anyLexeme,
  fullTextMatch,
  type ProductFilters,
  productConditions,
  typoWords,
} from './products.filters.ts';
import { type ListedProduct, listColumns } from './products.list-columns.ts';
import type { ProductRow } from './products.repository.ts';

export type ProductSort = 'newest' | 'price_asc' | 'price_desc' | 'popularity' | 'title';

/**
 * The list's order. Price sorts read the stored USD price (products.schema.ts' price_usd_minor), so products
 * priced in different currencies sort together; each shopper order has an index (products_shop_*). `first`
 * (a search's full-text match when close matches join it) puts the rows it holds for before the others.
 */
function orderFor(sort: ProductSort, first: SQL | null = null): SQL[] {
  return first ? [sql`(${first}) desc`, ...sortOrder(sort)] : sortOrder(sort);
}

/** A search that matches fewer products than this has its page sorted from its matches (listProducts). */
const FEW_MATCHES = 1_000;

/** At most this many close (misspelled) matches join a search that found fewer than a page by its words. */
export const CLOSE_MATCH_MAX = 500;

/** At most this many words of the catalogue stand in for one misspelled word, the closest first. */
const CLOSE_WORDS_PER_WORD = 20;

/**
 * A tsquery holding, for every word, one of the catalogue's words close to it (title_words by trigrams, at the
 * transaction's `pg_trgm.word_similarity_threshold`, the `perWord` closest), or null when a word has none.
 */
export async function closeWordsQuery(
  tx: Transaction,
  words: readonly string[],
  perWord: number,
): Promise<string | null> {
  const alternatives: string[] = [];
  for (const word of words) {
    const close = await tx
      .select({ word: titleWords.word })
      .from(titleWords)
      .where(sql`${titleWords.word} %> ${word}`)
      .orderBy(sql`word_similarity(${word}, ${titleWords.word}) desc`, titleWords.word)
      .limit(perWord);
    if (close.length === 0) return null;
    alternatives.push(`(${anyLexeme(close.map((row) => row.word))})`);
  }
  return alternatives.join(' & ');
}

/**
 * The ids of up to `max` products close to a search's words under the other filters: for each searched word of
 * three letters or more, the catalogue's words close to it (title_words, by trigrams), and then the products
 * holding one of those for every such word, by the full-text index. Looking the words up among the catalogue's
 * words rather than its titles keeps this to milliseconds at a million products; rechecking trigrams title by
 * title cost 0.4 to 1.6 s a search there.
 */
export async function closeMatchIds(db: Database, filters: ProductFilters, max: number): Promise<string[]> {
  const words = filters.q ? typoWords(filters.q.trim()) : [];
  if (words.length === 0) return [];
  return db.transaction(async (tx) => {
    // pg_trgm's default (0.6) misses one wrong letter in a seven-letter word ("wirless" is 0.55 of "wireless").
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${CLOSE_WORD_SIMILARITY}, true)`,
    );
    const alternatives = await closeWordsQuery(tx, words, CLOSE_WORDS_PER_WORD);
    if (alternatives === null) return [];
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          productConditions({ ...filters, q: undefined }),
          sql`${products.searchVector} @@ ${alternatives}::tsquery`,
        ),
      )
      .limit(max);
    return rows.map((row) => row.id);
  });
}

/** How close a word of the title must be to a searched word (pg_trgm word similarity, 0 to 1). */
const CLOSE_WORD_SIMILARITY = '0.5';

function sortOrder(sort: ProductSort): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(products.priceUsdMinor), desc(products.createdAt), desc(products.id)];
    case 'price_desc':
      return [desc(products.priceUsdMinor), desc(products.createdAt), desc(products.id)];
    case 'popularity':
      return [desc(products.salesCount), desc(products.createdAt), desc(products.id)];
    case 'title':
      return [asc(sql`lower(${products.title})`), asc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

export interface ProductPage {
  rows: Array<ListedProduct & { rate: string | null }>;
  /** The matches, or the cap when more match (`capped`). */
  total: number;
  /** More than the cap match: `total` is a lower bound. */
  capped: boolean;
  /** What was counted, up to the cap and one: what a later page passes back as `knownCount`. */
  counted: number;
  /** Units of the asked currency per USD, or null when the store has no rate for it. */
  askedRate: string | null;
  /** Whether close (misspelled) matches joined the search's own: facets then count them too. */
  widened: boolean;
}

/**
 * Shoppers' lists count at most this many matches: an exact count over a large catalogue costs more than the page
 * (at a million products a common word's count to 10,000 read 10,000 rows, 227 ms; to 1,000, 16 ms), and nobody
 * scrolls that far (50 loads of 20). `meta.total` is exact below it and this number from it on, and the pages end
 * there, so what the storefront's paging offers is what it can show. The storefront shows a count at it as "1,000+".
 */
export const SHOPPER_COUNT_CAP = 1_000;

/**
 * One page of products and how many match over all pages, answered by the database in two queries (the count
 * also reads the asked currency's rate): every further round trip costs more than the work it does.
 */
export async function listProducts(
  db: Database,
  filters: ProductFilters,
  page: {
    page: number;
    limit: number;
    sort: ProductSort;
    currency: string;
    /** Count at most this many matches and read no page past them (shoppers: SHOPPER_COUNT_CAP, staff COUNT_CAP). */
    countCap?: number | undefined;
  },
  /** `counted` of an earlier page of the same filters, when the caller kept it: only the page is read. */
  knownCount?: number,
): Promise<ProductPage> {
  const q = filters.q?.trim();
  const cap = page.countCap;
  let total = knownCount;
  let closeMatches: string[] = [];
  // Whether the search is known to match few products (a close-matched one always does).
  let few = false;
  if (q && typoWords(q).length > 0) {
    // A search its words answer with less than a page is widened by close matches, listed after the exact
    // ones; so its count is read first (never reused: it decides which rows the list holds).
    const exact = await countUpTo(db, productConditions(filters), cap);
    if (exact < page.limit) closeMatches = await closeMatchIds(db, filters, CLOSE_MATCH_MAX);
    total = closeMatches.length === 0 ? exact : undefined;
    few = closeMatches.length > 0 || exact < FEW_MATCHES;
  }
  const where = productConditions(filters, closeMatches);
  const order = orderFor(page.sort, q && closeMatches.length > 0 ? fullTextMatch(q) : null);
  const askedRate = sql<string | null>`(select r.rate from currency_rates r where r.code = ${page.currency})`;
  const offset = (page.page - 1) * page.limit;
  // The page's ids first (an index scan with a limit), then their columns: the list's subqueries run for the
  // page's rows only, not for each row the offset skips.
  // Few matches are found first (matchesFirst): for "dress" in Home & Kitchen the sort's index was walked through
  // a million entries (10 s) to fill a page.
  const pageIds = db
    .select({ id: sql<string>`"products"."id"` })
    .from(few ? matchesFirst(products, where) : products)
    .where(few ? undefined : where)
    .orderBy(...order)
    .limit(cap === undefined ? page.limit : Math.min(page.limit, cap - offset))
    .offset(offset);
  const [rows, [counted]] = await Promise.all([
    cap !== undefined && offset >= cap
      ? []
      : db
          .select(listColumns)
          .from(products)
          .where(inArray(products.id, pageIds))
          .orderBy(...order),
    total !== undefined
      ? db.select({ total: sql<number>`${total}::int`, askedRate }).from(sql`(select 1) as one`)
      : cap !== undefined
        ? db.select({ total: sql<number>`count(*)::int`, askedRate }).from(
            db
              .select({ one: sql<number>`1`.as('one') })
              .from(products)
              .where(where)
              .limit(cap + 1)
              .as('matches'),
          )
        : db.select({ total: sql<number>`count(*)::int`, askedRate }).from(products).where(where),
  ]);
  const found = counted?.total ?? 0;
  return {
    rows,
    total: cap === undefined ? found : Math.min(found, cap),
    capped: cap !== undefined && found > cap,
    counted: found,
    askedRate: counted?.askedRate ?? null,
    widened: closeMatches.length > 0,
  };
}

/** How many products match, counting no further than one past `cap`, so more than it shows (every one without a cap). */
async function countUpTo(db: Database, where: SQL | undefined, cap: number | undefined): Promise<number> {
  if (cap === undefined) return countWhere(db, where);
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(products)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

async function countWhere(db: Database, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
  return counted?.total ?? 0;
}

/** Products for an export, in the list's order. */
export function exportProducts(
  db: Database,
  filters: ProductFilters,
  sort: ProductSort,
  max: number,
): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(productConditions(filters))
    .orderBy(...orderFor(sort))
    .limit(max);
}

export function countProducts(db: Database, filters: ProductFilters): Promise<number> {
  return countWhere(db, productConditions(filters));
}
