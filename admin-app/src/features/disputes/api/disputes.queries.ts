import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The desk's list page size; the list scrolls inside a fixed height, so a page fills it a few times over. */
export const DISPUTE_PAGE_SIZE = 20;

type DisputeListQuery = QueryParams<'listAllDisputes'>;

/**
 * The one home of the dispute desk's query options. Keys derive from method + path (+ parameters), so a write
 * invalidates every page and filter of a read through `disputeKeys` below.
 */
export const disputeQueries = {
  list: (query: DisputeListQuery) => $api.queryOptions('get', '/dispute/admin/all', { params: { query } }),
  detail: (id: string) => $api.queryOptions('get', '/dispute/{id}', { params: { path: { id } } }),
  stats: () => $api.queryOptions('get', '/dispute/stats'),
};

/** Key prefixes of the reads above: the first two parts of each key (method and path). */
export const disputeKeys = {
  lists: disputeQueries.list({}).queryKey.slice(0, 2),
  details: disputeQueries.detail('').queryKey.slice(0, 2),
  stats: disputeQueries.stats().queryKey.slice(0, 2),
};
