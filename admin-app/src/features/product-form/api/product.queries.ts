import { $api } from '../../../lib/api';

/** GET /product/{id} (getProduct): with a staff token it carries the editor's fields (media, seo, labels). */
export const productQuery = (id: string) =>
  $api.queryOptions('get', '/product/{id}', { params: { path: { id } } });
