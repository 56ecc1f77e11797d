import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../orders/orders.handlers.ts';
import { listProductReviews, productVisibleToShoppers } from './reviews.repository.ts';

export function createReviewHandlers(deps: { db: Database }) {
  const { db } = deps;

  return {
    listProductReviews: operation('listProductReviews', async (request) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await productVisibleToShoppers(db, id))) throw notFound('Product not found.');
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listProductReviews(db, id, { page, limit });
      return {
        success: true,
        data: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          rating: row.rating,
          comment: row.comment,
          helpful: row.helpful,
          unhelpful: row.unhelpful,
          createdAt: row.createdAt.toISOString(),
        })),
        meta: { page, limit, total },
      };
    }),
  };
}
