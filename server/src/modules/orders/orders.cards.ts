// The staff order list's stat cards: a search's counted over the orders it finds, any other filter's added up from
// the per-day sums (stats.summaries.ts) with today's hours from their sums and the current hour from the rows.
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { COUNT_CAP, cappedCount, throughIndexes } from '../../db/capped-count.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AWAITING_SHIPMENT } from '../order-lifecycle/index.ts';
import { figures, refreshSummaries, summariesGeneration, usdMinorOf } from '../stats/index.ts';
import { dayAfter, type OrderFilters, orderSearch, startOfDay, whereOf } from './orders.admin.filters.ts';

export interface OrderStats {
  /** The matching orders; COUNT_CAP when a search matches more (`capped`). */
  total: number;
  /** A search matching more than COUNT_CAP orders is not summed: its other figures are null. */
  capped: boolean;
  pending: number | null;
  shipped: number | null;
  /** USD minor units: paid orders' totals less their refunds, each converted at its own order's rate. */
  revenueMinor: number | null;
}

const CAPPED: OrderStats = {
  total: COUNT_CAP,
  capped: true,
  pending: null,
  shipped: null,
  revenueMinor: null,
};

/**
 * Whether a search for the beginning of an order number ("ORD-2026") matches more than COUNT_CAP orders by their
 * numbers alone, read in the numbers' own index from that beginning on, each checked against the whole search: every
 * number holds "ORD-20", so through the trigram indexes such a search read the orders of a year (210 ms, where the
 * index reads 10,001 in about 20). When fewer numbers match, the search is counted as any other.
 */
async function numbersPassTheCap(db: Database, filters: OrderFilters): Promise<boolean> {
  const start = filters.q?.trim().toUpperCase() ?? '';
  if (!/^ORD-[A-Z0-9-]*$/.test(start)) return false;
  // The first text after every number that begins so (in the C collation; the check of each row keeps any other
  // collation's order from adding a wrong one).
  const after = start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + 1);
  const numbered = and(whereOf(filters), gte(orders.orderNumber, start), lt(orders.orderNumber, after));
  return (await cappedCount(db, orders, numbered, { searched: false, walked: true })).capped;
}

/**
 * The stat cards of a search, counted and summed by the database in one pass over at most COUNT_CAP + 1 of the
 * orders it finds (the trigram indexes find them): counts per stored rate are added up, and each rate's paid sum is
 * converted once into USD with that rate. A search matching more is only said to (`capped`): summing the order
 * numbers of a year at a million orders read 450,000 rows, about a second.
 */
async function searchedOrderStats(db: Database, filters: OrderFilters): Promise<OrderStats> {
  if (await numbersPassTheCap(db, filters)) return CAPPED;
  const byRate = await throughIndexes(
    db,
    (tx) => {
      const found = tx
        .select({
          rate: orders.rate,
          status: orders.status,
          isPaid: orders.isPaid,
          net: sql<string>`greatest(${orders.totalMinor} - ${orders.refundedMinor}, 0)`.as('net'),
        })
        .from(orders)
        .where(whereOf(filters))
        .limit(COUNT_CAP + 1)
        .as('found');
      return tx
        .select({
          rate: found.rate,
          total: count(),
          pending:
            sql<number>`count(*) filter (where ${inArray(found.status, [...AWAITING_SHIPMENT])})`.mapWith(
              Number,
            ),
          shipped: sql<number>`count(*) filter (where ${eq(found.status, 'Shipped')})`.mapWith(Number),
          paidMinor: sql<string | null>`sum(${found.net}) filter (where ${found.isPaid})`,
        })
        .from(found)
        .groupBy(found.rate);
    },
    { searched: true },
  );
  const add = (key: 'total' | 'pending' | 'shipped') => byRate.reduce((sum, row) => sum + row[key], 0);
  if (add('total') > COUNT_CAP) return CAPPED;
  return {
    total: add('total'),
    capped: false,
    pending: add('pending'),
    shipped: add('shipped'),
    revenueMinor: usdMinorOf(byRate.map((row) => ({ rate: row.rate, value: Number(row.paidMinor ?? 0) }))),
  };
}

/** Every order was placed after this; the cards without a start date count from here. */
const EARLIEST = new Date('1970-01-01T00:00:00.000Z');
/** The cards without an end date count every order placed from their start on, today's too. */
const ONWARDS = new Date('9999-12-31T00:00:00.000Z');

const cardFigures = (db: Database, now: Date, span: { from: Date; to: Date }) =>
  figures(db, now, {
    counts: { metric: 'order_count', ...span },
    paid: { metric: 'order_net', ...span },
  });
type CardFigures = Awaited<ReturnType<typeof cardFigures>>;

/**
 * The finished days' card figures per span, kept per database while the days' sums stay the same (the
 * summaries' generation): at a million orders a span of years is tens of thousands of summary rows, and staff ask
 * the same few spans (no dates, the last 90 days) over and over.
 */
const keptCardFigures = new WeakMap<Database, { generation: number; spans: Map<string, CardFigures> }>();
const KEPT_SPANS = 50;

/** The cards' figures over whole UTC days [from, to): the finished days' from their sums, today's on from the rows. */
async function cardFiguresOver(
  db: Database,
  now: Date,
  span: { from: Date; to: Date },
): Promise<CardFigures[]> {
  const today = startOfDay(now.toISOString().slice(0, 10));
  const finished = { from: span.from, to: new Date(Math.min(span.to.getTime(), today.getTime())) };
  const live = { from: new Date(Math.max(span.from.getTime(), today.getTime())), to: span.to };
  // The generation is read before the sums it vouches for, so sums kept under it are never older than it.
  const [generation, fromRows] = await Promise.all([
    summariesGeneration(db),
    live.from < live.to ? cardFigures(db, now, live) : null,
  ]);
  const found = fromRows ? [fromRows] : [];
  if (finished.from >= finished.to) return found;
  let kept = keptCardFigures.get(db);
  if (!kept || kept.generation !== generation || kept.spans.size >= KEPT_SPANS) {
    kept = { generation, spans: new Map() };
    keptCardFigures.set(db, kept);
  }
  const key = `${finished.from.toISOString()}/${finished.to.toISOString()}`;
  let sums = kept.spans.get(key);
  if (!sums) {
    sums = await cardFigures(db, now, finished);
    kept.spans.set(key, sums);
  }
  return [...found, sums];
}

/** Whether the orders of a key `<archived 0/1>|<status>|<channel>` (stats.summing.ts) are among the filtered. */
function keyMatches(key: string, filters: OrderFilters): boolean {
  const [archived, status, channel] = key.split('|');
  return (
    archived === (filters.archived ? '1' : '0') &&
    (!filters.statuses?.length || filters.statuses.some((wanted) => wanted === status)) &&
    (!filters.channel || filters.channel === channel)
  );
}

/**
 * The stat cards over the filtered orders. A search is counted over the orders it finds; any other filter adds up
 * the per-day sums of its keys over its whole UTC days (today's orders counted from the rows), whatever the
 * store's size. Counts are added up, and each stored rate's paid sum is converted once into USD with that rate,
 * so both ways give the same figures.
 */
export async function orderStats(db: Database, filters: OrderFilters, now = new Date()): Promise<OrderStats> {
  if (orderSearch(filters.q)) return searchedOrderStats(db, filters);
  await refreshSummaries(db, now);
  const found = await cardFiguresOver(db, now, {
    from: filters.from ? startOfDay(filters.from) : EARLIEST,
    to: filters.to ? dayAfter(filters.to) : ONWARDS,
  });
  let [total, pending, shipped] = [0, 0, 0];
  for (const row of found.flatMap((part) => part.counts)) {
    if (!keyMatches(row.key, filters)) continue;
    const status = row.key.split('|')[1];
    total += row.value;
    if (AWAITING_SHIPMENT.some((awaiting) => awaiting === status)) pending += row.value;
    if (status === 'Shipped') shipped += row.value;
  }
  // Added up per rate first, as the search's `group by rate` does, then each rate's sum converted once.
  const revenueMinor = usdMinorOf(
    found.flatMap((part) => part.paid).filter((row) => keyMatches(row.key, filters)),
  );
  return { total, capped: false, pending, shipped, revenueMinor };
}
