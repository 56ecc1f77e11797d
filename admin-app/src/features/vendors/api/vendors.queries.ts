import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** Vendor Applications pages its stores by 10. */
export const VENDOR_PAGE_SIZE = 10;

/** The only home of Vendor Applications' query options; keys derive from method + path (+ parameters). */
export const vendorQueries = {
  list: (query: QueryParams<'listVendorApplications'>) =>
    $api.queryOptions('get', '/vendor-applications', { params: { query } }),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const vendorKeys = {
  lists: vendorQueries.list({}).queryKey.slice(0, 2),
};
