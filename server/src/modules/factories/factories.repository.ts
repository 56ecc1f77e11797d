import { and, asc, count, desc, eq, gte, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type activityLog, orderItems, orders, products, stores } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { BASE_RATE, convertMinor } from '../../money/money.ts';
import { insertActivity } from '../activity/index.ts';
import { lastDaysStart } from '../stats/index.ts';

// Domestic D2C Management: factories are stores of the kind 'factory'; their products are those whose store is
// the factory, and their orders the orders holding at least one of those products.

export type StoreRow = typeof stores.$inferSelect;
export type FactoryStatus = StoreRow['status'];
type ActivityWithoutDetails = Omit<typeof activityLog.$inferInsert, 'details'>;

export interface FactoryRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  description: string | null;
  status: FactoryStatus;
  createdAt: Date;
  products: number;
  d2cOrders: number;
  /** USD minor units. */
  revenueMinor: number;
}

export interface FactoryFilters {
  q?: string | undefined;
  status?: FactoryStatus | undefined;
  id?: string | undefined;
}

/** Orders that were sold and stay sold: a cancelled or failed order's items were not. */
const CLOSED_STATUSES = ['Cancelled', 'Failed'] as const;

const isFactory = eq(stores.kind, 'factory');

/** The fields of a factory the forms edit. */
export type FactoryFields = Pick<StoreRow, 'name' | 'email' | 'phone' | 'country' | 'description'>;
export type FactoryChanges = Partial<FactoryFields & Pick<StoreRow, 'status'>>;

/** USD minor units each factory's products sold for in paid D2C orders still standing, per stored rate. */
async function revenueOf(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  const revenue = new Map<string, number>();
  if (ids.length === 0) return revenue;
  const rows = await db
    .select({
      storeId: products.storeId,
      rate: orders.rate,
      minor: sql<string>`sum(${orderItems.lineTotalMinor})`,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(products.storeId, [...ids]),
        eq(orders.channel, 'd2c'),
        eq(orders.isPaid, true),
        notInArray(orders.status, [...CLOSED_STATUSES]),
      ),
    )
    .groupBy(products.storeId, orders.rate);
  for (const row of rows) {
    if (row.storeId === null) continue;
    revenue.set(
      row.storeId,
      (revenue.get(row.storeId) ?? 0) + convertMinor(Number(row.minor ?? 0), row.rate, BASE_RATE),
    );
  }
  return revenue;
}

const productCount =
  sql<number>`(select count(*) from "products" p where p.store_id = "stores"."id")`.mapWith(Number);
const d2cOrderCount = sql<number>`(
  select count(distinct oi.order_id) from "order_items" oi
  join "products" p on p.id = oi.product_id
  join "orders" o on o.id = oi.order_id
  where p.store_id = "stores"."id" and o.channel = 'd2c')`.mapWith(Number);

export async function listFactories(
  db: Database,
  filters: FactoryFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: FactoryRow[]; total: number }> {
  const conditions: SQL[] = [isFactory];
  const q = filters.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const match = or(ilike(stores.name, pattern), ilike(stores.email, pattern));
    if (match) conditions.push(match);
  }
  if (filters.status) conditions.push(eq(stores.status, filters.status));
  if (filters.id !== undefined) conditions.push(eq(stores.id, filters.id));
  const where = and(...conditions);

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stores.id,
        name: stores.name,
        email: stores.email,
        phone: stores.phone,
        country: stores.country,
        description: stores.description,
        status: stores.status,
        createdAt: stores.createdAt,
        products: productCount,
        d2cOrders: d2cOrderCount,
      })
      .from(stores)
      .where(where)
      .orderBy(asc(sql`lower(${stores.name})`), asc(stores.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(stores).where(where),
  ]);
  const revenue = await revenueOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, revenueMinor: revenue.get(row.id) ?? 0 })),
    total: counted?.total ?? 0,
  };
}

export async function findFactory(db: Database, id: string): Promise<FactoryRow | null> {
  const { rows } = await listFactories(db, { id }, { offset: 0, limit: 1 });
  return rows[0] ?? null;
}

export interface FactoryStats {
  factories: number;
  active: number;
  suspended: number;
  d2cOrders: number;
  /** USD minor units. */
  d2cRevenueMinor: number;
}

/**
 * The summary cards: factories by status, and the D2C orders of the last 30 days (today and the 29 before it, UTC,
 * as the dashboard counts them) with their paid revenue.
 */
export async function factoryStats(db: Database, now: Date): Promise<FactoryStats> {
  const since = lastDaysStart(now, 30);
  const recentD2c = and(eq(orders.channel, 'd2c'), gte(orders.createdAt, since));
  const [[counted], [placed], byRate] = await Promise.all([
    db
      .select({
        factories: count(),
        active: sql<number>`count(*) filter (where ${stores.status} = 'active')`.mapWith(Number),
        suspended: sql<number>`count(*) filter (where ${stores.status} = 'suspended')`.mapWith(Number),
      })
      .from(stores)
      .where(isFactory),
    db.select({ n: count() }).from(orders).where(recentD2c),
    db
      .select({
        rate: orders.rate,
        minor: sql<string>`sum(greatest(${orders.totalMinor} - ${orders.refundedMinor}, 0))`,
      })
      .from(orders)
      .where(and(recentD2c, eq(orders.isPaid, true)))
      .groupBy(orders.rate),
  ]);
  return {
    factories: counted?.factories ?? 0,
    active: counted?.active ?? 0,
    suspended: counted?.suspended ?? 0,
    d2cOrders: placed?.n ?? 0,
    d2cRevenueMinor: byRate.reduce(
      (sum, row) => sum + convertMinor(Number(row.minor ?? 0), row.rate, BASE_RATE),
      0,
    ),
  };
}

/** Whether another store already uses this email (compared trimmed and case-blind). */
export async function storeEmailTaken(db: Database, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(
      and(
        sql`lower(trim(${stores.email})) = ${email.trim().toLowerCase()}`,
        exceptId ? sql`${stores.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Adds an active factory and logs it, in one transaction. */
export async function insertFactory(
  db: Database,
  values: FactoryFields,
  activity: (id: string) => ActivityWithoutDetails,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stores)
      .values({ ...values, kind: 'factory', status: 'active' })
      .returning({ id: stores.id });
    if (!row) throw new Error('store insert returned no row');
    await insertActivity(tx, { ...activity(row.id), details: { before: null, after: values } });
    return row.id;
  });
}

/**
 * Applies a staff edit and logs it with the values before and after, in one transaction. Suspending bumps the
 * store's token version: the store is also a vendor account, and its sign-ins end with it.
 */
export async function updateFactory(
  db: Database,
  id: string,
  changes: FactoryChanges,
  activity: ActivityWithoutDetails,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(stores)
      .where(and(eq(stores.id, id), isFactory))
      .for('update');
    if (!current) return false;
    const suspending = changes.status === 'suspended' && current.status !== 'suspended';
    await tx
      .update(stores)
      .set({
        ...changes,
        ...(suspending ? { tokenVersion: sql`${stores.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(stores.id, id));
    const keys = Object.keys(changes) as (keyof FactoryChanges)[];
    await insertActivity(tx, {
      ...activity,
      details: {
        before: Object.fromEntries(keys.map((key) => [key, current[key]])),
        after: Object.fromEntries(keys.map((key) => [key, changes[key]])),
      },
    });
    return true;
  });
}

/**
 * Makes the factory the store of every product named, in one transaction, logging each product's store before.
 * Answers how many of the ids name no product (then nothing changed), or null when the factory does not exist.
 */
export async function assignProducts(
  db: Database,
  factoryId: string,
  productIds: readonly string[],
  activity: ActivityWithoutDetails,
): Promise<{ missing: number } | null> {
  return db.transaction(async (tx) => {
    const [factory] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.id, factoryId), isFactory))
      .for('update');
    if (!factory) return null;
    const found = await tx
      .select({ id: products.id, storeId: products.storeId })
      .from(products)
      .where(inArray(products.id, [...productIds]))
      .for('update');
    const missing = productIds.length - found.length;
    if (missing > 0) return { missing };
    await tx
      .update(products)
      .set({ storeId: factoryId, updatedAt: new Date() })
      .where(inArray(products.id, [...productIds]));
    await insertActivity(tx, {
      ...activity,
      details: {
        before: Object.fromEntries(found.map((row) => [row.id, row.storeId])),
        after: Object.fromEntries(found.map((row) => [row.id, factoryId])),
      },
    });
    return { missing: 0 };
  });
}

export async function listFactoryProducts(
  db: Database,
  factoryId: string,
  page: { offset: number; limit: number },
) {
  const where = eq(products.storeId, factoryId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        productId: products.productId,
        title: products.title,
        status: products.status,
        priceMinor: products.priceMinor,
        currency: products.currency,
        stock: products.stock,
        images: products.images,
      })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function listFactoryOrders(
  db: Database,
  factoryId: string,
  page: { offset: number; limit: number },
) {
  const holdsItsProducts = sql`exists (
    select 1 from "order_items" oi join "products" p on p.id = oi.product_id
    where oi.order_id = "orders"."id" and p.store_id = ${factoryId})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        totalMinor: orders.totalMinor,
        currency: orders.currency,
        status: orders.status,
        channel: orders.channel,
      })
      .from(orders)
      .where(holdsItsProducts)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(holdsItsProducts),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
