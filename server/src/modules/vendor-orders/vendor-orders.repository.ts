import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { canMove, type OrderStatus } from '../order-lifecycle/index.ts';
import { changeStatus, type OrderItemRow, type OrderRow, paymentStatusOf } from '../orders/index.ts';
import { type StoreLinesPaid, storeLinesPaid } from '../vendor-earnings/index.ts';

// A vendor's view of orders: an order is theirs to see when it holds at least one line their store sold
// (order_items.store_id, recorded at placement), and they only ever see and ship those lines.

export interface VendorOrderDetails {
  order: OrderRow;
  /** The vendor's own lines, in the order's line order. */
  lines: OrderItemRow[];
  /** What the shopper paid for those lines, after the coupon's share of them. */
  paid: StoreLinesPaid;
}

export interface VendorOrderFilters {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

/** Why the vendor's lines cannot ship; the handler answers 404 or 409 with the message. */
export class ShipmentRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'ShipmentRejection';
  }
}

export const NOT_PAID = 'This order is not paid yet, so it cannot ship.';
export const CLOSED_ORDER = 'A cancelled or failed order cannot ship.';
export const DELIVERED_ORDER = 'This order has already been delivered.';
export const REFUNDED_ORDER = 'This order has been refunded, so it cannot ship.';
export const ALREADY_SHIPPED = 'Your items in this order have already shipped.';

/** The orders holding at least one line the store sold. */
export const holdsStoreLine = (storeId: string) =>
  exists(
    sql`(select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.storeId} = ${storeId})`,
  );

function whereOf(storeId: string, filters: VendorOrderFilters): SQL | undefined {
  const text = filters.q?.trim();
  const pattern = text ? containsPattern(text) : null;
  return and(
    holdsStoreLine(storeId),
    filters.status ? eq(orders.status, filters.status) : undefined,
    pattern ? or(ilike(orders.orderNumber, pattern), ilike(orders.customerName, pattern)) : undefined,
  );
}

async function withStoreLines(
  db: Database,
  storeId: string,
  rows: OrderRow[],
): Promise<VendorOrderDetails[]> {
  if (rows.length === 0) return [];
  const [lines, paid] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(
        and(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
          eq(orderItems.storeId, storeId),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    storeLinesPaid(db, storeId, rows),
  ]);
  const none: StoreLinesPaid = { linesMinor: 0, discountMinor: 0, paidMinor: 0 };
  return rows.map((order) => ({
    order,
    lines: lines.filter((line) => line.orderId === order.id),
    paid: paid.get(order.id) ?? none,
  }));
}

/** One page of the orders holding the store's lines, newest first, and how many there are. */
export async function listVendorOrders(
  db: Database,
  storeId: string,
  filters: VendorOrderFilters,
  page: { page: number; limit: number },
): Promise<{ rows: VendorOrderDetails[]; total: number }> {
  const where = whereOf(storeId, filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows: await withStoreLines(db, storeId, rows), total: counted?.total ?? 0 };
}

/** An order with the store's lines; null when it does not exist or holds none of them. */
export async function findVendorOrder(
  db: Database,
  storeId: string,
  orderId: string,
): Promise<VendorOrderDetails | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), holdsStoreLine(storeId)));
  const [found] = await withStoreLines(db, storeId, rows);
  return found ?? null;
}

/** Why an order cannot ship now, or null when it can. */
export function shipRefusal(order: OrderRow): string | null {
  if (order.status === 'Cancelled' || order.status === 'Failed') return CLOSED_ORDER;
  if (order.status === 'Delivered' || order.status === 'Completed' || order.isDelivered)
    return DELIVERED_ORDER;
  if (paymentStatusOf(order) === 'Refunded') return REFUNDED_ORDER;
  if (!order.isPaid) return NOT_PAID;
  return null;
}

/**
 * Marks the store's unshipped lines of an order shipped with one carrier and tracking number, in one transaction
 * holding the order's row lock. When no line of the order is left unshipped, the order moves to Shipped through
 * the lifecycle's own status change (by way of Processing when it cannot go straight there), recorded as the
 * store's doing. Throws ShipmentRejection when the order is not the store's or cannot ship.
 */
export async function shipVendorLines(
  db: Database,
  input: {
    storeId: string;
    storeName: string;
    orderId: string;
    carrier: string;
    trackingNumber: string;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const notFound = () => new ShipmentRejection('not_found', 'Order not found.');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound();
    const lines = await tx
      .select({ id: orderItems.id, shippedAt: orderItems.shippedAt })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.storeId, input.storeId)));
    if (lines.length === 0) throw notFound();
    const refusal = shipRefusal(order);
    if (refusal) throw new ShipmentRejection('conflict', refusal);
    if (lines.every((line) => line.shippedAt !== null))
      throw new ShipmentRejection('conflict', ALREADY_SHIPPED);

    await tx
      .update(orderItems)
      .set({ carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt: now })
      .where(
        and(
          eq(orderItems.orderId, order.id),
          eq(orderItems.storeId, input.storeId),
          isNull(orderItems.shippedAt),
        ),
      );
    const [left] = await tx
      .select({ n: count() })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), isNull(orderItems.shippedAt)));
    if ((left?.n ?? 0) > 0 || order.status === 'Shipped') return;

    const actor = { name: input.storeName, type: 'vendor' as const };
    const moves: OrderStatus[] = canMove(order.status, 'Shipped') ? ['Shipped'] : ['Processing', 'Shipped'];
    for (const to of moves) {
      await changeStatus(tx, {
        orderRef: order.id,
        change: { to, carrier: input.carrier, trackingNumber: input.trackingNumber },
        actor,
        now,
      });
    }
  });
}
