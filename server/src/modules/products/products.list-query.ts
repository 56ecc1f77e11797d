// How the product list's query becomes the listing's filters, and its facets the answer's.
import type { StaffAuth } from '../../auth/auth-context.ts';
import type { QueryParams } from '../../http/contract-types.ts';
import { badRequest } from '../../http/errors.ts';
import { toAmount, toMinor } from '../../money/money.ts';
import { type ProductFilters, SHOPPER_STATUSES } from './products.filters.ts';
import type { ProductFacets } from './products.search.ts';

type ListQuery = QueryParams<'listProducts'>;

export function filtersOf(
  query: Omit<ListQuery, 'country' | 'currency' | 'page' | 'limit'>,
  staff: StaffAuth | null,
) {
  return {
    q: query.q,
    source: query.source === 'local' ? 'manual' : query.source,
    status: query.status,
    category: query.category,
    brand: query.brand,
    store: query.store,
    minRating: query.minRating,
    approval: query.approval,
    shipsFrom: 'shipsFrom' in query ? query.shipsFrom : undefined,
    deliversTo: 'deliversTo' in query ? query.deliversTo : undefined,
    visible: staff ? undefined : SHOPPER_STATUSES,
  } satisfies ProductFilters;
}

/** Facets as the API shows them: price ranges in decimals. */
export function facetsView(facets: ProductFacets) {
  return {
    ...facets,
    price: facets.price.map((range) => ({
      min: toAmount(range.min),
      max: range.max === null ? null : toAmount(range.max),
      count: range.count,
    })),
  };
}

/** The list's price range in minor units of `currency` (worth `rate` per USD); a bad amount is a 400. */
export function priceRangeOf(query: Pick<ListQuery, 'minPrice' | 'maxPrice'>, rate: string) {
  const minor = (amount: number | undefined, name: string) => {
    if (amount === undefined) return undefined;
    const value = toMinor(amount);
    if (value === null) throw badRequest(`${name} must have at most two decimals.`);
    return value;
  };
  const min = minor(query.minPrice, 'minPrice');
  const max = minor(query.maxPrice, 'maxPrice');
  return min === undefined && max === undefined ? undefined : { min, max, rate };
}
