import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, wishlistEntries } from '../../db/schema.ts';
import { shopperVisible } from '../products/index.ts';

export interface WishlistRow {
  id: string;
  product: {
    id: string;
    title: string;
    images: string[];
    priceMinor: number;
    currency: string;
    source: string;
  };
}

const entryColumns = {
  id: wishlistEntries.id,
  product: {
    id: products.id,
    title: products.title,
    source: products.source,
    images: products.images,
    priceMinor: products.priceMinor,
    currency: products.currency,
  },
};

export async function findProductStatus(
  db: Database,
  productId: string,
): Promise<(typeof products.$inferSelect)['status'] | null> {
  const [row] = await db
    .select({ status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row?.status ?? null;
}

/** The shopper's entries for products still shown to shoppers, most recently added first. */
export function listWishlist(db: Database, customerId: string): Promise<WishlistRow[]> {
  return db
    .select(entryColumns)
    .from(wishlistEntries)
    .innerJoin(products, eq(products.id, wishlistEntries.productId))
    .where(and(eq(wishlistEntries.customerId, customerId), shopperVisible))
    .orderBy(desc(wishlistEntries.createdAt), desc(wishlistEntries.id));
}

/** Adds the product unless it is already there (the unique pair makes a racing second add a no-op). */
export async function addToWishlist(
  db: Database,
  customerId: string,
  productId: string,
): Promise<WishlistRow> {
  await db
    .insert(wishlistEntries)
    .values({ customerId, productId })
    .onConflictDoNothing({
      target: [wishlistEntries.customerId, wishlistEntries.productId],
    });
  const [row] = await db
    .select(entryColumns)
    .from(wishlistEntries)
    .innerJoin(products, eq(products.id, wishlistEntries.productId))
    .where(and(eq(wishlistEntries.customerId, customerId), eq(wishlistEntries.productId, productId)))
    .limit(1);
  if (!row) throw new Error('the wishlist entry just written cannot be read back');
  return row;
}

export async function removeFromWishlist(db: Database, customerId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistEntries)
    .where(and(eq(wishlistEntries.customerId, customerId), eq(wishlistEntries.productId, productId)));
}
