import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** B2C Management pages its shoppers by 10. */
export const SHOPPER_PAGE_SIZE = 10;

/** The only home of B2C Management's query options; keys derive from method + path (+ parameters). */
export const shopperQueries = {
  list: (query: QueryParams<'listShoppers'>) =>
    $api.queryOptions('get', '/b2c/shoppers', { params: { query } }),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const shopperKeys = {
  lists: shopperQueries.list({}).queryKey.slice(0, 2),
};
