import { unwrap } from '@shop/sdk/client';
import type { SuccessBody } from '@shop/sdk/types';
import { queryOptions } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';

/** The same key as the product hearts use, so a heart's change shows here and the reverse. */
export const wishlistQueryOptions = () => $api.queryOptions('get', '/wishlist/');

const NOT_IMPLEMENTED = 501;

/** Following stores may not be served yet: a 501 reads as following none, not as a failure. */
export const followedStoresQueryOptions = () =>
  queryOptions({
    queryKey: $api.queryOptions('get', '/followed-stores/').queryKey,
    queryFn: async ({ signal }): Promise<SuccessBody<'listFollowedStores'>> => {
      const call = api.GET('/followed-stores/', { signal });
      const { response } = await call;
      if (response.status === NOT_IMPLEMENTED) return { success: true, data: [] };
      return unwrap(call);
    },
  });
