import { $api } from '../../../lib/api';

/** GET /vendor/products/{id} (getVendorProduct): one of the vendor's products as the editor reads it. */
export const vendorProductQuery = (id: string) =>
  $api.queryOptions('get', '/vendor/products/{id}', { params: { path: { id } } });

/** Key prefixes a product write makes stale: the list (every page and filter) and every product read. */
export const vendorProductWriteKeys = [
  $api.queryOptions('get', '/vendor/products').queryKey.slice(0, 2),
  vendorProductQuery('').queryKey.slice(0, 2),
];
