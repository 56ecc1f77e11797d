import { and, asc, count, desc, eq, exists, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  customers,
  orderItems,
  orders,
  products,
  reviewPhotos,
  reviews,
  reviewVotes,
} from '../../db/schema.ts';
import { shopperVisible } from '../products/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWithProduct = ReviewRow & { product: { id: string; name: string; image: string | null } };

export async function productVisibleToShoppers(db: Database, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), shopperVisible))
    .limit(1);
  return row !== undefined;
}

export async function productExists(db: Database, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row !== undefined;
}

/** The review (of the outer query over `reviews`) carries at least one photo. */
const hasPhotos = (db: Database) =>
  exists(db.select({ one: sql`1` }).from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviews.id)));

/**
 * One page of a product's reviews and how many it has in all; hidden ones only for staff. Shoppers see reviews
 * with photos first, then the newest; staff see the newest first.
 */
export async function listProductReviews(
  db: Database,
  productId: string,
  page: { page: number; limit: number },
  options: { withHidden?: boolean } = {},
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = options.withHidden
    ? eq(reviews.productId, productId)
    : and(eq(reviews.productId, productId), isNull(reviews.hiddenAt));
  const photosFirst = sql`${hasPhotos(db)} desc`;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...(options.withHidden ? [] : [photosFirst]), desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The product's rating and review count from its visible reviews, in the same transaction as the change. */
async function refreshProductRating(tx: Transaction, productId: string): Promise<void> {
  await tx
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(r.rating)::numeric, 1)::float8 from reviews r where r.product_id = ${productId} and r.hidden_at is null), 0)`,
      reviewCount: sql`(select count(*)::int from reviews r where r.product_id = ${productId} and r.hidden_at is null)`,
    })
    .where(eq(products.id, productId));
}

/** The delivered order the shopper received the product in, most recent first; null when none. */
export async function deliveredOrderWith(
  db: Database,
  customerId: string,
  productId: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.isDelivered, true),
        eq(orderItems.productId, productId),
      ),
    )
    .orderBy(desc(orders.deliveredAt))
    .limit(1);
  return row ?? null;
}

export async function findReview(db: Database, id: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row ?? null;
}

/** Inserts the shopper's review; null when they already reviewed the product. */
export async function insertReview(
  db: Database,
  input: { productId: string; customerId: string; rating: number; comment: string },
): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    const [row] = await tx
      .insert(reviews)
      .values({ ...input, name: customer?.name ?? 'Shopper' })
      .onConflictDoNothing({ target: [reviews.productId, reviews.customerId] })
      .returning();
    if (!row) return null;
    await refreshProductRating(tx, input.productId);
    return row;
  });
}

/** Edits the shopper's own review; null when it is not theirs. */
export async function updateOwnReview(
  db: Database,
  input: { id: string; customerId: string; rating: number; comment: string },
): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ rating: input.rating, comment: input.comment, updatedAt: new Date() })
      .where(and(eq(reviews.id, input.id), eq(reviews.customerId, input.customerId)))
      .returning();
    if (!row) return null;
    await refreshProductRating(tx, row.productId);
    return row;
  });
}

/** One vote per shopper: a new vote counts, a changed one moves, the same one again changes nothing. */
export async function vote(
  db: Database,
  input: { reviewId: string; customerId: string; helpful: boolean },
): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, input.reviewId), isNull(reviews.hiddenAt)))
      .for('update');
    if (!review) return null;
    const [earlier] = await tx
      .select({ helpful: reviewVotes.helpful })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, input.reviewId), eq(reviewVotes.customerId, input.customerId)));
    if (earlier?.helpful === input.helpful) return review;
    if (earlier) {
      await tx
        .update(reviewVotes)
        .set({ helpful: input.helpful })
        .where(and(eq(reviewVotes.reviewId, input.reviewId), eq(reviewVotes.customerId, input.customerId)));
    } else {
      await tx.insert(reviewVotes).values(input);
    }
    const helpful = review.helpful + (input.helpful ? 1 : 0) - (earlier?.helpful === true ? 1 : 0);
    const unhelpful = review.unhelpful + (input.helpful ? 0 : 1) - (earlier?.helpful === false ? 1 : 0);
    const [row] = await tx
      .update(reviews)
      .set({ helpful: Math.max(0, helpful), unhelpful: Math.max(0, unhelpful) })
      .where(eq(reviews.id, input.reviewId))
      .returning();
    return row ?? null;
  });
}

export async function setHidden(db: Database, id: string, hidden: boolean): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
      .where(eq(reviews.id, id))
      .returning();
    if (!row) return null;
    await refreshProductRating(tx, row.productId);
    return row;
  });
}

const productOfReview = {
  id: products.id,
  name: products.title,
  image: sql<string | null>`${products.images}->>0`,
};

export async function reviewWithProduct(db: Database, row: ReviewRow): Promise<ReviewWithProduct> {
  const [product] = await db.select(productOfReview).from(products).where(eq(products.id, row.productId));
  return { ...row, product: product ?? { id: row.productId, name: '', image: null } };
}

/** The shopper's reviews, newest first, optionally only those with one rating. */
export async function listCustomerReviews(
  db: Database,
  customerId: string,
  filter: { rating?: number | undefined; page: number; limit: number },
): Promise<{ rows: ReviewWithProduct[]; total: number }> {
  const where =
    filter.rating === undefined
      ? eq(reviews.customerId, customerId)
      : and(eq(reviews.customerId, customerId), eq(reviews.rating, filter.rating));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ review: reviews, product: productOfReview })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return {
    rows: rows.map(({ review, product }) => ({ ...review, product })),
    total: counted?.total ?? 0,
  };
}

/** Products from the shopper's delivered orders they have not reviewed, most recently delivered first. */
export async function listReviewable(db: Database, customerId: string) {
  const rows = await db
    .selectDistinctOn([orderItems.productId], {
      product: productOfReview,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      deliveredAt: orders.deliveredAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.isDelivered, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reviews)
            .where(and(eq(reviews.productId, orderItems.productId), eq(reviews.customerId, customerId))),
        ),
      ),
    )
    .orderBy(orderItems.productId, sql`${orders.deliveredAt} desc nulls last`);
  return rows.sort((a, b) => (b.deliveredAt?.getTime() ?? 0) - (a.deliveredAt?.getTime() ?? 0));
}

export type ReviewPhotoRow = typeof reviewPhotos.$inferSelect;
export const MAX_REVIEW_PHOTOS = 5;

/** The photos of these reviews, oldest first, by review. */
export async function photosOf(db: Database, reviewIds: string[]): Promise<Map<string, ReviewPhotoRow[]>> {
  const found = new Map<string, ReviewPhotoRow[]>(reviewIds.map((id) => [id, []]));
  if (reviewIds.length === 0) return found;
  const rows = await db
    .select()
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, reviewIds))
    .orderBy(asc(reviewPhotos.createdAt), asc(reviewPhotos.id));
  for (const row of rows) found.get(row.reviewId)?.push(row);
  return found;
}

/** The shopper's own review, or null when it does not exist or is someone else's. */
export async function findOwnReview(db: Database, id: string, customerId: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

export async function countPhotos(db: Database, reviewId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId));
  return row?.n ?? 0;
}

/**
 * Records a stored picture on the shopper's own review. The review row is locked first, so two uploads at once
 * cannot both pass the limit. 'not-found' when the review is not theirs, 'full' at the limit.
 */
export async function insertPhoto(
  db: Database,
  input: Omit<typeof reviewPhotos.$inferInsert, 'id' | 'createdAt'> & { customerId: string },
): Promise<ReviewPhotoRow | 'not-found' | 'full'> {
  const { customerId, ...photo } = input;
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.id, photo.reviewId), eq(reviews.customerId, customerId)))
      .for('update');
    if (!review) return 'not-found';
    if ((await countPhotos(tx, photo.reviewId)) >= MAX_REVIEW_PHOTOS) return 'full';
    const [row] = await tx.insert(reviewPhotos).values(photo).returning();
    if (!row) throw new Error('review photo not recorded');
    await tx.update(reviews).set({ updatedAt: new Date() }).where(eq(reviews.id, photo.reviewId));
    return row;
  });
}

/** Removes a photo from the shopper's own review; answers its stored name, or null when there is no such photo. */
export async function deletePhoto(
  db: Database,
  input: { reviewId: string; photoId: string; customerId: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reviewPhotos)
      .where(
        and(
          eq(reviewPhotos.id, input.photoId),
          eq(reviewPhotos.reviewId, input.reviewId),
          exists(
            tx
              .select({ one: sql`1` })
              .from(reviews)
              .where(and(eq(reviews.id, input.reviewId), eq(reviews.customerId, input.customerId))),
          ),
        ),
      )
      .returning({ storedName: reviewPhotos.storedName });
    if (!row) return null;
    await tx.update(reviews).set({ updatedAt: new Date() }).where(eq(reviews.id, input.reviewId));
    return row.storedName;
  });
}

/** How many visible reviews gave each rating (5 down to 1), their count, average and how many carry photos. */
export async function ratingSummary(db: Database, productId: string) {
  const rows = await db
    .select({
      rating: reviews.rating,
      n: count(),
      withPhotos: sql<number>`count(*) filter (where ${hasPhotos(db)})::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  const counts = [5, 4, 3, 2, 1].map((rating) => ({
    rating,
    count: rows.find((row) => row.rating === rating)?.n ?? 0,
  }));
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  const stars = counts.reduce((sum, entry) => sum + entry.rating * entry.count, 0);
  return {
    average: total === 0 ? 0 : Math.round((stars / total) * 10) / 10,
    total,
    withPhotos: rows.reduce((sum, row) => sum + row.withPhotos, 0),
    counts,
  };
}
