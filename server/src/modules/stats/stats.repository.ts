import { and, count, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  apiDailyCounts,
  disputes,
  orderForwardings,
  orders,
  products,
  siteVisits,
  stores,
} from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount } from '../../money/money.ts';
import { recoveredTotals } from '../carts/index.ts';
import { countDisputesWaitingOver, countUnreadSupportMessages } from '../disputes/index.ts';
import { securityAlerts } from '../security/index.ts';
import { figures, lastDaysStart, splitSpan, totalsByKey, usdMinorOf } from './stats.summaries.ts';
import { refreshSummaries, summariesGeneration } from './stats.summing.ts';

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

/** A span's open end: figures run to the latest row, as the screens always have. */
const ONWARDS = new Date('9999-12-31T00:00:00.000Z');

/** USD minor units per day of rows summed per day and rate. */
function usdByDay(rows: ReadonlyArray<{ day: string; rate: string; value: number }>): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + usdMinorOf([row]));
  return byDay;
}

/** Finished days' units per product, worked out once per database while their sums stay the same. */
interface FinishedUnits {
  units: Map<string, number>;
  /** The keys at the top, ties at the last place kept (a key sold today can pass them; no other can). */
  leaders: string[];
}
/**
 * The sum being worked out or worked out, with the span and generation it is for: visits that arrive while it is
 * being worked out wait for it rather than each summing the month again (half a second each at 1M orders).
 */
const finishedUnits = new WeakMap<
  Database,
  { days: string; generation: number; sum: Promise<FinishedUnits> }
>();

/** The `count` keys with the most, ties at the last place kept. */
function leadersOf(values: Map<string, number>, count: number): string[] {
  const ranked = [...values].sort((a, b) => b[1] - a[1]);
  const last = ranked[count - 1]?.[1] ?? Number.NEGATIVE_INFINITY;
  return ranked.filter(([, value]) => value >= last).map(([key]) => key);
}

/**
 * The five products sold most (units) since `from`, ties by name; a line whose product is gone is known by its name.
 * The month's finished days are summed once (at 1M orders, tens of thousands of product-days) and kept until a
 * day's sums change; each visit reads only today's lines, so the exact leaders are the finished days' leaders and
 * every product sold today, each with its whole month.
 */
async function topProducts(db: Database, now: Date, from: Date) {
  const { days, live } = splitSpan(from, ONWARDS, now);
  const [generation, today] = await Promise.all([
    summariesGeneration(db),
    totalsByKey(db, 'units', { live, now }),
  ]);
  let finished: FinishedUnits = { units: new Map(), leaders: [] };
  if (days) {
    const span = `${days.from}/${days.to}`;
    let kept = finishedUnits.get(db);
    if (!kept || kept.days !== span || kept.generation !== generation) {
      const sum = totalsByKey(db, 'units', { days }).then((units) => ({
        units,
        leaders: leadersOf(units, 5),
      }));
      const entry = { days: span, generation, sum };
      kept = entry;
      finishedUnits.set(db, entry);
      // A failed sum is not kept: the next visit tries again.
      sum.catch(() => finishedUnits.get(db) === entry && finishedUnits.delete(db));
    }
    finished = await kept.sum;
  }
  const month = new Map<string, number>();
  for (const key of [...finished.leaders, ...today.keys()])
    month.set(key, (finished.units.get(key) ?? 0) + (today.get(key) ?? 0));
  const candidates = leadersOf(month, 5).map((key) => ({ key, value: month.get(key) ?? 0 }));
  const ids = candidates.map((row) => row.key).filter(isUuid);
  const titles = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, title: products.title })
            .from(products)
            .where(inArray(products.id, ids))
        ).map((row) => [row.id, row.title]),
  );
  return candidates
    .map((row) => ({ name: titles.get(row.key) ?? row.key, units: row.value }))
    .sort((a, b) => b.units - a.units || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 5)
    .map((row) => row.name);
}

export async function overview(db: Database, now: Date): Promise<Overview> {
  const today = startOfUtcDay(now);
  // The week and the month are the last 7 and 30 days ending today, as the chart's 30 days are: the month's sales
  // are the chart's revenue added up.
  const weekStart = lastDaysStart(now, 7);
  const monthStart = lastDaysStart(now, 30);
  await refreshSummaries(db, now);
  const since = (from: Date, byDay = false) => ({ from, to: ONWARDS, byDay });
  const [figured, top] = await Promise.all([
    figures(db, now, {
      // Paid orders in three windows (today within the week within the month), each rate's sum converted once.
      salesToday: { metric: 'paid', ...since(today) },
      salesWeek: { metric: 'paid', ...since(weekStart) },
      salesMonth: { metric: 'paid', ...since(monthStart) },
      channels: { metric: 'channel', ...since(monthStart) },
      revenueByDay: { metric: 'paid', ...since(monthStart, true) },
      // Refunds as staff record them, by the day they were recorded, at the rate of the order they pay back.
      refundByDay: { metric: 'refund', ...since(monthStart, true) },
      countries: { metric: 'country', ...since(monthStart) },
      visitorsToday: { metric: 'visitors', ...since(today) },
      pageviewsToday: { metric: 'pageviews', ...since(today) },
      // Orders shoppers placed today (key `shoppers`); orders staff placed by hand came from no storefront visit.
      placedToday: { metric: 'placed', ...since(today) },
    }),
    topProducts(db, now, monthStart),
  ]);
  const salesToday = usdMinorOf(figured.salesToday);
  const salesWeek = usdMinorOf(figured.salesWeek);
  const salesMonth = usdMinorOf(figured.salesMonth);

  const byChannel = { b2c: 0, d2c: 0, b2b: 0 };
  for (const row of figured.channels) {
    if (row.key in byChannel) byChannel[row.key as keyof typeof byChannel] = row.value;
  }

  const visitors = figured.visitorsToday[0]?.value ?? 0;
  const pageviews = figured.pageviewsToday[0]?.value ?? 0;
  const placedToday = figured.placedToday.find((row) => row.key === 'shoppers')?.value ?? 0;
  const conversion = conversionPercent(placedToday, visitors);

  const revenueByDay = usdByDay(figured.revenueByDay);
  const refundByDay = usdByDay(figured.refundByDay);
  const revenueVsRefund = Array.from({ length: 30 }, (_, i) => {
    const date = utcDate(new Date(monthStart.getTime() + i * DAY_MS));
    return {
      date,
      revenue: toAmount(revenueByDay.get(date) ?? 0),
      refund: toAmount(refundByDay.get(date) ?? 0),
    };
  });

  const geo = figured.countries
    .map((row) => ({ country: row.key, orders: row.value }))
    .sort((a, b) => b.orders - a.orders || (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));
  // Orders brought back by cart reminders over the same 30 days.
  const recoveredOrders = await recoveredTotals(db, { from: monthStart, to: new Date(now.getTime() + 1) });

  return {
    salesToday: toAmount(salesToday),
    salesWeek: toAmount(salesWeek),
    salesMonth: toAmount(salesMonth),
    orders: byChannel,
    traffic: { visitors, pageviews },
    conversion,
    topProducts: top,
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
