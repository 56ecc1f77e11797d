import { and, asc, count, desc, eq, gte, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  apiDailyCounts,
  disputes,
  orderForwardings,
  orderItems,
  orders,
  products,
  refunds,
  siteVisits,
  stores,
} from '../../db/schema.ts';
import { BASE_RATE, convertMinor, toAmount } from '../../money/money.ts';
import { recoveredTotals } from '../carts/index.ts';
import { countDisputesWaitingOver, countUnreadSupportMessages } from '../disputes/index.ts';
import { securityAlerts } from '../security/index.ts';

// Every dashboard figure, answered by SQL. Amounts are in USD, each converted with the rate its order was priced
// at (orders.rate), never today's: a report of last month does not change when a rate is updated. Days are UTC.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the day `now` falls in. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Orders per visitor in percent, two decimals; never above 100 (staff orders or a visitor's several orders). */
export function conversionPercent(ordersPlaced: number, visitors: number): number {
  if (visitors === 0) return 0;
  return Math.min(100, Math.round((ordersPlaced / visitors) * 10000) / 100);
}

type SalesWindow = 'today' | 'week' | 'month';

/**
 * USD minor units per key from sums grouped by key and stored rate: each sum is converted once, with the rate its
 * orders were priced at, and the conversions of one key are added.
 */
function usdByKey<K>(rows: ReadonlyArray<{ key: K; minor: string | null; rate: string }>): Map<K, number> {
  const byKey = new Map<K, number>();
  for (const row of rows) {
    byKey.set(row.key, (byKey.get(row.key) ?? 0) + convertMinor(Number(row.minor ?? 0), row.rate, BASE_RATE));
  }
  return byKey;
}

/** Orders that were sold and stay sold: a cancelled or failed order's items were not. */
const CLOSED_STATUSES = ['Cancelled', 'Failed'] as const;

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
  recoveredOrders: { count: number; revenue: number };
}

export async function overview(db: Database, now: Date): Promise<Overview> {
  const today = startOfUtcDay(now);
  const weekStart = new Date(now.getTime() - 7 * DAY_MS);
  const monthStart = new Date(now.getTime() - 30 * DAY_MS);
  // The chart's 30 days end today, so its first day starts 29 midnights back.
  const chartStart = new Date(today.getTime() - 29 * DAY_MS);

  // Paid orders of the last 30 days in three windows (today within the week within the month), per stored rate.
  const window = sql<SalesWindow>`case when ${orders.paidAt} >= ${today} then 'today'
    when ${orders.paidAt} >= ${weekStart} then 'week' else 'month' end`;
  const sales = usdByKey(
    await db
      .select({ key: window, rate: orders.rate, minor: sql<string>`sum(${orders.totalMinor})` })
      .from(orders)
      .where(and(eq(orders.isPaid, true), gte(orders.paidAt, monthStart)))
      // By position: a repeated window expression would carry new parameters and not match the selected one.
      .groupBy(sql`1`, orders.rate),
  );
  const salesToday = sales.get('today') ?? 0;
  const salesWeek = salesToday + (sales.get('week') ?? 0);
  const salesMonth = salesWeek + (sales.get('month') ?? 0);

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
  // Orders shoppers placed today; orders staff placed by hand came from no storefront visit.
  const [placedToday] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(gte(orders.createdAt, today), isNull(orders.placedByAdminId)));
  const visitors = traffic?.visitors ?? 0;
  const conversion = conversionPercent(placedToday?.n ?? 0, visitors);

  const productKey = sql`coalesce(${orderItems.productId}::text, ${orderItems.name})`;
  const top = await db
    .select({
      name: sql<string>`coalesce(max(${products.title}), max(${orderItems.name}))`,
      units: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.isPaid, true),
        gte(orders.paidAt, monthStart),
        notInArray(orders.status, [...CLOSED_STATUSES]),
      ),
    )
    .groupBy(productKey)
    .orderBy(
      desc(sql`sum(${orderItems.quantity})`),
      asc(sql`coalesce(max(${products.title}), max(${orderItems.name}))`),
    )
    .limit(5);

  const paidDay = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const revenueByDay = usdByKey(
    await db
      .select({ key: paidDay, rate: orders.rate, minor: sql<string>`sum(${orders.totalMinor})` })
      .from(orders)
      .where(and(eq(orders.isPaid, true), gte(orders.paidAt, chartStart)))
      .groupBy(paidDay, orders.rate),
  );
  // Refunds as staff record them, by the day they were recorded, at the rate of the order they pay back.
  const refundDay = sql<string>`to_char(${refunds.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const refundByDay = usdByKey(
    await db
      .select({ key: refundDay, rate: orders.rate, minor: sql<string>`sum(${refunds.amountMinor})` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(gte(refunds.createdAt, chartStart))
      .groupBy(refundDay, orders.rate),
  );
  const revenueVsRefund = Array.from({ length: 30 }, (_, i) => {
    const date = utcDate(new Date(chartStart.getTime() + i * DAY_MS));
    return {
      date,
      revenue: toAmount(revenueByDay.get(date) ?? 0),
      refund: toAmount(refundByDay.get(date) ?? 0),
    };
  });

  const geo = await db
    .select({ country: orders.shipCountry, orders: count() })
    .from(orders)
    .where(gte(orders.createdAt, monthStart))
    .groupBy(orders.shipCountry)
    .orderBy(desc(count()), asc(orders.shipCountry));
  // Orders brought back by cart reminders over the same 30 days.
  const recoveredOrders = await recoveredTotals(db, { from: monthStart, to: new Date(now.getTime() + 1) });

  return {
    salesToday: toAmount(salesToday),
    salesWeek: toAmount(salesWeek),
    salesMonth: toAmount(salesMonth),
    orders: byChannel,
    traffic: { visitors, pageviews: traffic?.pageviews ?? 0 },
    conversion,
    topProducts: top.map((row) => row.name),
    revenueVsRefund,
    geo,
    recoveredOrders,
  };
}

export interface Alert {
  message: string;
  severity: 'high' | 'medium' | 'low';
  kind: string;
}

/** The storefront promises a response within 48 hours (spec 3 §9). */
const DISPUTE_WAIT_HOURS = 48;
const MARKETPLACE_WINDOW_MS = DAY_MS;

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

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
  // Disputes whose response clock has run past the 48 hours the storefront promises.
  const waiting = { n: await countDisputesWaitingOver(db, DISPUTE_WAIT_HOURS, now) };
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

  // Supplier prices auto-sync found moved beyond the drift threshold from the store's prices.
  const [drifted] = await db
    .select({ n: count() })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.action, 'marketplace.price-drift'),
        gte(activityLog.at, new Date(now.getTime() - MARKETPLACE_WINDOW_MS)),
      ),
    );

  // Paid orders whose supplier order could not be placed: they wait for a Retry.
  const [forwarding] = await db
    .select({ n: count() })
    .from(orderForwardings)
    .where(eq(orderForwardings.status, 'Failed'));

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
  if (n(forwarding) > 0) {
    found.push({
      message: `${n(forwarding)} ${plural(n(forwarding), 'order', 'orders')} could not be forwarded to AliExpress.`,
      severity: 'high',
      kind: 'forwarding',
    });
  }
  if (n(marketplace) > 0) {
    found.push({
      message: `${n(marketplace)} marketplace ${plural(n(marketplace), 'request', 'requests')} failed in the last 24 hours.`,
      severity: 'medium',
      kind: 'marketplace',
    });
  }
  if (n(drifted) > 0) {
    found.push({
      message: `${n(drifted)} supplier ${plural(n(drifted), 'price has', 'prices have')} moved beyond the drift threshold in the last 24 hours.`,
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
  // Security events of the last 24 hours whose alert toggle is on (failed sign-ins, new devices, ...).
  found.push(...(await securityAlerts(db, now)));
  return found;
}

/** Orders Awaiting Fulfillment: paid, not shipped yet, not cancelled or failed. */
const AWAITING_FULFILMENT = ['Placed', 'Pending', 'Confirmed', 'Processing'] as const;

export async function pendingActions(db: Database) {
  // Products Pending Approval: vendors' new or changed products waiting for staff (a partial index holds them).
  const [waiting] = await db.select({ n: count() }).from(products).where(eq(products.approval, 'pending'));
  const [awaiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.isPaid, true), inArray(orders.status, AWAITING_FULFILMENT), isNull(orders.archivedAt)),
    );
  const [applications] = await db.select({ n: count() }).from(stores).where(eq(stores.status, 'pending'));
  const unread = await countUnreadSupportMessages(db);
  return {
    products: waiting?.n ?? 0,
    orders: awaiting?.n ?? 0,
    vendors: applications?.n ?? 0,
    support: unread,
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
