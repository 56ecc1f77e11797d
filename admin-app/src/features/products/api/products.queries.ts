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
};
