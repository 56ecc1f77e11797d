import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  orderForwardings,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  refunds,
} from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { BASE_RATE, convertMinor } from '../../money/money.ts';
import { type ParcelView, parcelsOf } from '../forwarding/index.ts';
import {
  ADDRESS_LOCKED,
  ARCHIVABLE,
  AWAITING_SHIPMENT,
  ORDER_NOT_FOUND,
  type OrderStatus,
  orderNamed,
} from '../order-lifecycle/index.ts';
import { figures, refreshSummaries, summariesGeneration, usdMinorOf } from '../stats/index.ts';
import type { OrderItemRow, OrderRow, RefundRow, StatusHistoryRow } from './orders.repository.ts';
import { OrderChangeRejection } from './orders.status.ts';

type OrderChannel = OrderRow['channel'];
type ForwardingRow = typeof orderForwardings.$inferSelect;
export type OrderSort = 'newest' | 'oldest' | 'total_desc' | 'total_asc';

/** An order with everything the back office shows of it. */
export interface AdminOrderDetails {
  order: OrderRow;
  items: OrderItemRow[];
  history: StatusHistoryRow[];
  refunds: RefundRow[];
  forwarding: ForwardingRow | null;
  /** The supplier parcels the order ships in; none before it is forwarded. */
  parcels: ParcelView[];
  /** The names of the order's marketplace items, as the forwarding table shows them. */
  marketplaceItems: string;
}

/** The order list's filters, shared by the list, its stat cards and the export. */
export interface OrderFilters {
  q?: string | undefined;
  statuses?: readonly OrderStatus[] | undefined;
  channel?: OrderChannel | undefined;
  /** UTC days, inclusive (`2026-11-05`). */
  from?: string | undefined;
  to?: string | undefined;
  archived?: boolean | undefined;
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000);

/** Placed on or after `from` and on or before `to` (whole UTC days), on a timestamp column. */
function dayRange(
  column: typeof orders.createdAt | typeof orderStatusHistory.at,
  from?: string,
  to?: string,
) {
  return [...(from ? [gte(column, startOfDay(from))] : []), ...(to ? [lt(column, dayAfter(to))] : [])];
}

function orderSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(orders.orderNumber, pattern),
    ilike(orders.customerName, pattern),
    ilike(orders.customerEmail, pattern),
  );
}

function whereOf(filters: OrderFilters): SQL | undefined {
  return and(
    filters.archived ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt),
    orderSearch(filters.q),
    filters.statuses && filters.statuses.length > 0
      ? inArray(orders.status, [...filters.statuses])
      : undefined,
    filters.channel ? eq(orders.channel, filters.channel) : undefined,
    ...dayRange(orders.createdAt, filters.from, filters.to),
  );
}

/**
 * Totals compare in USD at each order's own rate, so a BDT order does not outrank every USD one. The sorts walk
 * orders_usd_total_idx (migration 0045), which is built on this very expression.
 */
const usdTotal = sql`(${orders.totalMinor} / ${orders.rate})`;

function orderByOf(sort: OrderSort) {
  switch (sort) {
    case 'oldest':
      return [asc(orders.createdAt), asc(orders.orderNumber)];
    case 'total_desc':
      return [desc(usdTotal), desc(orders.createdAt)];
    case 'total_asc':
      return [asc(usdTotal), desc(orders.createdAt)];
    case 'newest':
      return [desc(orders.createdAt), desc(orders.orderNumber)];
  }
}

async function withAdminDetails(db: Database, rows: OrderRow[]): Promise<AdminOrderDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, history, refundRows, forwardings, marketplace, parcels] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.orderId), asc(orderStatusHistory.at)),
    db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(asc(refunds.orderId), asc(refunds.createdAt), asc(refunds.number)),
    db.select().from(orderForwardings).where(inArray(orderForwardings.orderId, ids)),
    db
      .select({ orderId: orderItems.orderId, name: orderItems.name })
      .from(orderItems)
      .innerJoin(products, and(eq(products.id, orderItems.productId), eq(products.source, 'aliexpress')))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    parcelsOf(db, ids),
  ]);
  return rows.map((order) => ({
    order,
    items: items.filter((item) => item.orderId === order.id),
    history: history.filter((entry) => entry.orderId === order.id),
    refunds: refundRows.filter((refund) => refund.orderId === order.id),
    forwarding: forwardings.find((forwarding) => forwarding.orderId === order.id) ?? null,
    parcels: parcels.get(order.id) ?? [],
    marketplaceItems: marketplace
      .filter((item) => item.orderId === order.id)
      .map((item) => item.name)
      .join(', '),
  }));
}

/** One order by its `_id` or order id, with everything the back office shows; null when there is none. */
export async function findAdminOrder(db: Database, ref: string): Promise<AdminOrderDetails | null> {
  const rows = await db.select().from(orders).where(orderNamed(ref)).limit(1);
  const [found] = await withAdminDetails(db, rows);
  return found ?? null;
}

/** findAdminOrder for an order known to exist (just written). */
export async function readAdminOrder(db: Database, ref: string): Promise<AdminOrderDetails> {
  const found = await findAdminOrder(db, ref);
  if (!found) throw new Error(`order ${ref} cannot be read back`);
  return found;
}

export interface OrderStats {
  total: number;
  pending: number;
  shipped: number;
  /** USD minor units: paid orders' totals less their refunds, each converted at its own order's rate. */
  revenueMinor: number;
}

/**
 * The stat cards of a search, counted and summed by the database in one pass over the orders it finds (the
 * trigram indexes find them): counts per stored rate are added up, and each rate's paid sum is converted once into
 * USD with that rate.
 */
async function searchedOrderStats(db: Database, filters: OrderFilters): Promise<OrderStats> {
  const byRate = await db
    .select({
      rate: orders.rate,
      total: count(),
      pending: sql<number>`count(*) filter (where ${inArray(orders.status, [...AWAITING_SHIPMENT])})`.mapWith(
        Number,
      ),
      shipped: sql<number>`count(*) filter (where ${eq(orders.status, 'Shipped')})`.mapWith(Number),
      paidMinor: sql<
        string | null
      >`sum(greatest(${orders.totalMinor} - ${orders.refundedMinor}, 0)) filter (where ${orders.isPaid})`,
    })
    .from(orders)
    .where(whereOf(filters))
    .groupBy(orders.rate);
  return byRate.reduce<OrderStats>(
    (stats, row) => ({
      total: stats.total + row.total,
      pending: stats.pending + row.pending,
      shipped: stats.shipped + row.shipped,
      revenueMinor:
        stats.revenueMinor +
        (row.paidMinor === null ? 0 : convertMinor(Number(row.paidMinor), row.rate, BASE_RATE)),
    }),
    { total: 0, pending: 0, shipped: 0, revenueMinor: 0 },
  );
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

/** Whether the orders of a key `<archived 0/1>|<status>|<channel>` (stats.summaries.ts) are among the filtered. */
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
  const stats: OrderStats = { total: 0, pending: 0, shipped: 0, revenueMinor: 0 };
  for (const row of found.flatMap((part) => part.counts)) {
    if (!keyMatches(row.key, filters)) continue;
    const status = row.key.split('|')[1];
    stats.total += row.value;
    if (AWAITING_SHIPMENT.some((awaiting) => awaiting === status)) stats.pending += row.value;
    if (status === 'Shipped') stats.shipped += row.value;
  }
  // Added up per rate first, as the search's `group by rate` does, then each rate's sum converted once.
  stats.revenueMinor = usdMinorOf(
    found.flatMap((part) => part.paid).filter((row) => keyMatches(row.key, filters)),
  );
  return stats;
}

/**
 * One page of the filtered orders, how many match in all and the stat cards: the cards' count is the list's
 * total, so the matching orders are counted once, not once for the list and again for the cards.
 */
export async function listAdminOrders(
  db: Database,
  filters: OrderFilters,
  query: { page: number; limit: number; sort: OrderSort },
  now = new Date(),
): Promise<{ rows: AdminOrderDetails[]; total: number; stats: OrderStats }> {
  const [rows, stats] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(whereOf(filters))
      .orderBy(...orderByOf(query.sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    orderStats(db, filters, now),
  ]);
  return { rows: await withAdminDetails(db, rows), total: stats.total, stats };
}

/** An order as one row of the export: the order and how many units it holds. */
export interface ExportedOrderRow {
  order: OrderRow;
  units: number;
}

/** Every filtered order, in the list's order, for the CSV export. */
export async function exportAdminOrders(
  db: Database,
  filters: OrderFilters,
  sort: OrderSort,
): Promise<ExportedOrderRow[]> {
  const units = sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), 0)`;
  return db
    .select({ order: orders, units: units.mapWith(Number) })
    .from(orders)
    .where(whereOf(filters))
    .orderBy(...orderByOf(sort));
}

export interface StatusLogRow {
  entry: StatusHistoryRow;
  orderNumber: string;
  customer: string;
}

/** Status changes across orders, newest first, one page. */
export async function listStatusLogs(
  db: Database,
  query: { page: number; limit: number; q?: string; status?: OrderStatus; from?: string; to?: string },
): Promise<{ rows: StatusLogRow[]; total: number }> {
  const where = and(
    orderSearch(query.q),
    query.status ? eq(orderStatusHistory.status, query.status) : undefined,
    ...dayRange(orderStatusHistory.at, query.from, query.to),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: orderStatusHistory, orderNumber: orders.orderNumber, customer: orders.customerName })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(where)
      .orderBy(desc(orderStatusHistory.at), desc(orderStatusHistory.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

const ADDRESS_LOCKED_MESSAGE = 'The address can no longer change: the order has shipped.';

export interface OrderEdit {
  address?: {
    fullName: string | null;
    address: string;
    city: string;
    province: string | null;
    postalCode: string;
    country: string;
    mobileNo: string | null;
  };
  /** null clears the notes. */
  notes?: string | null;
}

/** Changes an order's shipping address and notes; the address is refused once the order has shipped. */
export async function editOrder(
  db: Database,
  ref: string,
  edit: OrderEdit,
  now = new Date(),
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(orderNamed(ref)).for('update');
    if (!order) throw new OrderChangeRejection('not_found', ORDER_NOT_FOUND);
    if (edit.address && ADDRESS_LOCKED.includes(order.status)) {
      throw new OrderChangeRejection('conflict', ADDRESS_LOCKED_MESSAGE);
    }
    const { address } = edit;
    const [updated] = await tx
      .update(orders)
      .set({
        ...(address
          ? {
              shipFullName: address.fullName,
              shipAddress: address.address,
              shipCity: address.city,
              shipProvince: address.province,
              shipPostalCode: address.postalCode,
              shipCountry: address.country,
              shipMobileNo: address.mobileNo,
            }
          : {}),
        ...(edit.notes === undefined ? {} : { notes: edit.notes }),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order update returned no row');
    return updated;
  });
}

const NOT_ARCHIVABLE = 'Only cancelled or failed orders can be archived.';
const ALREADY_ARCHIVED = 'This order is already archived.';

/**
 * Archives the cancelled and failed orders among `refs` (hidden from the lists, kept for the books), in one
 * statement that re-checks the status, so an order restored meanwhile is not archived. Answers, per order given,
 * whether it was archived and why not.
 */
export async function archiveOrders(
  db: Database,
  refs: readonly string[],
  now = new Date(),
): Promise<{
  archived: Array<{ ref: string; order: OrderRow }>;
  refused: Array<{ ref: string; message: string }>;
}> {
  const unique = [...new Set(refs)];
  const found = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(or(...unique.map(orderNamed)));
  const refOf = (row: { id: string; orderNumber: string }) =>
    unique.find((ref) => ref === row.id || ref.trim() === row.orderNumber) ?? row.id;
  const updated =
    found.length === 0
      ? []
      : await db
          .update(orders)
          .set({ archivedAt: now, updatedAt: now })
          .where(
            and(
              inArray(
                orders.id,
                found.map((row) => row.id),
              ),
              inArray(orders.status, [...ARCHIVABLE]),
              isNull(orders.archivedAt),
            ),
          )
          .returning();
  const archived = updated.map((order) => ({ ref: refOf(order), order }));
  const missed = found.filter((row) => !updated.some((order) => order.id === row.id));
  const missedRows =
    missed.length === 0
      ? []
      : await db
          .select({ id: orders.id, archivedAt: orders.archivedAt })
          .from(orders)
          .where(
            inArray(
              orders.id,
              missed.map((row) => row.id),
            ),
          );
  const refused = unique
    .filter((ref) => !archived.some((entry) => entry.ref === ref))
    .map((ref) => {
      const row = found.find((candidate) => refOf(candidate) === ref);
      if (!row) return { ref, message: ORDER_NOT_FOUND };
      const current = missedRows.find((candidate) => candidate.id === row.id);
      return { ref, message: current?.archivedAt ? ALREADY_ARCHIVED : NOT_ARCHIVABLE };
    });
  return { archived, refused };
}
