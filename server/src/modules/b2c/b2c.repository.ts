import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { appendedCounts } from '../../db/appended-counts.ts';
import { cappedCount } from '../../db/capped-count.ts';
import type { Database } from '../../db/client.ts';
import { b2cShopperCounts, b2cShoppers, orders } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { BASE_RATE, convertMinor } from '../../money/money.ts';
import { figures, lastDaysStart, refreshSummaries, usdMinorOf } from '../stats/index.ts';

// B2C Management's shoppers: accounts, and guests (an email orders were placed under without an account).
// Orders placed without an account under a live account's email count for that account, so one person is one row.

export type ShopperStatus = 'active' | 'suspended' | 'guest';

export interface ShopperRow {
  /** The account's id, or a guest's lower-cased email. */
  id: string;
  name: string;
  email: string;
  status: ShopperStatus;
  orders: number;
  /** USD minor units: paid orders' totals less refunds, each converted at its order's rate. */
  spentMinor: number;
  lastOrder: Date | null;
  joined: Date | null;
  invited: boolean;
}

export interface ShopperFilters {
  q?: string | undefined;
  status?: ShopperStatus | undefined;
  id?: string | undefined;
}

/** An order's email as guests are grouped by it (and as customers.email is stored). */
const guestEmail = sql<string>`lower(trim("orders"."customer_email"))`;

/** A shopper's row as the list reads it (b2c_shoppers, kept by triggers on accounts and order totals). */
const shopperColumns = {
  id: b2cShoppers.id,
  name: b2cShoppers.name,
  email: b2cShoppers.email,
  status: b2cShoppers.status,
  joined: b2cShoppers.joined,
  invited: b2cShoppers.invited,
  orders: b2cShoppers.orders,
  lastOrder: b2cShoppers.lastOrderAt,
};

/** Raw SQL columns arrive as text from some drivers: dates are made Dates here. */
const toDate = (value: unknown): Date | null => (value === null ? null : new Date(value as string | Date));

/** USD minor units each shopper spent: paid orders less refunds, one conversion per stored rate. */
async function spentBy(
  db: Database,
  shoppers: readonly { id: string; email: string; status: ShopperStatus }[],
): Promise<Map<string, number>> {
  const spent = new Map<string, number>();
  if (shoppers.length === 0) return spent;
  const accounts = shoppers.filter((shopper) => shopper.status !== 'guest');
  // An order placed without an account counts for the live account with its email, else for the guest.
  const ownerOfEmail = new Map(shoppers.map((shopper) => [shopper.email, shopper.id]));
  const byAccount = accounts.length
    ? inArray(
        orders.customerId,
        accounts.map((account) => account.id),
      )
    : undefined;
  const byEmail = and(isNull(orders.customerId), inArray(guestEmail, [...ownerOfEmail.keys()]));
  const rows = await db
    .select({
      customerId: orders.customerId,
      email: guestEmail,
      rate: orders.rate,
      minor: sql<string>`sum(greatest(${orders.totalMinor} - ${orders.refundedMinor}, 0))`,
    })
    .from(orders)
    .where(and(eq(orders.isPaid, true), byAccount ? or(byAccount, byEmail) : byEmail))
    .groupBy(orders.customerId, guestEmail, orders.rate);
  for (const row of rows) {
    const owner = row.customerId ?? ownerOfEmail.get(row.email);
    if (!owner) continue;
    spent.set(owner, (spent.get(owner) ?? 0) + convertMinor(Number(row.minor ?? 0), row.rate, BASE_RATE));
  }
  return spent;
}

/**
 * A page of shoppers and how many match, counted up to COUNT_CAP (`capped` past it); `counted: false` leaves the
 * count out (null) for a caller that has it.
 */
export async function listShoppers(
  db: Database,
  filters: ShopperFilters,
  page: { offset: number; limit: number },
  { counted = true }: { counted?: boolean } = {},
): Promise<{ rows: ShopperRow[]; total: number | null; capped: boolean }> {
  const conditions: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    // Served by the trigram indexes on name and email.
    const pattern = containsPattern(q);
    // Each row the indexes find is checked against the text again, up to the first column holding it: an email's
    // marks (an @ or a digit) put the email first, as orders' search does.
    const byName = ilike(b2cShoppers.name, pattern);
    const byEmail = ilike(b2cShoppers.email, pattern);
    const match = /[@\d]/.test(q) ? or(byEmail, byName) : or(byName, byEmail);
    if (match) conditions.push(match);
  }
  if (filters.status) conditions.push(eq(b2cShoppers.status, filters.status));
  if (filters.id !== undefined) conditions.push(eq(b2cShoppers.id, filters.id));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, matched] = await Promise.all([
    db
      .select(shopperColumns)
      .from(b2cShoppers)
      .where(where)
      // Most recent activity first: the last order, or the day the account was opened (b2c_shoppers_activity_idx).
      .orderBy(sql`${b2cShoppers.activityAt} desc nulls last`, b2cShoppers.id)
      .limit(page.limit)
      .offset(page.offset),
    counted ? cappedCount(db, b2cShoppers, where, { searched: Boolean(q) }) : null,
  ]);
  const spent = await spentBy(db, rows);
  return {
    rows: rows.map((row) => ({
      ...row,
      spentMinor: spent.get(row.id) ?? 0,
      lastOrder: toDate(row.lastOrder),
      joined: toDate(row.joined),
    })),
    total: matched?.total ?? null,
    capped: matched?.capped ?? false,
  };
}

export async function findShopperRow(db: Database, id: string): Promise<ShopperRow | null> {
  const { rows } = await listShoppers(db, { id }, { offset: 0, limit: 1 }, { counted: false });
  return rows[0] ?? null;
}

/** True when orders were placed without an account under this email and no live account has it. */
export async function isGuest(db: Database, email: string): Promise<boolean> {
  return (await findShopperRow(db, email.trim().toLowerCase()))?.status === 'guest';
}

export interface ShopperStats {
  shoppers: number;
  active: number;
  suspended: number;
  guests: number;
  b2cOrders: number;
  /** USD minor units. */
  b2cRevenueMinor: number;
}

/** Shoppers per status, from the changes the triggers append to b2c_shopper_counts (migration 0048): a few rows,
 * where counting b2c_shoppers read every shopper (154 ms a page at a million). */
async function shoppersByStatus(db: Database): Promise<Record<'active' | 'suspended' | 'guest', number>> {
  const counts = await appendedCounts(db, {
    table: b2cShopperCounts,
    key: b2cShopperCounts.status,
    n: b2cShopperCounts.n,
  });
  return {
    active: counts.get('active') ?? 0,
    suspended: counts.get('suspended') ?? 0,
    guest: counts.get('guest') ?? 0,
  };
}

/** Every moment from `from` on (the cards' spans end now). */
const ONWARDS = new Date('9999-12-31T00:00:00.000Z');

/**
 * The summary cards: shoppers by status, and the B2C orders of the last 30 days (today and the 29 before it, UTC)
 * with their paid revenue, from the days' sums (stats) and today's rows.
 */
export async function shopperStats(db: Database, now: Date): Promise<ShopperStats> {
  // The last 30 days ending today, as the dashboard and Analytics count them.
  const since = { from: lastDaysStart(now, 30), to: ONWARDS };
  const [people, recent] = await Promise.all([
    shoppersByStatus(db),
    refreshSummaries(db, now).then(() =>
      figures(db, now, {
        placed: { metric: 'channel', ...since },
        // Paid orders' totals less refunds, keyed `<archived>|<status>|<channel>`, per stored rate.
        paid: { metric: 'order_net', ...since },
      }),
    ),
  ]);
  const b2cPaid = recent.paid.filter((row) => row.key.endsWith('|b2c'));
  return {
    shoppers: people.active + people.suspended + people.guest,
    active: people.active,
    suspended: people.suspended,
    guests: people.guest,
    b2cOrders: recent.placed.filter((row) => row.key === 'b2c').reduce((sum, row) => sum + row.value, 0),
    b2cRevenueMinor: usdMinorOf(b2cPaid),
  };
}
