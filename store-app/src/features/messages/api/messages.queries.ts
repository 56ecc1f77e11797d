import { $api } from '../../../lib/api';

/** Sellers answer while the shopper waits: the conversations are read afresh on every visit and every half minute. */
const LIVE = { staleTime: 0, refetchInterval: 30_000 } as const;

/** The conversations one page of the list shows. */
export const CONVERSATIONS_PAGE_SIZE = 20;

/** GET /user/conversations: the shopper's conversations with sellers, the latest first, and the unread total. */
export const myConversationsQueryOptions = (page = 1) => ({
  ...$api.queryOptions('get', '/user/conversations', {
    params: { query: { page, limit: CONVERSATIONS_PAGE_SIZE } },
  }),
  ...LIVE,
});

/** GET /user/conversations/{id}: one conversation with its messages; reading it marks it read. */
export const myConversationQueryOptions = (id: string) => ({
  ...$api.queryOptions('get', '/user/conversations/{id}', { params: { path: { id } } }),
  ...LIVE,
});

/** Key prefixes (method and path) of the reads above, so a write refreshes every page of them. */
export const conversationKeys = {
  lists: myConversationsQueryOptions().queryKey.slice(0, 2),
  one: (id: string) => myConversationQueryOptions(id).queryKey,
};
