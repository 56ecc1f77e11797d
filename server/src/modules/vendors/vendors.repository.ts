import { and, count, desc, eq, ilike, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type activityLog, orders, type outbox, products, sessions, stores } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { BASE_RATE, convertMinor } from '../../money/money.ts';
import { insertActivity } from '../activity/index.ts';
import { normalizeEmail } from '../customers/index.ts';
import { queueMail } from '../mail/index.ts';
import { storeLinesPaid } from '../vendor-earnings/index.ts';
import { holdsStoreLine } from '../vendor-orders/index.ts';

// A vendor is a store of the kind 'vendor' with a sign-in: it applies (pending), staff approve it (active) or
// reject it with a reason, and may later suspend and reactivate it.

export type VendorRow = typeof stores.$inferSelect;
export type VendorStatus = VendorRow['status'];
export type OutboxMessage = Pick<typeof outbox.$inferInsert, 'to' | 'subject' | 'body' | 'kind'>;
type Activity = Omit<typeof activityLog.$inferInsert, 'details'>;

const isVendor = eq(stores.kind, 'vendor');

/** Orders still standing: a cancelled or failed order sold nothing. */
const CLOSED_STATUSES = ['Cancelled', 'Failed'] as const;

const sameEmail = (email: string) => sql`lower(trim(${stores.email})) = ${normalizeEmail(email)}`;

/**
 * Serialises writes that claim a store email, so two applications (or an application and a settings change)
 * with the same address cannot both pass the check; stores.email has no unique index (factories predate it).
 */
async function lockEmail(tx: Database, email: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`shop:store-email:${normalizeEmail(email)}`}))`,
  );
}

async function emailTakenIn(tx: Database, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(sameEmail(email), exceptId ? sql`${stores.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

/** The vendor store that signs in with this email; other kinds of store and stores without a password cannot. */
export async function findVendorForSignIn(db: Database, email: string): Promise<VendorRow | null> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(isVendor, sameEmail(email), sql`${stores.passwordHash} is not null`))
    .orderBy(desc(stores.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findVendor(db: Database, id: string): Promise<VendorRow | null> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), isVendor))
    .limit(1);
  return row ?? null;
}

export interface NewVendor {
  name: string;
  email: string;
  passwordHash: string;
  phone: string | null;
  address: string | null;
  description: string | null;
}

/**
 * Records the application as a pending vendor store with its messages, in one transaction; null when a store
 * already uses the email.
 */
export async function insertApplication(
  db: Database,
  values: NewVendor,
  messages: (row: VendorRow) => OutboxMessage[],
): Promise<VendorRow | null> {
  return db.transaction(async (tx) => {
    await lockEmail(tx, values.email);
    if (await emailTakenIn(tx, values.email)) return null;
    const [row] = await tx
      .insert(stores)
      .values({ ...values, kind: 'vendor', status: 'pending' })
      .returning();
    if (!row) throw new Error('store insert returned no row');
    const queued = messages(row);
    await queueMail(tx, queued);
    return row;
  });
}

export type VendorChanges = Pick<
  VendorRow,
  'name' | 'email' | 'phone' | 'address' | 'description' | 'logoUrl'
>;

/** Saves the vendor's own settings; 'taken' when another store uses the email. */
export async function updateVendor(
  db: Database,
  id: string,
  changes: VendorChanges,
): Promise<VendorRow | 'taken' | null> {
  return db.transaction(async (tx) => {
    await lockEmail(tx, changes.email);
    if (await emailTakenIn(tx, changes.email, id)) return 'taken';
    const [row] = await tx
      .update(stores)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(stores.id, id), isVendor))
      .returning();
    return row ?? null;
  });
}

/** Which statuses each staff decision starts from, and where it leads. */
export const TRANSITIONS = {
  approve: { from: ['pending', 'rejected'], to: 'active' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['active'], to: 'suspended' },
  reactivate: { from: ['suspended'], to: 'active' },
} as const satisfies Record<string, { from: readonly VendorStatus[]; to: VendorStatus }>;

export type Decision = keyof typeof TRANSITIONS;

/**
 * Applies a staff decision with its log entry and its message, in one transaction. Suspending bumps the token
 * version and revokes every live session of the store, so its tokens stop at once. Answers the row after, the
 * status it was in when the decision does not apply to it, or null when there is no such vendor.
 */
export async function decide(
  db: Database,
  id: string,
  decision: Decision,
  options: {
    reason?: string;
    activity: Activity;
    message: (row: VendorRow) => OutboxMessage;
    now?: Date;
  },
): Promise<{ row: VendorRow } | { refused: VendorStatus } | null> {
  const now = options.now ?? new Date();
  const { from, to } = TRANSITIONS[decision];
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(stores)
      .where(and(eq(stores.id, id), isVendor))
      .for('update');
    if (!current) return null;
    if (!(from as readonly VendorStatus[]).includes(current.status)) return { refused: current.status };
    const [row] = await tx
      .update(stores)
      .set({
        status: to,
        ...(decision === 'approve' || decision === 'reject'
          ? { reviewNote: options.reason ?? null, reviewedAt: now }
          : {}),
        ...(decision === 'suspend' ? { tokenVersion: sql`${stores.tokenVersion} + 1` } : {}),
        updatedAt: now,
      })
      .where(eq(stores.id, id))
      .returning();
    if (!row) throw new Error('store update returned no row');
    if (decision === 'suspend') {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.actorType, 'vendor'), eq(sessions.accountId, id), isNull(sessions.revokedAt)));
    }
    await insertActivity(tx, {
      ...options.activity,
      details: {
        before: { status: current.status },
        after: { status: to, ...(options.reason ? { reason: options.reason } : {}) },
      },
    });
    await queueMail(tx, options.message(row));
    return { row };
  });
}

export interface ApplicationFilters {
  status?: VendorStatus | undefined;
  q?: string | undefined;
}

export async function listApplications(
  db: Database,
  filters: ApplicationFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: VendorRow[]; total: number }> {
  const conditions: SQL[] = [isVendor];
  if (filters.status) conditions.push(eq(stores.status, filters.status));
  const q = filters.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const match = or(ilike(stores.name, pattern), ilike(stores.email, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(stores)
      .where(where)
      .orderBy(desc(stores.createdAt), desc(stores.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(stores).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Vendor stores per status, every status present. */
export async function statusCounts(db: Database): Promise<Record<VendorStatus, number>> {
  const rows = await db
    .select({ status: stores.status, n: count() })
    .from(stores)
    .where(isVendor)
    .groupBy(stores.status);
  const counts: Record<VendorStatus, number> = { pending: 0, active: 0, rejected: 0, suspended: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The orders holding at least one line the store sold (recorded on the line at placement), still standing. */
const holdsLinesOf = (storeId: string) =>
  and(holdsStoreLine(storeId), notInArray(orders.status, [...CLOSED_STATUSES]));

export interface VendorDashboardFigures {
  orders: number;
  /** USD minor units. */
  revenueMinor: number;
  activeProducts: number;
  recent: {
    id: string;
    orderNumber: string;
    customer: string;
    createdAt: Date;
    status: (typeof orders.$inferSelect)['status'];
    currency: string;
    /** What the shopper paid for the store's lines only, in the order's currency. */
    amountMinor: number;
  }[];
}

export async function dashboardFigures(
  db: Database,
  storeId: string,
  recentCount: number,
): Promise<VendorDashboardFigures> {
  const standing = holdsLinesOf(storeId);
  const figuresOf = {
    id: orders.id,
    discountMinor: orders.discountMinor,
    campaignId: orders.campaignId,
  };
  const [[placed], paidOrders, [active], recent] = await Promise.all([
    db.select({ n: count() }).from(orders).where(standing),
    db
      .select({ ...figuresOf, rate: orders.rate })
      .from(orders)
      .where(and(standing, eq(orders.isPaid, true))),
    db
      .select({ n: count() })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          eq(products.status, 'published'),
          eq(products.approval, 'approved'),
        ),
      ),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        customer: orders.customerName,
        createdAt: orders.createdAt,
        status: orders.status,
        currency: orders.currency,
        discountMinor: orders.discountMinor,
        campaignId: orders.campaignId,
      })
      .from(orders)
      .where(standing)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(recentCount),
  ]);
  const [paid, recentPaid] = await Promise.all([
    storeLinesPaid(db, storeId, paidOrders),
    storeLinesPaid(db, storeId, recent),
  ]);
  // Summed per rate, then converted once per rate: the same rounding as any other amount at that rate.
  const byRate = new Map<string, number>();
  for (const order of paidOrders) {
    byRate.set(order.rate, (byRate.get(order.rate) ?? 0) + (paid.get(order.id)?.paidMinor ?? 0));
  }
  return {
    orders: placed?.n ?? 0,
    revenueMinor: [...byRate].reduce((sum, [rate, minor]) => sum + convertMinor(minor, rate, BASE_RATE), 0),
    activeProducts: active?.n ?? 0,
    recent: recent.map((row) => ({ ...row, amountMinor: recentPaid.get(row.id)?.paidMinor ?? 0 })),
  };
}
