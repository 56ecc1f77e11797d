import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The Orders table pages by 10. */
export const VENDOR_ORDER_PAGE_SIZE = 10;

/** The only home of the Orders screen's query options; keys derive from method + path (+ parameters). */
export const vendorOrderQueries = {
  list: (query: QueryParams<'listVendorOrders'>) =>
    $api.queryOptions('get', '/vendor/orders', { params: { query } }),
  detail: (id: string) => $api.queryOptions('get', '/vendor/orders/{id}', { params: { path: { id } } }),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const vendorOrderKeys = {
  lists: vendorOrderQueries.list({}).queryKey.slice(0, 2),
  details: vendorOrderQueries.detail('').queryKey.slice(0, 2),
};
