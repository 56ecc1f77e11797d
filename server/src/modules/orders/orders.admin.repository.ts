import { and, asc, count, desc, eq, inArray, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import { throughIndexes } from '../../db/capped-count.ts';
import type { Database } from '../../db/client.ts';
import { matchesFirst } from '../../db/matches-first.ts';
import {
  orderForwardings,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  refunds,
} from '../../db/schema.ts';
import { type ParcelView, parcelsOf } from '../forwarding/index.ts';
import {
  ADDRESS_LOCKED,
  ARCHIVABLE,
  ORDER_NOT_FOUND,
  type OrderStatus,
  orderNamed,
} from '../order-lifecycle/index.ts';
import { dayRange, type OrderFilters, orderSearch, whereOf } from './orders.admin.filters.ts';
import { type OrderStats, orderStats } from './orders.cards.ts';
import type { OrderItemRow, OrderRow, RefundRow, StatusHistoryRow } from './orders.repository.ts';
import { OrderChangeRejection } from './orders.status.ts';

type ForwardingRow = typeof orderForwardings.$inferSelect;

export type { OrderFilters };
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

/**
 * Totals compare in USD at each order's own rate, so a BDT order does not outrank every USD one. The sorts walk
 * orders_usd_total_idx (migration 0045), which is built on this very expression.
 */
const usdTotal = sql`(${orders.totalMinor} / ${orders.rate})`;

/** What each sort orders by, first key first. */
function sortKeysOf(sort: OrderSort): Array<{ key: SQLWrapper; descending: boolean }> {
  switch (sort) {
    case 'oldest':
      return [
        { key: orders.createdAt, descending: false },
        { key: orders.orderNumber, descending: false },
      ];
    case 'total_desc':
      return [
        { key: usdTotal, descending: true },
        { key: orders.createdAt, descending: true },
      ];
    case 'total_asc':
      return [
        { key: usdTotal, descending: false },
        { key: orders.createdAt, descending: true },
      ];
    case 'newest':
      return [
        { key: orders.createdAt, descending: true },
        { key: orders.orderNumber, descending: true },
      ];
  }
}

const orderedBy = (keys: Array<{ key: SQLWrapper; descending: boolean }>) =>
  keys.map(({ key, descending }) => (descending ? desc(key) : asc(key)));

const orderByOf = (sort: OrderSort) => orderedBy(sortKeysOf(sort));

async function withAdminDetails(db: Database, rows: OrderRow[]): Promise<AdminOrderDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, history, refundRows, forwardings, parcels] = await Promise.all([
    // Each line with whether its product comes from the marketplace, in the same read.
    db
      .select({
        item: orderItems,
        fromMarketplace: sql<boolean>`coalesce(${products.source} = 'aliexpress', false)`,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
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
    parcelsOf(db, ids),
  ]);
  const items = lines.map((line) => line.item);
  const marketplace = lines.filter((line) => line.fromMarketplace).map((line) => line.item);
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
  const where = whereOf(filters);
  const offset = (query.page - 1) * query.limit;
  if (!filters.q?.trim()) {
    const [rows, stats] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...orderByOf(query.sort))
        .limit(query.limit)
        .offset(offset),
      orderStats(db, filters, now),
    ]);
    return { rows: await withAdminDetails(db, rows), total: stats.total, stats };
  }
  // A search is counted first, and few matches are found first (matchesFirst): at a million orders the dates'
  // index was walked through the table for a rare name (4.8 s on average, 9.3 s at worst).
  const stats = await orderStats(db, filters, now);
  const few = !stats.capped && stats.total < FEW_MATCHES;
  const pageIds = few
    ? db
        .select({ id: sql<string>`"orders"."id"` })
        .from(matchesFirst(orders, where))
        .orderBy(...orderByOf(query.sort))
        .limit(query.limit)
        .offset(offset)
    : await manyMatchesPage(db, filters, query, offset);
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, pageIds))
    .orderBy(...orderByOf(query.sort));
  return { rows: await withAdminDetails(db, rows), total: stats.total, stats };
}

/**
 * A search that matches fewer orders than this has its page sorted from its matches (listAdminOrders): its stat
 * cards have just read those rows, so reading them again costs about as much, where walking the sort's index past
 * rows that do not match has no bound.
 */
const FEW_MATCHES = 10_000;

/** How many orders the sort's index is walked past for a page of a search with many matches (manyMatchesPage). */
export const WALK_BOUND = 20_000;

/**
 * The page of a search with many matches. They are usually near the start of the sort, so the sort's index is
 * walked; but they can all sit at its far end ("ORD-2026" oldest first, past two years of orders: 2.5 to 3.5 s at a
 * million, 8 s under load), so the walk stops after WALK_BOUND orders. A page it does not fill is sorted from the
 * matches found through their indexes instead (about 0.6 s for 460,000 matches).
 */
async function manyMatchesPage(
  db: Database,
  filters: OrderFilters,
  query: { limit: number; sort: OrderSort },
  offset: number,
): Promise<string[]> {
  const keys = sortKeysOf(query.sort);
  // The other filters stay in the walk's where, so it walks the sort's index made for them (the totals' index
  // holds only the orders not archived).
  const walked = sql`(select ${orders.id} as id, coalesce(${orderSearch(filters.q) ?? sql`true`}, false) as hit,
    ${sql.join(
      keys.map(({ key }, i) => sql`${key} as ${sql.identifier(`k${i}`)}`),
      sql`, `,
    )}
    from ${orders} where ${whereOf({ ...filters, q: undefined }) ?? sql`true`}
    order by ${sql.join(orderByOf(query.sort), sql`, `)} limit ${WALK_BOUND}) as walked`;
  const found = await db
    .select({ id: sql<string>`walked.id` })
    .from(walked)
    .where(sql`walked.hit`)
    .orderBy(
      ...orderedBy(
        keys.map(({ descending }, i) => ({ key: sql`walked.${sql.identifier(`k${i}`)}`, descending })),
      ),
    )
    .limit(query.limit)
    .offset(offset);
  if (found.length === query.limit) return found.map((row) => row.id);
  const sorted = await throughIndexes(
    db,
    (tx) =>
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(whereOf(filters))
        .orderBy(...orderByOf(query.sort))
        .limit(query.limit)
        .offset(offset),
    { searched: true },
  );
  return sorted.map((row) => row.id);
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
