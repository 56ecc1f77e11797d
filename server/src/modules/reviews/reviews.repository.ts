import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, reviews } from '../../db/schema.ts';
import { SHOPPER_VISIBLE_STATUSES } from '../orders/orders.repository.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export async function productVisibleToShoppers(db: Database, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), inArray(products.status, [...SHOPPER_VISIBLE_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/** One page of a product's reviews, newest first, and how many it has in all. */
export async function listProductReviews(
  db: Database,
  productId: string,
  page: { page: number; limit: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(reviews).where(eq(reviews.productId, productId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
