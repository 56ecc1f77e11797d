// The catalogue as lists read it: filters, full-text and close-match search, the sorts and their indexes, capped
// counts and what shoppers may see.
import { and, asc, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CategoryFilter } from './products.categories.ts';
import { categoriesNamed } from './products.category-names.ts';
import type {
  ProductApproval,
  ProductRow,
  ProductSource,
  ProductStatus,
  SkuRow,
} from './products.repository.ts';

export const SHOPPER_STATUSES: readonly ProductStatus[] = ['published', 'out_of_stock'];

export type ProductSort = 'newest' | 'price_asc' | 'price_desc' | 'popularity' | 'title';

export interface ProductFilters {
  q?: string | undefined;
  source?: ProductSource | undefined;
  status?: ProductStatus | undefined;
  category?: CategoryFilter | undefined;
  brand?: string | undefined;
  minRating?: number | undefined;
  /** Only one store's products (the storefront's store page). */
  store?: string | undefined;
  approval?: ProductApproval | undefined;
  /** Prices from `min` (included) to `max` (excluded), in minor units of a currency worth `rate` per USD. */
  price?: { min?: number | undefined; max?: number | undefined; rate: string } | undefined;
  /** Only products with a SKU that ships from this place (the SKUs' Ships From property, e.g. China). */
  shipsFrom?: string | undefined;
  /** Only products the supplier delivers to this ship-to country (ISO 3166-1 alpha-2). */
  deliversTo?: string | undefined;
  /** Statuses the caller may see; every status when absent (staff). */
  visible?: readonly ProductStatus[] | undefined;
}

/**
 * The words of a search as a prefix query for the `simple` text search configuration: `usb c hub` finds
 * "USB-C HUB 7 in 1". Only letters and digits pass, so nothing typed can break the query syntax.
 */
export function searchQuery(q: string): string | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  return words.map((word) => `${word}:*`).join(' & ');
}

/**
 * The words of a search, lower case, at most 12 of 100 characters. Marks belong to words: Bengali and Hindi
 * vowel signs and viramas are marks, and a word cut at them matches nothing.
 */
export function searchWords(q: string): string[] {
  const words =
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, 12).map((word) => word.slice(0, 100));
}

/** The search's words found in the product's text, each by prefix; null when the search has no word. */
function fullTextMatch(q: string): SQL | null {
  const query = searchQuery(q);
  return query === null ? null : sql`${products.searchVector} @@ to_tsquery('simple', ${query})`;
}

/**
 * Misspelled words ("wirless earbds", "ওয়ারলেস"): every word of three letters or more is close to a word of the
 * title (pg_trgm's word similarity, at least CLOSE_WORD_SIMILARITY; served by products_title_trgm_idx). Shorter words
 * carry too few trigrams to tell a typo from another word, so they are left to the full-text match.
 */
function typoMatch(q: string): SQL | null {
  const words = searchWords(q).filter((word) => [...word].length >= 3);
  if (words.length === 0) return null;
  return and(...words.map((word) => sql`lower(${products.title}) %> ${word}`)) ?? null;
}

// What shoppers see and buy is one rule, written over "products" by name so joins and subqueries over the
// unaliased table can use it too: staff approved the product, and it has no store or an active one.
const approvedAndOpen = sql`("products"."approval" = 'approved' and not exists (select 1 from stores s where s.id = "products"."store_id" and s.status <> 'active'))`;

/** The product is one shoppers may see and buy: a shopper status, approved, of no store or an active one. */
export const shopperVisible = sql`("products"."status" in ('published', 'out_of_stock') and ${approvedAndOpen})`;

/** The product can be delivered to `country`: its supplier has not said otherwise (products.no_delivery_to). */
export function deliversToMatch(country: string): SQL {
  return sql`not (${products.noDeliveryTo} @> ARRAY[${country}]::text[])`;
}

/** A SKU of the product ships from `place` (products.ships_from, kept from the SKUs' Ships From property). */
export function shipsFromMatch(place: string): SQL {
  return sql`${products.shipsFrom} @> ARRAY[${place}]::text[]`;
}

/** The product is in a storefront category (Home is the search page's name for Home & Kitchen). */
export function categoryMatch(category: CategoryFilter): SQL {
  return sql`${products.categories} @> ARRAY[${category === 'Home' ? 'Home & Kitchen' : category}]::text[]`;
}

/** The price is in the range: against the stored USD price, so the price sorts' indexes serve a range too. */
export function priceMatch(price: NonNullable<ProductFilters['price']>): SQL[] {
  return [
    price.min === undefined
      ? null
      : sql`${products.priceUsdMinor} >= ${price.min}::numeric / ${price.rate}::numeric`,
    price.max === undefined
      ? null
      : sql`${products.priceUsdMinor} < ${price.max}::numeric / ${price.rate}::numeric`,
  ].filter((condition) => condition !== null);
}

export function productConditions(
  filters: ProductFilters,
  /** Products a search finds by close words (closeMatchIds), beside those holding its words. */
  closeMatches: readonly string[] = [],
): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status !== undefined) {
    if (filters.visible && !filters.visible.includes(filters.status)) return sql`false`;
    conditions.push(eq(products.status, filters.status));
  } else if (filters.visible) {
    // Only without a status filter: both together lead the planner to AND in the (unselective) status index.
    // Written as literals (enum values, never input): the shopper sorts' partial indexes apply only when the
    // planner can prove their predicate (products.schema.ts' shopperListed) from the query's text.
    const statuses = filters.visible.filter((status) => /^[a-z_]+$/.test(status));
    conditions.push(
      statuses.length === 0
        ? sql`false`
        : sql`${products.status} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`,
    );
  }
  // Shoppers never see a product staff have not approved, nor one of a store that is not active.
  if (filters.visible) conditions.push(approvedAndOpen);
  if (filters.approval !== undefined) conditions.push(eq(products.approval, filters.approval));
  if (filters.source !== undefined) conditions.push(eq(products.source, filters.source));
  if (filters.category !== undefined) conditions.push(categoryMatch(filters.category));
  if (filters.brand !== undefined)
    conditions.push(sql`lower(${products.brand}) = ${filters.brand.trim().toLowerCase()}`);
  if (filters.minRating !== undefined) conditions.push(gte(products.rating, filters.minRating));
  if (filters.store !== undefined)
    conditions.push(isUuid(filters.store) ? eq(products.storeId, filters.store) : sql`false`);
  // Against the stored USD price, so the price sorts' indexes serve a range too.
  if (filters.price) conditions.push(...priceMatch(filters.price));
  if (filters.shipsFrom !== undefined) conditions.push(shipsFromMatch(filters.shipsFrom));
  if (filters.deliversTo !== undefined) conditions.push(deliversToMatch(filters.deliversTo));
  const q = filters.q?.trim();
  if (q) {
    const matches = [
      fullTextMatch(q),
      // An exact _id matches too (its text form is not a word the search knows).
      isUuid(q) ? eq(products.id, q.toLowerCase()) : null,
      // A category's name in the shopper's language ("ইলেকট্রনিক্স") finds that category's products.
      ...categoriesNamed(q).map(categoryMatch),
      closeMatches.length > 0 ? inArray(products.id, [...closeMatches]) : null,
    ].filter((match) => match !== null);
    conditions.push(matches.length === 0 ? sql`false` : sql`(${or(...matches)})`);
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}

/**
 * The list's order. Price sorts read the stored USD price (products.schema.ts' price_usd_minor), so products
 * priced in different currencies sort together; each shopper order has an index (products_shop_*). `first`
 * (a search's full-text match when close matches join it) puts the rows it holds for before the others.
 */
function orderFor(sort: ProductSort, first: SQL | null = null): SQL[] {
  return first ? [sql`(${first}) desc`, ...sortOrder(sort)] : sortOrder(sort);
}

/** At most this many close (misspelled) matches join a search that found fewer than a page by its words. */
export const CLOSE_MATCH_MAX = 500;

/**
 * The ids of up to `max` products close to a search's words (typoMatch) under the other filters. Read apart and
 * bounded: rechecking trigrams costs tens of microseconds a row, so only a search its words barely answer
 * pays for it, and never for more than `max` rows.
 */
export async function closeMatchIds(db: Database, filters: ProductFilters, max: number): Promise<string[]> {
  const typo = filters.q ? typoMatch(filters.q.trim()) : null;
  if (typo === null) return [];
  return db.transaction(async (tx) => {
    // pg_trgm's default (0.6) misses one wrong letter in a seven-letter word ("wirless" is 0.55 of "wireless").
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${CLOSE_WORD_SIMILARITY}, true)`,
    );
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(productConditions({ ...filters, q: undefined }), typo))
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

/** The SKU fields the answers show (a SKU row without its ids and position). */
export type SkuView = Pick<
  SkuRow,
  | 'skuId'
  | 'skuAttr'
  | 'salePriceMinor'
  | 'priceMinor'
  | 'bulkSalePriceMinor'
  | 'stock'
  | 'bulkOrder'
  | 'priceIncludeTax'
  | 'limitStrategy'
  | 'properties'
> &
  Partial<Pick<SkuRow, 'supplierPriceMinor'>>;

/** A product as the lists show it: the columns they read, its first SKU, its properties. */
export interface ListedProduct
  extends Pick<
    ProductRow,
    | 'id'
    | 'productId'
    | 'status'
    | 'source'
    | 'title'
    | 'images'
    | 'priceMinor'
    | 'originalPriceMinor'
    | 'currency'
    | 'stock'
    | 'categoryId'
    | 'storeId'
    | 'approval'
    | 'approvalNote'
    | 'createdAt'
    | 'rating'
    | 'reviewCount'
    | 'logText'
  > {
  firstSku: SkuView | null;
  /** Every SKU's prices and stock in position order: the card shows the preselected one's price. */
  skuPrices: SkuPrice[];
  properties: Array<{ attr_name: string; attr_value: string }>;
}

export type SkuPrice = Pick<
  SkuView,
  'skuId' | 'salePriceMinor' | 'priceMinor' | 'bulkSalePriceMinor' | 'stock' | 'supplierPriceMinor'
>;

// drizzle leaves column names unqualified in a one-table select list, where a subquery would take them for its
// own table's columns: the correlated subqueries below name "products" themselves.

/** json values arrive parsed from node-postgres but as text from some drivers; both end up parsed. */
const parsedJson =
  <T>() =>
  (value: unknown): T =>
    (typeof value === 'string' ? JSON.parse(value) : value) as T;

const firstSkuJson = sql<SkuView | null>`(
  select json_build_object(
    'skuId', s.sku_id, 'skuAttr', s.sku_attr, 'salePriceMinor', s.sale_price_minor, 'priceMinor', s.price_minor,
    'bulkSalePriceMinor', s.bulk_sale_price_minor, 'stock', s.stock, 'bulkOrder', s.bulk_order,
    'priceIncludeTax', s.price_include_tax, 'limitStrategy', s.limit_strategy, 'properties', s.properties,
    'supplierPriceMinor', s.supplier_price_minor)
  from product_skus s where s.product_id = "products"."id" order by s.position limit 1)`.mapWith(
  parsedJson<SkuView | null>(),
);
const skuPricesJson = sql<SkuPrice[]>`coalesce((
  select json_agg(json_build_object(
    'skuId', s.sku_id, 'salePriceMinor', s.sale_price_minor, 'priceMinor', s.price_minor,
    'bulkSalePriceMinor', s.bulk_sale_price_minor, 'stock', s.stock, 'supplierPriceMinor', s.supplier_price_minor)
    order by s.position)
  from product_skus s where s.product_id = "products"."id"), '[]'::json)`.mapWith(parsedJson<SkuPrice[]>());
const propertiesJson = sql<ListedProduct['properties']>`coalesce((
  select json_agg(json_build_object('attr_name', p.attr_name, 'attr_value', p.attr_value) order by p.position)
  from product_properties p where p.product_id = "products"."id"), '[]'::json)`.mapWith(
  parsedJson<ListedProduct['properties']>(),
);

/** The list's columns; the description, search vector and editor fields stay in the database. */
const listColumns = {
  id: products.id,
  productId: products.productId,
  status: products.status,
  source: products.source,
  title: products.title,
  images: products.images,
  priceMinor: products.priceMinor,
  originalPriceMinor: products.originalPriceMinor,
  currency: products.currency,
  stock: products.stock,
  categoryId: products.categoryId,
  storeId: products.storeId,
  approval: products.approval,
  approvalNote: products.approvalNote,
  createdAt: products.createdAt,
  rating: products.rating,
  reviewCount: products.reviewCount,
  logText: products.logText,
  firstSku: firstSkuJson,
  skuPrices: skuPricesJson,
  properties: propertiesJson,
  /** Units of the product's currency per USD (null when the store has no rate for it). */
  rate: sql<string | null>`(select r.rate from currency_rates r where r.code = "products"."currency")`,
};

export interface ProductPage {
  rows: Array<ListedProduct & { rate: string | null }>;
  total: number;
  /** Units of the asked currency per USD, or null when the store has no rate for it. */
  askedRate: string | null;
  /** Whether close (misspelled) matches joined the search's own: facets then count them too. */
  widened: boolean;
}

/**
 * Shoppers' lists count at most this many matches: an exact count over a large catalogue costs more than the page,
 * and nobody pages that far (500 pages of 20). `meta.total` is exact below it and this number from it on, and the
 * pages end there, so what the storefront's paging offers is what it can show.
 */
export const SHOPPER_COUNT_CAP = 10_000;

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
    /** Count at most this many matches and read no page past them (shoppers: SHOPPER_COUNT_CAP). */
    countCap?: number | undefined;
  },
  /** The count, when the caller already knows it: only the page is read. */
  knownTotal?: number,
): Promise<ProductPage> {
  const q = filters.q?.trim();
  const cap = page.countCap;
  let total = knownTotal;
  let closeMatches: string[] = [];
  if (q && typoMatch(q) !== null) {
    // A search its words answer with less than a page is widened by close matches, listed after the exact
    // ones; so its count is read first (never reused: it decides which rows the list holds).
    const exact = await countUpTo(db, productConditions(filters), cap);
    if (exact < page.limit) closeMatches = await closeMatchIds(db, filters, CLOSE_MATCH_MAX);
    total = closeMatches.length === 0 ? exact : undefined;
  }
  const where = productConditions(filters, closeMatches);
  const order = orderFor(page.sort, q && closeMatches.length > 0 ? fullTextMatch(q) : null);
  const askedRate = sql<string | null>`(select r.rate from currency_rates r where r.code = ${page.currency})`;
  const offset = (page.page - 1) * page.limit;
  // The page's ids first (an index scan with a limit), then their columns: the list's subqueries run for the
  // page's rows only, not for each row the offset skips.
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
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
        ? db.select({ total: sql<number>`least(count(*), ${cap})::int`, askedRate }).from(
            db
              .select({ one: sql<number>`1`.as('one') })
              .from(products)
              .where(where)
              .limit(cap + 1)
              .as('matches'),
          )
        : db.select({ total: sql<number>`count(*)::int`, askedRate }).from(products).where(where),
  ]);
  return {
    rows,
    total: counted?.total ?? 0,
    askedRate: counted?.askedRate ?? null,
    widened: closeMatches.length > 0,
  };
}

/** How many products match, counting no further than `cap` (every one without a cap). */
async function countUpTo(db: Database, where: SQL | undefined, cap: number | undefined): Promise<number> {
  if (cap === undefined) return countWhere(db, where);
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(products)
    .where(where)
    .limit(cap)
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

/** Whether shoppers may see and buy this product (`shopperVisible`); false for an unknown id. */
export async function visibleToShoppers(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), shopperVisible))
    .limit(1);
  return row !== undefined;
}
