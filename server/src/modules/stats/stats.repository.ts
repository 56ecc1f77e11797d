import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  apiDailyCounts,
  currencyRates,
  disputeMessages,
  disputes,
  orderItems,
  orders,
  products,
  siteVisits,
  stores,
} from '../../db/schema.ts';

// Every dashboard figure, answered by SQL. Amounts are summed in USD: each order's minor units divided by its
// currency's rate (units per USD), so orders in BDT and USD add up. Days are UTC days.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the day `now` falls in. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The order's total in USD minor units (fractional; rounded once, at the end). */
const usdTotal = sql<number>`(${orders.totalMinor}::numeric / coalesce(${currencyRates.rate}, 1))`;
/** What was given back: the recorded refund, else the whole total of a paid order that was cancelled. */
const usdRefund = sql<number>`((case when ${orders.refundedMinor} > 0 then ${orders.refundedMinor} else ${orders.totalMinor} end)::numeric / coalesce(${currencyRates.rate}, 1))`;
const refundedAt = sql<Date>`coalesce(${orders.refundedAt}, ${orders.updatedAt})`;
const isRefund = or(
  gte(orders.refundedMinor, 1),
  and(eq(orders.status, 'Cancelled'), eq(orders.isPaid, true)),
);

const usd = (minor: unknown) => Math.round(Number(minor ?? 0)) / 100;

export interface Overview {
  salesToday: number;
  salesWeek: number;
  salesMonth: number;
  orders: { b2c: number; d2c: number; b2b: number };
  traffic: { visitors: number; pageviews: number };
  conversion: number;
  topProducts: string[];
  revenueVsRefund: Array<{ date: string; revenue: number; refund: number }>;
  geo: Array<{ country: string; orders: number }>;
}

export async function overview(db: Database, now: Date): Promise<Overview> {
  const today = startOfUtcDay(now);
  const weekStart = new Date(now.getTime() - 7 * DAY_MS);
  const monthStart = new Date(now.getTime() - 30 * DAY_MS);
  // The chart's 30 days end today, so its first day starts 29 midnights back.
  const chartStart = new Date(today.getTime() - 29 * DAY_MS);

  const [sales] = await db
    .select({
      today: sql<string>`coalesce(sum(${usdTotal}) filter (where ${orders.paidAt} >= ${today}), 0)`,
      week: sql<string>`coalesce(sum(${usdTotal}) filter (where ${orders.paidAt} >= ${weekStart}), 0)`,
      month: sql<string>`coalesce(sum(${usdTotal}), 0)`,
    })
    .from(orders)
    .leftJoin(currencyRates, eq(currencyRates.code, orders.currency))
    .where(and(eq(orders.isPaid, true), gte(orders.paidAt, monthStart)));

  const channels = await db
    .select({ channel: orders.channel, n: count() })
    .from(orders)
    .where(gte(orders.createdAt, monthStart))
    .groupBy(orders.channel);
  const byChannel = { b2c: 0, d2c: 0, b2b: 0 };
  for (const row of channels) byChannel[row.channel] = row.n;

  const [traffic] = await db
    .select({
      visitors: sql<number>`count(distinct ${siteVisits.visitorId})::int`,
      pageviews: sql<number>`count(*)::int`,
    })
    .from(siteVisits)
    .where(gte(siteVisits.at, today));
  const [placedToday] = await db.select({ n: count() }).from(orders).where(gte(orders.createdAt, today));
  const visitors = traffic?.visitors ?? 0;
  const conversion = visitors === 0 ? 0 : Math.round(((placedToday?.n ?? 0) / visitors) * 10000) / 100;

  const productKey = sql`coalesce(${orderItems.productId}::text, ${orderItems.name})`;
  const top = await db
    .select({
      name: sql<string>`coalesce(max(${products.title}), max(${orderItems.name}))`,
      units: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.isPaid, true), gte(orders.paidAt, monthStart)))
    .groupBy(productKey)
    .orderBy(
      desc(sql`sum(${orderItems.quantity})`),
      asc(sql`coalesce(max(${products.title}), max(${orderItems.name}))`),
    )
    .limit(5);

  const paidDay = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const revenue = await db
    .select({ day: paidDay, amount: sql<string>`sum(${usdTotal})` })
    .from(orders)
    .leftJoin(currencyRates, eq(currencyRates.code, orders.currency))
    .where(and(eq(orders.isPaid, true), gte(orders.paidAt, chartStart)))
    .groupBy(paidDay);
  const refundDay = sql<string>`to_char(${refundedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const refunds = await db
    .select({ day: refundDay, amount: sql<string>`sum(${usdRefund})` })
    .from(orders)
    .leftJoin(currencyRates, eq(currencyRates.code, orders.currency))
    .where(and(isRefund, gte(refundedAt, chartStart)))
    .groupBy(refundDay);
  const revenueByDay = new Map(revenue.map((row) => [row.day, usd(row.amount)]));
  const refundByDay = new Map(refunds.map((row) => [row.day, usd(row.amount)]));
  const revenueVsRefund = Array.from({ length: 30 }, (_, i) => {
    const date = utcDate(new Date(chartStart.getTime() + i * DAY_MS));
    return { date, revenue: revenueByDay.get(date) ?? 0, refund: refundByDay.get(date) ?? 0 };
  });

  const geo = await db
    .select({ country: orders.shipCountry, orders: count() })
    .from(orders)
    .where(gte(orders.createdAt, monthStart))
    .groupBy(orders.shipCountry)
    .orderBy(desc(count()), asc(orders.shipCountry));

  return {
    salesToday: usd(sales?.today),
    salesWeek: usd(sales?.week),
    salesMonth: usd(sales?.month),
    orders: byChannel,
    traffic: { visitors, pageviews: traffic?.pageviews ?? 0 },
    conversion,
    topProducts: top.map((row) => row.name),
    revenueVsRefund,
    geo,
  };
}

export interface Alert {
  message: string;
  severity: 'high' | 'medium' | 'low';
  kind: string;
}

const DISPUTE_WAIT_MS = 48 * 60 * 60 * 1000;
const MARKETPLACE_WINDOW_MS = DAY_MS;

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** The latest message of a dispute from staff (admin or support), or -infinity when staff never wrote. */
const lastStaffReply = sql`coalesce((select max(s.created_at) from dispute_messages s where s.dispute_id = ${disputes.id} and s.sender <> 'user'), '-infinity'::timestamptz)`;
const lastUserMessage = sql`coalesce((select max(u.created_at) from dispute_messages u where u.dispute_id = ${disputes.id} and u.sender = 'user'), ${disputes.createdAt})`;

export async function alerts(
  db: Database,
  now: Date,
  marketplaceActions: readonly string[],
): Promise<Alert[]> {
  const [outOfStock] = await db
    .select({ n: count() })
    .from(products)
    .where(
      or(eq(products.status, 'out_of_stock'), and(eq(products.status, 'published'), eq(products.stock, 0))),
    );
  const [escalated] = await db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'escalated'));
  // Open disputes whose shopper has had no staff answer for 48 hours.
  const [waiting] = await db
    .select({ n: count() })
    .from(disputes)
    .where(
      and(
        inArray(disputes.status, ['open', 'under_review']),
        sql`${lastUserMessage} > ${lastStaffReply}`,
        lt(lastUserMessage, new Date(now.getTime() - DISPUTE_WAIT_MS)),
      ),
    );
  const [marketplace] = await db
    .select({ n: count() })
    .from(activityLog)
    .where(
      and(
        inArray(activityLog.action, [...marketplaceActions]),
        eq(activityLog.outcome, 'failed'),
        gte(activityLog.at, new Date(now.getTime() - MARKETPLACE_WINDOW_MS)),
      ),
    );

  const found: Alert[] = [];
  const n = (row: { n: number } | undefined) => row?.n ?? 0;
  if (n(escalated) > 0) {
    found.push({
      message: `${n(escalated)} ${plural(n(escalated), 'dispute has', 'disputes have')} been escalated.`,
      severity: 'high',
      kind: 'disputes',
    });
  }
  if (n(waiting) > 0) {
    found.push({
      message: `${n(waiting)} ${plural(n(waiting), 'dispute has', 'disputes have')} waited more than 48 hours for a reply.`,
      severity: 'high',
      kind: 'disputes',
    });
  }
  if (n(marketplace) > 0) {
    found.push({
      message: `${n(marketplace)} marketplace ${plural(n(marketplace), 'request', 'requests')} failed in the last 24 hours.`,
      severity: 'medium',
      kind: 'marketplace',
    });
  }
  if (n(outOfStock) > 0) {
    found.push({
      message: `${n(outOfStock)} ${plural(n(outOfStock), 'product is', 'products are')} out of stock.`,
      severity: 'medium',
      kind: 'stock',
    });
  }
  return found;
}

export async function pendingActions(db: Database) {
  const [drafts] = await db.select({ n: count() }).from(products).where(eq(products.status, 'draft'));
  const [awaiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.isPaid, true),
        eq(orders.isDelivered, false),
        notInArray(orders.status, ['Cancelled', 'Failed', 'Delivered', 'Completed']),
      ),
    );
  const [applications] = await db.select({ n: count() }).from(stores).where(eq(stores.status, 'pending'));
  // A shopper's message nobody on staff has answered yet: newer than the dispute's last staff reply.
  const [unread] = await db
    .select({ n: count() })
    .from(disputeMessages)
    .innerJoin(disputes, eq(disputes.id, disputeMessages.disputeId))
    .where(
      and(
        eq(disputeMessages.sender, 'user'),
        notInArray(disputes.status, ['resolved', 'closed']),
        sql`${disputeMessages.createdAt} > ${lastStaffReply}`,
      ),
    );
  return {
    products: drafts?.n ?? 0,
    orders: awaiting?.n ?? 0,
    vendors: applications?.n ?? 0,
    support: unread?.n ?? 0,
  };
}

/** API calls per UTC day for the last `days` days, newest first, days without calls at 0. */
export async function dailyCounts(db: Database, now: Date, days: number) {
  const today = startOfUtcDay(now);
  const first = utcDate(new Date(today.getTime() - (days - 1) * DAY_MS));
  const rows = await db.select().from(apiDailyCounts).where(gte(apiDailyCounts.day, first));
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  return Array.from({ length: days }, (_, i) => {
    const date = utcDate(new Date(today.getTime() - i * DAY_MS));
    return { date, count: byDay.get(date) ?? 0 };
  });
}

const REPEAT_WINDOW_SECONDS = 10;

/** Records a page view unless the same visitor reported the same path moments ago (a reload). */
export async function recordVisit(
  db: Database,
  visit: { visitorId: string; path: string; country: string | null },
): Promise<boolean> {
  const repeated = await db
    .select({ id: siteVisits.id })
    .from(siteVisits)
    .where(
      and(
        eq(siteVisits.visitorId, visit.visitorId),
        eq(siteVisits.path, visit.path),
        sql`${siteVisits.at} > now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`,
      ),
    )
    .limit(1);
  if (repeated.length > 0) return false;
  await db.insert(siteVisits).values(visit);
  return true;
}
