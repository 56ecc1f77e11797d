import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** Promotion & Coupons pages the vendor's coupons by 10. */
export const COUPON_PAGE_SIZE = 10;

/** The only home of the coupons' query options; keys derive from method + path (+ parameters). */
export const vendorCouponQueries = {
  list: (query: QueryParams<'listVendorCoupons'>) =>
    $api.queryOptions('get', '/vendor/coupons', { params: { query } }),
};

/** Key prefix of the list (method and path), for invalidation. */
export const vendorCouponKeys = {
  lists: vendorCouponQueries.list({}).queryKey.slice(0, 2),
};
