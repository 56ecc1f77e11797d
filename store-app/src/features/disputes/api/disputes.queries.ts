import { $api } from '../../../lib/api';

/** GET /dispute/user: the shopper's own disputes, newest first. */
// Support answers while the shopper waits: the disputes are read afresh on every visit and every half minute.
const LIVE = { staleTime: 0, refetchInterval: 30_000 } as const;

export const myDisputesQueryOptions = () => ({ ...$api.queryOptions('get', '/dispute/user'), ...LIVE });

/** GET /dispute/stats: the stat cards' figures over the shopper's own disputes. */
export const disputeStatsQueryOptions = () => ({ ...$api.queryOptions('get', '/dispute/stats'), ...LIVE });

/** GET /dispute/{id}: one dispute with its whole thread. */
export const disputeQueryOptions = (id: string) => ({
  ...$api.queryOptions('get', '/dispute/{id}', { params: { path: { id } } }),
  ...LIVE,
});

/** The most orders one page of GET /order answers (the contract's `limit` maximum). */
const ORDER_CHOICES_LIMIT = 100;

/** The shopper's latest orders, offered as choices for the Order ID field. */
export const orderChoicesQueryOptions = () =>
  $api.queryOptions('get', '/order', { params: { query: { page: 1, limit: ORDER_CHOICES_LIMIT } } });

/** Every dispute read the Dispute Center makes: what a change must refresh. */
export const disputeQueryKeys = {
  list: myDisputesQueryOptions().queryKey,
  stats: disputeStatsQueryOptions().queryKey,
  one: (id: string) => disputeQueryOptions(id).queryKey,
};
