import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { daySummaries, hourSummaries, orderItems, orders, refunds, siteVisits } from '../../db/schema.ts';
import { BASE_RATE, convertMinor } from '../../money/money.ts';
import {
  type Column,
  DAY_MS,
  HOUR_MS,
  hourStart,
  isoDay,
  midnight,
  orderCardKey,
  orderNet,
  rowsOf,
} from './stats.summing.ts';

// Figures over spans of time, read from each finished UTC day's sums (day_summaries) and, for the hours a span
// has outside whole finished days (today, a rolling window's first day), from the rows themselves. A day whose
// rows changed is summed again when it is next read (summary_dirty_days, kept by triggers): a year of figures
// costs a few hundred summary rows and at most two days of orders, whatever the store's size. Today's finished
// hours are summed the same way (hour_summaries), so only the current hour is read from the rows. The summing is
// stats.summing.ts'.

export type SummedMetric =
  | 'paid'
  | 'placed'
  | 'channel'
  | 'country'
  | 'units'
  | 'refund'
  | 'visitors'
  | 'pageviews'
  | 'order_count'
  | 'order_net';

const hourAfter = (date: Date) => new Date(Math.ceil(date.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Midnight UTC that starts "the last `days` days": today and the `days - 1` days before it, as Analytics' ranges
 * and the dashboard's chart count them. A span from it holds whole days and today's hours, never the tail of a
 * day that began before it (a rolling 7 × 24 hours read about a whole day of orders from the rows on every visit).
 */
export function lastDaysStart(now: Date, days: number): Date {
  return new Date(midnight(now).getTime() - (days - 1) * DAY_MS);
}

/** A span [from, to) as the finished whole days inside it and the hours around them read from the rows. */
export interface SplitSpan {
  /** First and after-last whole day (YYYY-MM-DD) read from the sums; null when there is none. */
  days: { from: string; to: string } | null;
  live: Array<{ from: Date; to: Date }>;
}

export function splitSpan(from: Date, to: Date, now: Date): SplitSpan {
  const today = midnight(now);
  const startsAtMidnight = midnight(from).getTime() === from.getTime();
  const firstWhole = startsAtMidnight ? from : new Date(midnight(from).getTime() + DAY_MS);
  const afterWhole = new Date(Math.min(midnight(to).getTime(), today.getTime()));
  if (firstWhole.getTime() >= afterWhole.getTime())
    return { days: null, live: from < to ? [{ from, to }] : [] };
  const live: SplitSpan['live'] = [];
  if (from < firstWhole) live.push({ from, to: firstWhole });
  if (afterWhole < to) live.push({ from: afterWhole, to });
  return { days: { from: isoDay(firstWhole), to: isoDay(afterWhole) }, live };
}

/** One figure: its day (`YYYY-MM-DD`, or '' when not asked by day), key, the rate its amounts were priced at, and
 * the amount or count. `placed` has the keys `all` and `shoppers` (orders shoppers placed themselves);
 * `order_count` (orders) and `order_net` (paid orders' totals less refunds, per rate), by created day, have the
 * keys `<archived 0/1>|<status>|<channel>`. */
export interface SummedRow {
  day: string;
  key: string;
  rate: string;
  value: number;
}

type RawRow = { day: string; key: string; rate: string; value: string | number };

const toRows = (found: RawRow[]): SummedRow[] =>
  found.map((row) => ({ day: row.day, key: row.key, rate: String(row.rate), value: Number(row.value) }));

type Query = ReturnType<typeof sql>;

/** The sums of whole days, per key and rate (and day when `byDay`). */
function summedQuery(metric: SummedMetric, days: { from: string; to: string }, byDay: boolean): Query {
  const day = byDay ? sql`to_char(${daySummaries.day}, 'YYYY-MM-DD')` : sql`''`;
  return sql`select ${day} as day, ${daySummaries.key} as key, ${daySummaries.rate}::text as rate,
      sum(${daySummaries.value}) as value
    from ${daySummaries}
    where ${daySummaries.metric} = ${metric} and ${daySummaries.day} >= ${days.from}::date
      and ${daySummaries.day} < ${days.to}::date
    group by 1, 2, 3`;
}

/** The same figure from the rows, for the hours outside whole days. */
function countedQuery(metric: SummedMetric, span: { from: Date; to: Date }, byDay: boolean): Query {
  const dayOf = (column: Column) =>
    byDay ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')` : sql`''`;
  const inSpan = (column: Column) => sql`${column} >= ${span.from} and ${column} < ${span.to}`;
  switch (metric) {
    case 'paid':
      return sql`select ${dayOf(orders.paidAt)} as day, '' as key, ${orders.rate}::text as rate,
          sum(${orders.totalMinor}) as value
        from ${orders} where ${orders.isPaid} and ${inSpan(orders.paidAt)} group by 1, 3`;
    case 'placed':
      return sql`select ${dayOf(orders.createdAt)} as day, 'all' as key, '1' as rate, count(*) as value
        from ${orders} where ${inSpan(orders.createdAt)} group by 1
        union all
        select ${dayOf(orders.createdAt)}, 'shoppers', '1', count(*)
        from ${orders} where ${inSpan(orders.createdAt)} and ${orders.placedByAdminId} is null group by 1`;
    case 'channel':
      return sql`select ${dayOf(orders.createdAt)} as day, ${orders.channel}::text as key, '1' as rate,
          count(*) as value
        from ${orders} where ${inSpan(orders.createdAt)} group by 1, 2`;
    case 'country':
      return sql`select ${dayOf(orders.createdAt)} as day, ${orders.shipCountry} as key, '1' as rate,
          count(*) as value
        from ${orders} where ${inSpan(orders.createdAt)} group by 1, 2`;
    case 'units':
      return sql`select ${dayOf(orders.paidAt)} as day,
          coalesce(${orderItems.productId}::text, ${orderItems.name}) as key, '1' as rate,
          sum(${orderItems.quantity}) as value
        from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where ${orders.isPaid} and ${inSpan(orders.paidAt)} and ${orders.status} not in ('Cancelled', 'Failed')
        group by 1, 2`;
    case 'refund':
      return sql`select ${dayOf(refunds.createdAt)} as day, '' as key, ${orders.rate}::text as rate,
          sum(${refunds.amountMinor}) as value
        from ${refunds} join ${orders} on ${orders.id} = ${refunds.orderId}
        where ${inSpan(refunds.createdAt)} group by 1, 3`;
    case 'visitors':
      // A visitor counts once a day: each day's visitors, added up.
      return sql`select ${byDay ? sql`visit_day` : sql`''`} as day, '' as key, '1' as rate, sum(n) as value
        from (select to_char(${siteVisits.at} at time zone 'UTC', 'YYYY-MM-DD') as visit_day,
            count(distinct ${siteVisits.visitorId}) as n
          from ${siteVisits} where ${inSpan(siteVisits.at)} group by 1) per_day
        group by 1`;
    case 'pageviews':
      return sql`select ${dayOf(siteVisits.at)} as day, '' as key, '1' as rate, count(*) as value
        from ${siteVisits} where ${inSpan(siteVisits.at)} group by 1`;
    case 'order_count':
      return sql`select ${dayOf(orders.createdAt)} as day, ${orderCardKey} as key, '1' as rate, count(*) as value
        from ${orders} where ${inSpan(orders.createdAt)} group by 1, 2`;
    case 'order_net':
      return sql`select ${dayOf(orders.createdAt)} as day, ${orderCardKey} as key, ${orders.rate}::text as rate,
          sum(${orderNet}) as value
        from ${orders} where ${orders.isPaid} and ${inSpan(orders.createdAt)} group by 1, 2, 3`;
  }
}

/** The sums of today's whole hours in [from, to), per key and rate (and day when `byDay`). */
function hourSumsQuery(metric: SummedMetric, from: Date, to: Date, byDay: boolean): Query {
  const day = byDay ? sql`to_char(${hourSummaries.hour} at time zone 'UTC', 'YYYY-MM-DD')` : sql`''`;
  return sql`select ${day} as day, ${hourSummaries.key} as key, ${hourSummaries.rate}::text as rate,
      sum(${hourSummaries.value}) as value
    from ${hourSummaries}
    where ${hourSummaries.metric} = ${metric} and ${hourSummaries.hour} >= ${from} and ${hourSummaries.hour} < ${to}
    group by 1, 2, 3`;
}

/**
 * A figure over hours outside whole finished days: today's whole hours before the current one from their sums
 * (refreshSummaries keeps them), the rest from the rows. Visitors count once a day, so always from the rows.
 */
function liveQuery(metric: SummedMetric, span: { from: Date; to: Date }, byDay: boolean, now: Date): Query {
  const summedFrom = hourAfter(new Date(Math.max(span.from.getTime(), midnight(now).getTime())));
  const summedTo = new Date(Math.min(hourStart(span.to).getTime(), hourStart(now).getTime()));
  if (metric === 'visitors' || summedFrom >= summedTo) return countedQuery(metric, span, byDay);
  const parts = [hourSumsQuery(metric, summedFrom, summedTo, byDay)];
  if (span.from < summedFrom) parts.push(countedQuery(metric, { from: span.from, to: summedFrom }, byDay));
  if (summedTo < span.to) parts.push(countedQuery(metric, { from: summedTo, to: span.to }, byDay));
  return sql.join(
    parts.map(
      (
        query,
      ) => sql`select q.day::text as day, q.key::text as key, q.rate::text as rate, q.value::numeric as value
        from (${query}) q`,
    ),
    sql` union all `,
  );
}

/** One figure asked of `figures`: a metric over [from, to), per key and rate, and per day when `byDay`. */
export interface FigureRequest {
  metric: SummedMetric;
  from: Date;
  to: Date;
  byDay?: boolean;
}

/**
 * Several figures in two reads: one of the days' sums and one of the rows outside whole days, each a `union all`
 * of one part per distinct piece (the sales of today serve the day's, the week's and the month's figures alike).
 */
export async function figures<Name extends string>(
  db: Database,
  now: Date,
  requests: Record<Name, FigureRequest>,
): Promise<Record<Name, SummedRow[]>> {
  const sums = new Pieces();
  const rows = new Pieces();
  const wanted = new Map<Name, { sumParts: number[]; rowParts: number[] }>();
  for (const name of Object.keys(requests) as Name[]) {
    const { metric, from, to, byDay = false } = requests[name];
    const { days, live: liveSpans } = splitSpan(from, to, now);
    const sumParts = days
      ? [sums.add(`${metric}|${days.from}|${days.to}|${byDay}`, () => summedQuery(metric, days, byDay))]
      : [];
    const rowParts = liveSpans.map((live) =>
      rows.add(`${metric}|${live.from.toISOString()}|${live.to.toISOString()}|${byDay}`, () =>
        liveQuery(metric, live, byDay, now),
      ),
    );
    wanted.set(name, { sumParts, rowParts });
  }
  const [fromSums, fromRows] = await Promise.all([sums.read(db), rows.read(db)]);
  const answer = {} as Record<Name, SummedRow[]>;
  for (const [name, { sumParts, rowParts }] of wanted) {
    const found = [
      ...sumParts.flatMap((part) => fromSums.get(part) ?? []),
      ...rowParts.flatMap((part) => fromRows.get(part) ?? []),
    ];
    // The same day, key and rate from the sums and the rows, added.
    const merged = new Map<string, SummedRow>();
    for (const row of found) {
      const id = `${row.day}\u0000${row.key}\u0000${Number(row.rate)}`;
      const kept = merged.get(id);
      if (kept) kept.value += row.value;
      else merged.set(id, { ...row });
    }
    answer[name] = [...merged.values()];
  }
  return answer;
}

/**
 * A metric's value per key (every rate and day together), added up by the database: over whole finished days from
 * their sums, or over spans of hours (today's finished hours from their sums, the rest from the rows).
 */
export async function totalsByKey(
  db: Database,
  metric: SummedMetric,
  over: { days: { from: string; to: string } } | { live: Array<{ from: Date; to: Date }>; now: Date },
): Promise<Map<string, number>> {
  const parts =
    'days' in over
      ? [summedQuery(metric, over.days, false)]
      : over.live.map((span) => liveQuery(metric, span, false, over.now));
  if (parts.length === 0) return new Map();
  const union = sql.join(
    parts.map((query) => sql`select q.key::text as key, q.value::numeric as value from (${query}) q`),
    sql` union all `,
  );
  const found = await rowsOf<{ key: string; value: string | number }>(
    db,
    sql`select key, sum(value) as value from (${union}) u group by key`,
  );
  return new Map(found.map((row) => [row.key, Number(row.value)]));
}

/** Distinct queries of one read, each a numbered part of a `union all`. */
class Pieces {
  private readonly parts = new Map<string, { index: number; query: Query }>();

  add(key: string, query: () => Query): number {
    let part = this.parts.get(key);
    if (!part) {
      part = { index: this.parts.size, query: query() };
      this.parts.set(key, part);
    }
    return part.index;
  }

  async read(db: Database): Promise<Map<number, SummedRow[]>> {
    const byPart = new Map<number, SummedRow[]>();
    if (this.parts.size === 0) return byPart;
    const union = sql.join(
      [...this.parts.values()].map(
        ({ index, query }) => sql`select ${sql.raw(String(index))} as part, q.day::text as day,
          q.key::text as key, q.rate::text as rate, q.value::numeric as value from (${query}) q`,
      ),
      sql` union all `,
    );
    for (const row of await rowsOf<RawRow & { part: number | string }>(db, union)) {
      const part = Number(row.part);
      const list = byPart.get(part) ?? [];
      list.push(...toRows([row]));
      byPart.set(part, list);
    }
    return byPart;
  }
}

/**
 * USD minor units of summed amounts: added up per stored rate first, then each rate's sum converted once (the
 * money module's rounding), so a figure is rounded once per rate, whatever the number of days or keys behind it.
 */
export function usdMinorOf(rows: ReadonlyArray<{ rate: string; value: number }>): number {
  const byRate = new Map<number, { rate: string; value: number }>();
  for (const row of rows) {
    const kept = byRate.get(Number(row.rate));
    if (kept) kept.value += row.value;
    else byRate.set(Number(row.rate), { rate: row.rate, value: row.value });
  }
  let total = 0;
  for (const { rate, value } of byRate.values()) total += convertMinor(value, rate, BASE_RATE);
  return total;
}
