// The summing behind the figures (stats.summaries.ts): each finished UTC day's sums (day_summaries) and today's
// finished hours' (hour_summaries), summed again when a row of theirs changed (summary_dirty_days and
// summary_dirty_hours, kept by the triggers of migrations 0039 and 0053), and the SQL pieces both sides share.
import { eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  daySummaries,
  hourSummaries,
  orderItems,
  orders,
  refunds,
  siteVisits,
  summaryDirtyDays,
  summaryDirtyHours,
  summaryGeneration,
} from '../../db/schema.ts';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const midnight = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
export const hourStart = (date: Date) => new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);

type Db = Database | Transaction;

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const utcDay = (column: Parameters<typeof sql>[1]) => sql`(${column} at time zone 'UTC')::date`;
const utcHour = (column: Parameters<typeof sql>[1]) =>
  sql`date_trunc('hour', ${column} at time zone 'UTC') at time zone 'UTC'`;

/** The staff order list's filters an order falls under, `<archived 0/1>|<status>|<channel>`: the key of
 * `order_count` and `order_net`, so the list's stat cards add up the keys its filter matches. */
export const orderCardKey = sql`case when ${orders.archivedAt} is null then '0' else '1' end
  || '|' || ${orders.status}::text || '|' || ${orders.channel}::text`;
/** A paid order's revenue on the stat cards: its total less its refunds, never below 0. */
export const orderNet = sql`greatest(${orders.totalMinor} - ${orders.refundedMinor}, 0)`;

/** Changed days summed in one transaction: a restore or an upgrade can mark two years of a large store at once. */
export const SUMMARY_BATCH_DAYS = 31;

/**
 * Sums again every changed day before today, SUMMARY_BATCH_DAYS at a time, each batch in a transaction of its own
 * that takes its days off the list, so no day is summed twice and no statement holds locks for the whole backlog.
 * Readers arriving together share a backlog: each claims days no other is summing (SKIP LOCKED), then waits for the
 * batches still being summed, so its figures include every day changed before it came. A row changed meanwhile
 * marks its day again for the next read. Today's changed hours before the current one are summed too (sumChangedHours).
 */
export async function refreshSummaries(db: Database, now: Date): Promise<void> {
  const today = isoDay(now);
  const hour = hourStart(now);
  const changedDays = () =>
    db.select({ day: summaryDirtyDays.day }).from(summaryDirtyDays).where(lt(summaryDirtyDays.day, today));
  const changedHours = () =>
    db
      .select({ hour: summaryDirtyHours.hour })
      .from(summaryDirtyHours)
      .where(lt(summaryDirtyHours.hour, hour));
  // Nearly every read finds nothing to sum: one statement, no transaction. Days another reader is summing are still
  // listed until it commits, so they are waited for below.
  const [pending] = await rowsOf<{ days: boolean; hours: boolean }>(
    db,
    sql`select exists (${changedDays().limit(1)}) as days, exists (${changedHours().limit(1)}) as hours`,
  );
  if (pending?.days) {
    let summed = true;
    while (summed) summed = await sumChangedDays(db, today);
    // The batches other readers are still summing hold their days' rows: this waits for them to commit.
    await changedDays().for('update');
  }
  if (pending?.hours) {
    // One reader sums hours at a time (sumChangedHours): once it has its turn, every hour summed before is committed.
    let summed = true;
    while (summed) summed = await sumChangedHours(db, now);
  }
}

export type Column = Parameters<typeof sql>[1];

/** Where sums go: the days' table or the hours', each row's bucket worked out from a row's time. */
interface Buckets {
  table: typeof daySummaries | typeof hourSummaries;
  column: 'day' | 'hour';
  of: (column: Column) => SQL;
  /** Whether a time falls in one of the buckets being summed. */
  within: (column: Column) => SQL;
}

/** Sums one batch of changed days nobody else is summing; false when there was none. */
async function sumChangedDays(db: Database, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await rowsOf<{ day: string }>(
      tx,
      sql`delete from ${summaryDirtyDays} where ${summaryDirtyDays.day} in (
        select ${summaryDirtyDays.day} from ${summaryDirtyDays} where ${summaryDirtyDays.day} < ${today}
        order by ${summaryDirtyDays.day} limit ${SUMMARY_BATCH_DAYS} for update skip locked)
      returning ${summaryDirtyDays.day}::text as day`,
    );
    if (claimed.length === 0) return false;
    const days = claimed.map((row) => row.day).sort();
    const first = new Date(`${days[0]}T00:00:00.000Z`);
    const after = new Date(new Date(`${days.at(-1)}T00:00:00.000Z`).getTime() + DAY_MS);
    const list = sql`${`{${days.join(',')}}`}::date[]`;
    await tx.delete(daySummaries).where(inArray(daySummaries.day, days));
    await insertSums(tx, {
      table: daySummaries,
      column: 'day',
      of: utcDay,
      within: (column) =>
        sql`${column} >= ${first} and ${column} < ${after} and ${utcDay(column)} = any(${list})`,
    });
    // In the same transaction: a reader sees the new generation only with the new sums.
    await tx.execute(sql`insert into ${summaryGeneration} (id, generation) values (1, 1)
      on conflict (id) do update set generation = ${summaryGeneration}.generation + 1`);
    return true;
  });
}

/**
 * Sums today's changed hours before the current one, and drops the hours before today (the days' sums hold them);
 * false when there was nothing to do. One reader at a time: two dropping the same old hours could each wait for the
 * other's rows, and an hour's changes are few, summed about once an hour.
 */
async function sumChangedHours(db: Database, now: Date): Promise<boolean> {
  const today = midnight(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:hour-summaries'))`);
    const claimed = await rowsOf<{ hour: string | Date }>(
      tx,
      sql`delete from ${summaryDirtyHours} where ${summaryDirtyHours.hour} in (
        select ${summaryDirtyHours.hour} from ${summaryDirtyHours} where ${summaryDirtyHours.hour} < ${hourStart(now)}
        order by ${summaryDirtyHours.hour} limit 1000)
      returning ${summaryDirtyHours.hour} as hour`,
    );
    if (claimed.length === 0) return false;
    await tx.delete(hourSummaries).where(lt(hourSummaries.hour, today));
    const hours = claimed.map((row) => new Date(row.hour)).filter((hour) => hour >= today);
    if (hours.length === 0) return true;
    hours.sort((a, b) => a.getTime() - b.getTime());
    const first = hours[0] as Date;
    const after = new Date((hours.at(-1) as Date).getTime() + HOUR_MS);
    const list = sql`${`{${hours.map((hour) => hour.toISOString()).join(',')}}`}::timestamptz[]`;
    await tx.delete(hourSummaries).where(inArray(hourSummaries.hour, hours));
    await insertSums(tx, {
      table: hourSummaries,
      column: 'hour',
      of: utcHour,
      within: (column) =>
        sql`${column} >= ${first} and ${column} < ${after} and ${utcHour(column)} = any(${list})`,
    });
    return true;
  });
}

/** Every metric's sums over the buckets being summed (visitors, who count once a day, by day only). */
async function insertSums(tx: Transaction, { table, column, of, within }: Buckets): Promise<void> {
  const into = sql`insert into ${table} (${sql.identifier(column)}, metric, key, rate, value)`;
  const paidAt = of(orders.paidAt);
  const createdAt = of(orders.createdAt);
  await tx.execute(sql`${into}
      select ${paidAt}, 'paid', '', ${orders.rate}, sum(${orders.totalMinor}) from ${orders}
        where ${orders.isPaid} and ${within(orders.paidAt)} group by 1, ${orders.rate}`);
  await tx.execute(sql`${into}
      select ${createdAt}, 'placed', 'all', 1, count(*) from ${orders}
        where ${within(orders.createdAt)} group by 1
      union all
      select ${createdAt}, 'placed', 'shoppers', 1, count(*) from ${orders}
        where ${within(orders.createdAt)} and ${orders.placedByAdminId} is null group by 1
      union all
      select ${createdAt}, 'channel', ${orders.channel}::text, 1, count(*) from ${orders}
        where ${within(orders.createdAt)} group by 1, ${orders.channel}
      union all
      select ${createdAt}, 'country', ${orders.shipCountry}, 1, count(*) from ${orders}
        where ${within(orders.createdAt)} group by 1, ${orders.shipCountry}
      union all
      select ${createdAt}, 'order_count', ${orderCardKey}, 1, count(*) from ${orders}
        where ${within(orders.createdAt)} group by 1, 3
      union all
      select ${createdAt}, 'order_net', ${orderCardKey}, ${orders.rate}, sum(${orderNet}) from ${orders}
        where ${orders.isPaid} and ${within(orders.createdAt)} group by 1, 3, ${orders.rate}`);
  await tx.execute(sql`${into}
      select ${paidAt}, 'units', coalesce(${orderItems.productId}::text, ${orderItems.name}), 1,
          sum(${orderItems.quantity})
        from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where ${orders.isPaid} and ${within(orders.paidAt)}
          and ${orders.status} not in ('Cancelled', 'Failed')
        group by 1, 3`);
  await tx.execute(sql`${into}
      select ${of(refunds.createdAt)}, 'refund', '', ${orders.rate}, sum(${refunds.amountMinor})
        from ${refunds} join ${orders} on ${orders.id} = ${refunds.orderId}
        where ${within(refunds.createdAt)} group by 1, ${orders.rate}`);
  const visitors =
    column === 'day'
      ? sql`select ${of(siteVisits.at)}, 'visitors', '', 1, count(distinct ${siteVisits.visitorId})
        from ${siteVisits} where ${within(siteVisits.at)} group by 1
      union all `
      : sql``;
  await tx.execute(sql`${into} ${visitors}
      select ${of(siteVisits.at)}, 'pageviews', '', 1, count(*)
        from ${siteVisits} where ${within(siteVisits.at)} group by 1`);
}

/** How many times the days' sums were summed again; read it before the sums it vouches for. */
export async function summariesGeneration(db: Database): Promise<number> {
  const [row] = await db
    .select({ generation: summaryGeneration.generation })
    .from(summaryGeneration)
    .where(eq(summaryGeneration.id, 1));
  return Number(row?.generation ?? 0);
}
