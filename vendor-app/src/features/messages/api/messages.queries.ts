import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The list's page size: it scrolls inside a fixed height, so one page fills it a few times over. */
export const CONVERSATION_PAGE_SIZE = 20;

/** Shoppers and staff write while the vendor works: the lists are read again every half minute. */
const LIVE = { refetchInterval: 30_000 } as const;

/**
 * The one home of the Message Center's query options. Keys derive from method + path (+ parameters), so a write
 * refreshes every tab and page of a read through `messageKeys` below.
 */
export const messageQueries = {
  list: (query: QueryParams<'listVendorConversations'>) => ({
    ...$api.queryOptions('get', '/vendor/conversations', { params: { query } }),
    ...LIVE,
  }),
  detail: (id: string) => ({
    ...$api.queryOptions('get', '/vendor/conversations/{id}', { params: { path: { id } } }),
    ...LIVE,
  }),
};

/** Key prefixes of the reads above: the first two parts of each key (method and path). */
export const messageKeys = {
  lists: messageQueries.list({}).queryKey.slice(0, 2),
  detail: (id: string) => messageQueries.detail(id).queryKey,
};
