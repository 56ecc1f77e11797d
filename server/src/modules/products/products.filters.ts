// Which products a list holds: its filters as SQL conditions, the words of a search, and what shoppers may see.
import { and, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CategoryFilter } from './products.categories.ts';
import { categoriesNamed } from './products.category-names.ts';
import type { ProductApproval, ProductSource, ProductStatus } from './products.repository.ts';

export const SHOPPER_STATUSES: readonly ProductStatus[] = ['published', 'out_of_stock'];

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
  /** The search `q` with its words resolved to the catalogue's (withSearchTerms); used only while `q` is the same. */
  terms?: SearchTerms | undefined;
}

/** A search as tsquery text: words matched exactly (the catalogue's words a searched word starts) and by prefix. */
export interface SearchTerms {
  q: string;
  exact: string | null;
  prefix: string | null;
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

/**
 * The search's words found in the product's text, each by prefix, or as `terms` resolved them (the same products);
 * null when the search has no word.
 */
export function fullTextMatch(q: string, terms?: SearchTerms): SQL | null {
  if (terms && terms.q === q) {
    const parts = [
      terms.prefix === null ? null : sql`to_tsquery('simple', ${terms.prefix})`,
      terms.exact === null ? null : sql`${terms.exact}::tsquery`,
    ].filter((part) => part !== null);
    if (parts.length > 0) return sql`${products.searchVector} @@ (${sql.join(parts, sql` && `)})`;
  }
  const query = searchQuery(q);
  return query === null ? null : sql`${products.searchVector} @@ to_tsquery('simple', ${query})`;
}

/**
 * The words of a search a misspelling is looked for in ("wirless earbds", "ওয়ারলেস"): those of three letters or
 * more. Shorter words carry too few trigrams to tell a typo from another word, so they are left to the full-text
 * match.
 */
export function typoWords(q: string): string[] {
  return searchWords(q).filter((word) => [...word].length >= 3);
}

/** A tsquery matching any of `lexemes` exactly, each quoted so no character of a word is read as syntax. */
export function anyLexeme(lexemes: readonly string[]): string {
  return lexemes.map((lexeme) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' | ');
}

// What shoppers see and buy is one rule, written over "products" by name so joins and subqueries over the
// unaliased table can use it too: staff approved the product, and it has no store or an active one.
const approvedAndOpen = sql`("products"."approval" = 'approved' and not exists (select 1 from stores s where s.id = "products"."store_id" and s.status <> 'active'))`;

/** The product is one shoppers may see and buy: a shopper status, approved, of no store or an active one. */
export const shopperVisible = sql`("products"."status" in ('published', 'out_of_stock') and ${approvedAndOpen})`;

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
      fullTextMatch(q, filters.terms),
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
