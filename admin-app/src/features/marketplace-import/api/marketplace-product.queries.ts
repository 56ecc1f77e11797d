import { $api } from '../../../lib/api';

/** GET /product/aliexpress/{id} (getMarketplaceProduct): the marketplace's item, keyed by ship-to country. */
export const marketplaceProductQuery = (id: string) =>
  $api.queryOptions('get', '/product/aliexpress/{id}', { params: { path: { id } } }, { staleTime: 0 });
