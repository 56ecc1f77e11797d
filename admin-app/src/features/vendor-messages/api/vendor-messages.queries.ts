import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The list's page size: it scrolls inside a fixed height, so one page fills it a few times over. */
export const CONVERSATION_PAGE_SIZE = 20;
/** How many vendor stores one search of the store picker offers. */
export const STORE_CHOICES = 20;

/** Vendors write while staff work: the lists are read again every half minute. */
const LIVE = { refetchInterval: 30_000 } as const;

/**
 * The one home of Vendor Messages' query options. Keys derive from method + path (+ parameters), so a write
 * refreshes every page and filter of a read through `vendorMessageKeys` below.
 */
export const vendorMessageQueries = {
  list: (query: QueryParams<'listStaffConversations'>) => ({
    ...$api.queryOptions('get', '/vendor-conversations', { params: { query } }),
    ...LIVE,
  }),
  detail: (id: string) => ({
    ...$api.queryOptions('get', '/vendor-conversations/{id}', { params: { path: { id } } }),
    ...LIVE,
  }),
  /** Active vendor stores (those that can read a message), searched by name or email. */
  stores: (q: string) =>
    $api.queryOptions('get', '/vendor-applications', {
      params: { query: { status: 'active', limit: STORE_CHOICES, ...(q.trim() ? { q: q.trim() } : {}) } },
    }),
};

/** Key prefixes of the reads above: the first two parts of each key (method and path). */
export const vendorMessageKeys = {
  lists: vendorMessageQueries.list({}).queryKey.slice(0, 2),
  detail: (id: string) => vendorMessageQueries.detail(id).queryKey,
};
