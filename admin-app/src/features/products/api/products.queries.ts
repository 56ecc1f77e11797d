import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** Spec 1 §7, §9: the product lists ask for country BD and currency BDT. */
const LIST_COUNTRY = 'BD';
export const LIST_CURRENCY = 'BDT';

type ProductListQuery = QueryParams<'listProducts'>;

/** The one home of the product screens' query options; keys derive from method + path (+ parameters). */
export const productQueries = {
  list: (query: ProductListQuery) =>
    $api.queryOptions('get', '/product/', {
      params: { query: { country: LIST_COUNTRY, currency: LIST_CURRENCY, ...query } },
    }),
  stats: () => $api.queryOptions('get', '/product/stats'),
  detail: (id: string) =>
    $api.queryOptions('get', '/product/{id}', {
      params: { path: { id }, query: { country: LIST_COUNTRY, currency: LIST_CURRENCY } },
    }),
  reviews: (id: string, query: QueryParams<'listProductReviewsForStaff'>) =>
    $api.queryOptions('get', '/reviews/admin/product/{id}', { params: { path: { id }, query } }),
};

/**
 * Key prefixes of the reads above, for invalidation: method and path (every answer of that read), or with one
 * product's path parameter (TanStack matches the rest of the key partially: any query, one product).
 */
export const productKeys = {
  lists: productQueries.list({}).queryKey.slice(0, 2),
  stats: productQueries.stats().queryKey.slice(0, 2),
  details: productQueries.detail('').queryKey.slice(0, 2),
  detailOf: (id: string) => [...productKeys.details, { params: { path: { id } } }],
  reviewsOf: (id: string) => [
    ...productQueries.reviews(id, {}).queryKey.slice(0, 2),
    { params: { path: { id } } },
  ],
};
