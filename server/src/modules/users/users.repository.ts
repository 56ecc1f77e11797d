import { and, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  admins,
  customers,
  disputes,
  orders,
  products,
  reviews,
  wishlistEntries,
} from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { insertActivity } from '../activity/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type UserRole = 'admin' | 'manager' | 'user';
export type UserStatus = 'Active' | 'Inactive';
export type StaffRole = (typeof admins.$inferSelect)['role'];

/** One row of the Users Management list: a shopper, or a staff account seen read-only. */
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  kind: 'shopper' | 'staff';
  staffRole: StaffRole | null;
  invited: boolean;
  joined: Date;
  lastLogin: Date | null;
}

export interface UserFilters {
  q?: string | undefined;
  role?: UserRole | undefined;
  status?: UserStatus | undefined;
}

/**
 * Both kinds of account in the list's one shape. Staff with the widest roles show as `admin`, the others as
 * `manager`; a staff account that is Suspended or Pending counts as Inactive.
 */
function accountsQuery(db: Database) {
  const shoppers = db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      role: sql<UserRole>`'user'`.as('role'),
      status: sql<UserStatus>`${customers.status}::text`.as('status'),
      kind: sql<'shopper' | 'staff'>`'shopper'`.as('kind'),
      staffRole: sql<StaffRole | null>`null::text`.as('staff_role'),
      invited: sql<boolean>`${customers.inviteTokenHash} is not null`.as('invited'),
      joined: sql<Date>`${customers.createdAt}`.as('joined'),
      lastLogin: sql<Date | null>`${customers.lastLoginAt}`.as('last_login'),
    })
    .from(customers)
    .where(isNull(customers.deletedAt));
  const staff = db
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      role: sql<UserRole>`case when ${admins.role} in ('SuperAdmin', 'Manager') then 'admin' else 'manager' end`.as(
        'role',
      ),
      status: sql<UserStatus>`case when ${admins.status} = 'Active' then 'Active' else 'Inactive' end`.as(
        'status',
      ),
      kind: sql<'shopper' | 'staff'>`'staff'`.as('kind'),
      staffRole: sql<StaffRole | null>`${admins.role}::text`.as('staff_role'),
      invited: sql<boolean>`false`.as('invited'),
      joined: sql<Date>`${admins.createdAt}`.as('joined'),
      lastLogin: sql<Date | null>`${admins.lastLoginAt}`.as('last_login'),
    })
    .from(admins);
  return unionAll(shoppers, staff).as('accounts');
}

/** Raw SQL columns arrive as text from some drivers: dates are made Dates here. */
function toAccountRow(
  row: Omit<AccountRow, 'joined' | 'lastLogin'> & { joined: unknown; lastLogin: unknown },
) {
  return {
    ...row,
    joined: new Date(row.joined as string | Date),
    lastLogin: row.lastLogin === null ? null : new Date(row.lastLogin as string | Date),
  };
}

export async function listAccounts(
  db: Database,
  filters: UserFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const accounts = accountsQuery(db);
  const conditions: SQL[] = [];
  if (filters.q?.trim()) {
    const pattern = containsPattern(filters.q.trim());
    const match = or(ilike(accounts.name, pattern), ilike(accounts.email, pattern));
    if (match) conditions.push(match);
  }
  if (filters.role) conditions.push(eq(accounts.role, filters.role));
  if (filters.status) conditions.push(eq(accounts.status, filters.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.joined), desc(accounts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(accounts).where(where),
  ]);
  return { rows: rows.map(toAccountRow), total: counted?.total ?? 0 };
}

/** The stat cards, over every account: New This Month counts from the 1st of the current month, UTC. */
export async function accountStats(db: Database, now: Date) {
  const accounts = accountsQuery(db);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${accounts.status} = 'Active')`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${accounts.role} = 'admin')`.mapWith(Number),
      newThisMonth:
        sql<number>`count(*) filter (where ${accounts.joined} >= ${monthStart.toISOString()})`.mapWith(
          Number,
        ),
    })
    .from(accounts);
  return row ?? { total: 0, active: 0, admins: 0, newThisMonth: 0 };
}

/** A listed account by id (deleted shoppers are not listed, so they are not found). */
export async function findAccount(db: Database, id: string): Promise<AccountRow | null> {
  const accounts = accountsQuery(db);
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ? toAccountRow(row) : null;
}

export async function findShopper(db: Database, id: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findCustomerByEmail(db: Database, email: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email)).limit(1);
  return row ?? null;
}

export async function staffEmailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
  return row !== undefined;
}

export type ShopperChanges = Partial<
  Pick<
    CustomerRow,
    'name' | 'email' | 'phone' | 'address' | 'status' | 'firstName' | 'lastName' | 'isBusiness'
  >
>;

/**
 * Applies a staff edit and logs it with the values before and after, in one transaction. Deactivating bumps the
 * token version, so every token the shopper holds stops working at once.
 */
export async function updateShopper(
  db: Database,
  id: string,
  changes: ShopperChanges,
  activity: Omit<typeof activityLog.$inferInsert, 'details'>,
): Promise<CustomerRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
      .for('update');
    if (!current) return null;
    const deactivating = changes.status === 'Inactive' && current.status !== 'Inactive';
    const [updated] = await tx
      .update(customers)
      .set({
        ...changes,
        ...(deactivating ? { tokenVersion: sql`${customers.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(customers.id, id))
      .returning();
    const keys = Object.keys(changes) as (keyof ShopperChanges)[];
    await insertActivity(tx, {
      ...activity,
      details: {
        before: Object.fromEntries(keys.map((key) => [key, current[key]])),
        after: Object.fromEntries(keys.map((key) => [key, changes[key]])),
      },
    });
    return updated ?? null;
  });
}

/**
 * Deletes a shopper for good while keeping their orders for the books: the personal data goes, the row stays
 * (orders and disputes point at it), the password becomes unusable and every token ends.
 */
export async function anonymiseShopper(
  db: Database,
  id: string,
  unusablePasswordHash: string,
  activity: Omit<typeof activityLog.$inferInsert, 'details'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
      .for('update');
    if (!current) return false;
    await tx
      .update(customers)
      .set({
        name: 'Deleted user',
        email: `deleted-${id}@invalid`,
        username: `deleted-${id}`,
        firstName: null,
        lastName: null,
        phone: null,
        address: null,
        passwordHash: unusablePasswordHash,
        status: 'Inactive',
        inviteTokenHash: null,
        inviteExpiresAt: null,
        deletedAt: new Date(),
        tokenVersion: sql`${customers.tokenVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, id));
    // The wishlist is personal and has no value for the books.
    await tx.delete(wishlistEntries).where(eq(wishlistEntries.customerId, id));
    await insertActivity(tx, {
      ...activity,
      details: { before: { name: current.name, email: current.email, status: current.status }, after: null },
    });
    return true;
  });
}

export interface NewShopper {
  username: string;
  email: string;
  name: string;
  passwordHash: string;
  inviteTokenHash?: string | null;
  inviteExpiresAt?: Date | null;
}

export async function insertShopper(db: Database, values: NewShopper): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Renews a pending invitation (a new token replaces the old one, which stops working). */
export async function renewInvitation(
  db: Database,
  id: string,
  invite: { tokenHash: string; expiresAt: Date },
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({ inviteTokenHash: invite.tokenHash, inviteExpiresAt: invite.expiresAt, updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning();
  return row ?? null;
}

/**
 * Accepts an invitation: the one statement checks the token's hash and expiry and consumes it, so a token works
 * once even when two requests race.
 */
export async function acceptInvitation(
  db: Database,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({
      passwordHash,
      inviteTokenHash: null,
      inviteExpiresAt: null,
      lastLoginAt: now,
      tokenVersion: sql`${customers.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(customers.inviteTokenHash, tokenHash),
        gte(customers.inviteExpiresAt, now),
        isNull(customers.deletedAt),
        eq(customers.status, 'Active'),
      ),
    )
    .returning();
  return row ?? null;
}

const DETAIL_LIMIT = 20;

/** What User Details shows beside the profile. */
export async function shopperDetails(db: Database, id: string) {
  const [orderRows, orderCount, disputeRows, wishlistRows, activityRows, reviewRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        totalMinor: orders.totalMinor,
        currency: orders.currency,
        // Spelled out: inside the subquery an unqualified "id" would name the line's own id, so it counted nothing.
        items:
          sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.createdAt))
      .limit(DETAIL_LIMIT),
    db.select({ total: count() }).from(orders).where(eq(orders.customerId, id)),
    db
      .select({
        id: disputes.id,
        subject: disputes.subject,
        status: disputes.status,
        priority: disputes.priority,
        createdAt: disputes.createdAt,
      })
      .from(disputes)
      .where(eq(disputes.customerId, id))
      .orderBy(desc(disputes.createdAt))
      .limit(DETAIL_LIMIT),
    db
      .select({
        productId: products.id,
        title: products.title,
        images: products.images,
        addedAt: wishlistEntries.createdAt,
      })
      .from(wishlistEntries)
      .innerJoin(products, eq(products.id, wishlistEntries.productId))
      .where(eq(wishlistEntries.customerId, id))
      .orderBy(desc(wishlistEntries.createdAt))
      .limit(DETAIL_LIMIT),
    db
      .select()
      .from(activityLog)
      .where(or(eq(activityLog.target, userTarget(id)), eq(activityLog.actorId, id)))
      .orderBy(desc(activityLog.at))
      .limit(DETAIL_LIMIT),
    db
      .select({ id: reviews.id, title: products.title, rating: reviews.rating, createdAt: reviews.createdAt })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.customerId, id))
      .orderBy(desc(reviews.createdAt))
      .limit(DETAIL_LIMIT),
  ]);
  return {
    orders: orderRows,
    totalOrders: orderCount[0]?.total ?? 0,
    disputes: disputeRows,
    wishlist: wishlistRows,
    activity: shopperTimeline(activityRows, orderRows, disputeRows, reviewRows),
  };
}

type TimelineEntry = {
  id: string;
  action: string;
  actor: string | null;
  outcome: 'success' | 'failed' | 'warning';
  at: Date;
};

/**
 * The account's recent activity: what staff and the shopper did to it (the activity log), and what the shopper did
 * in the store (orders placed, disputes opened, reviews written), which the staff log does not record.
 */
function shopperTimeline(
  logged: Array<{
    id: string;
    action: string;
    actorName: string | null;
    outcome: TimelineEntry['outcome'];
    at: Date;
  }>,
  placed: Array<{ id: string; orderNumber: string; createdAt: Date }>,
  opened: Array<{ id: string; subject: string; createdAt: Date }>,
  reviewed: Array<{ id: string; title: string; rating: number; createdAt: Date }>,
): TimelineEntry[] {
  const byShopper = (id: string, action: string, at: Date): TimelineEntry => ({
    id,
    action,
    actor: null,
    outcome: 'success',
    at,
  });
  return [
    ...logged.map((entry) => ({ ...entry, actor: entry.actorName })),
    ...placed.map((order) =>
      byShopper(`order:${order.id}`, `Placed order ${order.orderNumber}`, order.createdAt),
    ),
    ...opened.map((dispute) =>
      byShopper(`dispute:${dispute.id}`, `Opened a dispute: ${dispute.subject}`, dispute.createdAt),
    ),
    ...reviewed.map((review) =>
      byShopper(`review:${review.id}`, `Reviewed ${review.title} (${review.rating}/5)`, review.createdAt),
    ),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, DETAIL_LIMIT);
}

/** How the activity log names a shopper account it is about. */
export const userTarget = (id: string) => `user:${id}`;

/** The ids among `ids` that are staff accounts (the users screens leave those to the Admin list). */
export async function staffIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(inArray(admins.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}
