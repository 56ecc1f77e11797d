import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The Products table pages by 10, as the back office's lists do. */
export const PRODUCT_LIST_PAGE_SIZE = 10;

/** GET /vendor/products (listVendorProducts): one page of the vendor's own products, every status. */
export const productListQuery = (query: QueryParams<'listVendorProducts'>) =>
  $api.queryOptions('get', '/vendor/products', { params: { query } });
