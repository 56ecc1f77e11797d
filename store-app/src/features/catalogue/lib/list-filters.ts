import type { QueryParams } from '@shop/sdk/types';

export type SortKey = NonNullable<QueryParams<'listProducts'>['sort']>;

/** Spec §2 Home: the sort dropdown, in the spec's order (labels: `catalogue:sort.<key>`); the first is the default. */
export const SORT_CHOICES = [
  'popularity',
  'price_asc',
  'price_desc',
  'newest',
] as const satisfies readonly SortKey[];

export const DEFAULT_SORT: SortKey = 'popularity';

export type CategoryFilter = NonNullable<QueryParams<'listProducts'>['category']>;

/** Every storefront category the API filters on: the header's five and the search page's Men, Women, Home. */
const CATEGORY_FILTERS = [
  'Electronics',
  'Fashion',
  'Home & Kitchen',
  'Beauty',
  'Books',
  'Men',
  'Women',
  'Home',
] as const satisfies readonly CategoryFilter[];

export function asCategory(value: unknown): CategoryFilter | undefined {
  return CATEGORY_FILTERS.find((category) => category === value);
}

/** Spec §2 Search results: rating 5 to 1 "and up" (labels: `catalogue:filters.rating`). */
export const RATINGS = [5, 4, 3, 2, 1] as const;

// URL search parameters are typed by hand in the address bar: a bad one is dropped, never an error page.
// Plain checks rather than a schema library: these run on the first page load, so they stay out of its bundle.
const SORT_KEYS = [
  'newest',
  'price_asc',
  'price_desc',
  'popularity',
  'title',
] as const satisfies readonly SortKey[];

export type HomeSearch = { q?: string; sort?: SortKey; category?: CategoryFilter; minRating?: number };
export type SearchPageFilters = {
  category?: CategoryFilter;
  brand?: string;
  minRating?: number;
  /** A price range of the facets, in the shopper's currency: from minPrice, under maxPrice. */
  minPrice?: number;
  maxPrice?: number;
  shipsFrom?: string;
  /** Only products the suppliers deliver to this ship-to country (the shopper's). */
  deliversTo?: string;
};

/** An amount of at most two decimals, not negative. */
function amount(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  const cents = number * 100;
  return Number.isFinite(number) && number >= 0 && Math.abs(Math.round(cents) - cents) < 1e-6
    ? number
    : undefined;
}

/** A term of 1 to 200 characters once trimmed. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= 200 ? trimmed : undefined;
}

/** A whole number of stars from 1 to 5; `?minRating=4` may arrive as the number or the text. */
function rating(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const stars = Number(value);
  return Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : undefined;
}

/** A ship-to country as the API names it: two capital letters. */
function countryCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) ? value : undefined;
}

function sort(value: unknown): SortKey | undefined {
  return SORT_KEYS.find((key) => key === value);
}

export function parseHomeSearch(search: Record<string, unknown>): HomeSearch {
  return withoutEmpty({
    q: text(search.q),
    sort: sort(search.sort),
    category: asCategory(search.category),
    minRating: rating(search.minRating),
  });
}

export function parseSearchPageFilters(search: Record<string, unknown>): SearchPageFilters {
  return withoutEmpty({
    category: asCategory(search.category),
    brand: text(search.brand),
    minRating: rating(search.minRating),
    minPrice: amount(search.minPrice),
    maxPrice: amount(search.maxPrice),
    shipsFrom: text(search.shipsFrom),
    deliversTo: countryCode(search.deliversTo),
  });
}

// Absent rather than undefined keys keep the URL and the query key free of `key=undefined`.
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
