import type { QueryParams } from '@shop/sdk/types';
import * as z from 'zod/mini';

export type SortKey = NonNullable<QueryParams<'listProducts'>['sort']>;

/** Spec §2 Home: the sort dropdown, in the spec's order; the first is the default. */
export const sortOptions = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest First' },
] as const satisfies { value: SortKey; label: string }[];

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

export function asCategory(value: string | null | undefined): CategoryFilter | undefined {
  return CATEGORY_FILTERS.find((category) => category === value);
}

/** Spec §2 Search results: rating 5 to 1 "and up". */
export const RATINGS = [5, 4, 3, 2, 1] as const;

export function ratingLabel(rating: number): string {
  return `${rating} ${rating === 1 ? 'star' : 'stars'} & up`;
}

// URL search parameters are typed by hand in the address bar: a bad one is dropped, never an error page.
const text = z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))), undefined);
const category = z.catch(z.optional(z.enum(CATEGORY_FILTERS)), undefined);
const rating = z.catch(
  z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(5)))),
  undefined,
);

const homeSearchSchema = z.object({
  q: text,
  sort: z.catch(z.optional(z.enum(['newest', 'price_asc', 'price_desc', 'popularity', 'title'])), undefined),
  category,
  minRating: rating,
});

const searchPageSchema = z.object({ category, brand: text, minRating: rating });

export type HomeSearch = z.infer<typeof homeSearchSchema>;
export type SearchPageFilters = z.infer<typeof searchPageSchema>;

export function parseHomeSearch(search: Record<string, unknown>): HomeSearch {
  return withoutEmpty(homeSearchSchema.parse(search));
}

export function parseSearchPageFilters(search: Record<string, unknown>): SearchPageFilters {
  return withoutEmpty(searchPageSchema.parse(search));
}

// Absent rather than undefined keys keep the URL and the query key free of `key=undefined`.
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
