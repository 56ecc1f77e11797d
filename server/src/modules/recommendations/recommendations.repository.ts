import { and, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, products, recentlyViewed } from '../../db/schema.ts';
import { shopperVisible } from '../products/index.ts';

/** How many products a shopper's account remembers as recently viewed (the device keeps as many). */
export const RECENTLY_VIEWED_CAP = 12;

export interface CardRow {
  id: string;
  title: string;
  images: string[];
  priceMinor: number;
  originalPriceMinor: number | null;
  currency: string;
  source: string;
  rating: number;
  reviewCount: number;
  stock: number;
}

const cardColumns = {
  id: products.id,
  title: products.title,
  images: products.images,
  priceMinor: products.priceMinor,
  originalPriceMinor: products.originalPriceMinor,
  currency: products.currency,
  source: products.source,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stock: products.stock,
};

/** The products shoppers may see among `ids`, in the order of `ids`. */
export async function visibleCards(db: Database, ids: string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(and(inArray(products.id, ids), shopperVisible));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Orders that count as bought: paid, or confirmed and beyond; never cancelled or failed. */
const boughtOrder = and(
  or(
    eq(orders.isPaid, true),
    inArray(orders.status, ['Confirmed', 'Processing', 'Shipped', 'Delivered', 'Completed']),
  ),
  notInArray(orders.status, ['Cancelled', 'Failed']),
);

/**
 * Products bought in the same orders as any of `ids`, with how many such orders each shares, most first (then
 * the better rated). One query: the asked products' order lines (order_items_product_order_idx), their orders'
 * other lines (order_items_order_product_idx), only products shoppers may see.
 */
export async function alsoBought(
  db: Database,
  ids: string[],
  limit: number,
): Promise<Array<CardRow & { together: number }>> {
  if (ids.length === 0) return [];
  const result = await db.execute(alsoBoughtQuery(ids, limit));
  // node-postgres answers a result with `rows`; PGlite's driver the same or an array.
  const rows = (Array.isArray(result) ? result : (result as { rows: RankedRow[] }).rows) as RankedRow[];
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    images: row.images,
    priceMinor: Number(row.price_minor),
    originalPriceMinor: row.original_price_minor === null ? null : Number(row.original_price_minor),
    currency: row.currency,
    source: row.source,
    rating: Number(row.rating),
    reviewCount: Number(row.review_count),
    stock: Number(row.stock),
    together: Number(row.together),
  }));
}

type RankedRow = {
  id: string;
  title: string;
  images: string[];
  price_minor: number | string;
  original_price_minor: number | string | null;
  currency: string;
  source: string;
  rating: number | string;
  review_count: number | string;
  stock: number | string;
  together: number | string;
};

/**
 * The statement alsoBought runs, apart so its plan can be read with EXPLAIN. The companions are counted once,
 * in a materialised step, before the visibility rule: joined in one step, the planner (which cannot estimate
 * the rule's store check) may rerun the whole count once per visible product.
 */
export function alsoBoughtQuery(ids: string[], limit: number): SQL {
  const asked = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    with ranked as materialized (
      select other.product_id, count(distinct other.order_id)::int as together
      from order_items mine
      join orders on orders.id = mine.order_id and ${boughtOrder}
      join order_items other on other.order_id = mine.order_id
        and other.product_id is not null and other.product_id not in (${asked})
      where mine.product_id in (${asked})
      group by other.product_id
    )
    select products.id, products.title, products.images, products.price_minor, products.original_price_minor,
      products.currency, products.source, products.rating, products.review_count, products.stock, ranked.together
    from ranked
    join products on products.id = ranked.product_id
    where ${shopperVisible}
    order by ranked.together desc, products.rating desc, products.review_count desc, products.id
    limit ${limit}`;
}

/** The shopper's recently viewed products that are still for sale, newest first. */
export async function recentlyViewedCards(db: Database, customerId: string): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(recentlyViewed)
    .innerJoin(products, eq(products.id, recentlyViewed.productId))
    .where(and(eq(recentlyViewed.customerId, customerId), shopperVisible))
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.productId))
    .limit(RECENTLY_VIEWED_CAP);
}

/**
 * Merges viewed products into the account's list: a product seen again keeps its latest time, unknown products
 * are ignored, and only the newest RECENTLY_VIEWED_CAP stay. One transaction, the shopper's rows locked by the
 * customer row, so two merges at once cannot leave more than the cap.
 */
export async function recordViews(
  db: Database,
  customerId: string,
  items: Array<{ productId: string; viewedAt: Date }>,
): Promise<void> {
  const latest = new Map<string, Date>();
  for (const item of items) {
    const known = latest.get(item.productId);
    if (!known || known < item.viewedAt) latest.set(item.productId, item.viewedAt);
  }
  if (latest.size === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from customers where id = ${customerId} for update`);
    const existing = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...latest.keys()]));
    const rows = existing.map(({ id }) => ({
      customerId,
      productId: id,
      viewedAt: latest.get(id) ?? new Date(),
    }));
    if (rows.length > 0) {
      await tx
        .insert(recentlyViewed)
        .values(rows)
        .onConflictDoUpdate({
          target: [recentlyViewed.customerId, recentlyViewed.productId],
          set: { viewedAt: sql`greatest(${recentlyViewed.viewedAt}, excluded.viewed_at)` },
        });
    }
    await tx.execute(sql`
      delete from recently_viewed
      where customer_id = ${customerId}
        and product_id not in (
          select product_id from recently_viewed where customer_id = ${customerId}
          order by viewed_at desc, product_id desc limit ${RECENTLY_VIEWED_CAP}
        )`);
  });
}
