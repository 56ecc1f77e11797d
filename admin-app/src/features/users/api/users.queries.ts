import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** Spec 2 and the brief: the users list pages by 10. */
export const USER_PAGE_SIZE = 10;

/** The only home of the users screens' query options; keys derive from method + path (+ parameters). */
export const userQueries = {
  list: (query: QueryParams<'listUsers'>) => $api.queryOptions('get', '/users', { params: { query } }),
  detail: (id: string) => $api.queryOptions('get', '/users/{id}', { params: { path: { id } } }),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const userKeys = {
  lists: userQueries.list({}).queryKey.slice(0, 2),
  details: userQueries.detail('').queryKey.slice(0, 2),
};
