import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** Domestic D2C Management pages its factories, and a factory's products and orders, by 10. */
export const FACTORY_PAGE_SIZE = 10;
/** How many catalogue products the Add products picker shows for a search. */
export const PICKER_PAGE_SIZE = 10;

type PageQuery = { page: number; limit: number };

/** The only home of Domestic D2C Management's query options; keys derive from method + path (+ parameters). */
export const factoryQueries = {
  list: (query: QueryParams<'listFactories'>) =>
    $api.queryOptions('get', '/d2c/factories', { params: { query } }),
  detail: (id: string) => $api.queryOptions('get', '/d2c/factories/{id}', { params: { path: { id } } }),
  products: (id: string, query: PageQuery) =>
    $api.queryOptions('get', '/d2c/factories/{id}/products', { params: { path: { id }, query } }),
  orders: (id: string, query: PageQuery) =>
    $api.queryOptions('get', '/d2c/factories/{id}/orders', { params: { path: { id }, query } }),
  /** The catalogue the picker searches by title or id (staff see every status). */
  catalogue: (query: QueryParams<'listProducts'>) =>
    $api.queryOptions('get', '/product/', { params: { query } }),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const factoryKeys = {
  lists: factoryQueries.list({}).queryKey.slice(0, 2),
  details: factoryQueries.detail('').queryKey.slice(0, 2),
  products: factoryQueries.products('', { page: 1, limit: 1 }).queryKey.slice(0, 2),
  orders: factoryQueries.orders('', { page: 1, limit: 1 }).queryKey.slice(0, 2),
  catalogue: factoryQueries.catalogue({}).queryKey.slice(0, 2),
};
