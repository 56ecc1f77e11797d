import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storeFollows, stores } from '../../db/schema.ts';
import { shopperVisible } from '../products/index.ts';

export interface FollowedStoreRow {
  id: string;
  store: { id: string; name: string; email: string };
}

const columns = {
  id: storeFollows.id,
  store: { id: stores.id, name: stores.name, email: stores.email },
};

/** The stores a shopper follows, most recently followed first; stores no longer active are left out. */
export function listFollowedStores(db: Database, customerId: string): Promise<FollowedStoreRow[]> {
  return db
    .select(columns)
    .from(storeFollows)
    .innerJoin(stores, eq(stores.id, storeFollows.storeId))
    .where(and(eq(storeFollows.customerId, customerId), eq(stores.status, 'active')))
    .orderBy(desc(storeFollows.createdAt), desc(storeFollows.id));
}

export async function findActiveStore(db: Database, storeId: string) {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.status, 'active')));
  return store ?? null;
}

/** Follows the store; following it again keeps the first entry (the unique pair makes concurrent calls safe). */
export async function followStore(
  db: Database,
  customerId: string,
  storeId: string,
): Promise<FollowedStoreRow> {
  await db.insert(storeFollows).values({ customerId, storeId }).onConflictDoNothing();
  const [row] = await db
    .select(columns)
    .from(storeFollows)
    .innerJoin(stores, eq(stores.id, storeFollows.storeId))
    .where(and(eq(storeFollows.customerId, customerId), eq(storeFollows.storeId, storeId)));
  if (!row) throw new Error('the store just followed cannot be read back');
  return row;
}

export async function unfollowStore(db: Database, customerId: string, storeId: string): Promise<void> {
  await db
    .delete(storeFollows)
    .where(and(eq(storeFollows.customerId, customerId), eq(storeFollows.storeId, storeId)));
}

/** An active store's public page: its details, visible product count and followers. */
export async function findPublicStore(db: Database, storeId: string) {
  const [store] = await db
    .select({
      id: stores.id,
      name: stores.name,
      logo: stores.logoUrl,
      description: stores.description,
      country: stores.country,
      createdAt: stores.createdAt,
      productCount: sql<number>`(select count(*)::int from products where "products"."store_id" = stores.id and ${shopperVisible})`,
      followers: sql<number>`(select count(*)::int from store_follows f where f.store_id = stores.id)`,
    })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.status, 'active')));
  return store ?? null;
}
