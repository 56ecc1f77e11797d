import { and, count, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  orderForwardings,
  orderItems,
  orderStatusHistory,
  orders,
  productSkus,
  products,
} from '../../db/schema.ts';
import { type ActivityEntry, announceActivity, insertActivity } from '../activity/index.ts';
import { MarketplaceError, type SupplierOrderRequest, type SupplierTracking } from '../marketplace/index.ts';
import { canMove, ORDER_NOT_FOUND, type OrderStatus, orderNamed } from '../order-lifecycle/index.ts';
import { CASH_ON_DELIVERY } from '../payments/index.ts';

export type ForwardingRow = typeof orderForwardings.$inferSelect;
type ForwardingStatus = ForwardingRow['status'];
type SyncLogEntry = ForwardingRow['syncLog'][number];

/** One line of the AliExpress Order Forwarding table: an order and its forwarding, if it has one yet. */
export interface ForwardingView {
  orderId: string;
  orderNumber: string;
  country: string;
  shipping: string | null;
  /** The marketplace items' names. */
  product: string;
  forwarding: ForwardingRow | null;
}

export const NOT_PAID = 'Only paid orders can be forwarded to the supplier.';
export const COD_NOT_CONFIRMED =
  'Confirm a cash-on-delivery order with the shopper before forwarding it to the supplier.';

/** Cash-on-delivery orders are paid only at the door: staff confirming them is what lets them go to the supplier. */
const COD_READY: readonly OrderStatus[] = ['Confirmed', 'Processing'];
export const CLOSED = 'A cancelled or failed order cannot be forwarded to the supplier.';
export const SHIPPED = 'This order has already shipped; there is nothing left to forward.';
export const NO_MARKETPLACE_ITEMS = 'This order has no AliExpress items to forward.';
export const NOT_FORWARDED = 'This order has not been forwarded to the supplier yet.';
export const alreadyForwarded = (aeOrderId: string | null) =>
  `This order has already been forwarded to AliExpress (order ${aeOrderId ?? 'unknown'}).`;
export const forwardedNote = (aeOrderId: string) => `Forwarded to AliExpress (order ${aeOrderId})`;

/** Orders move to Processing when their supplier order is placed, if they have not got that far already. */
const MOVE_TO_PROCESSING: readonly OrderStatus[] = ['Placed', 'Pending', 'Confirmed'];
const CLOSED_STATUSES: readonly OrderStatus[] = ['Cancelled', 'Failed'];
/** An order that has shipped (by the supplier or by hand) has nothing left for the supplier to send. */
const SHIPPED_STATUSES: readonly OrderStatus[] = ['Shipped', 'Delivered', 'Completed'];

/** Why an order cannot be forwarded or synced; the handler turns each kind into its HTTP answer. */
export class ForwardingRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'ForwardingRejection';
  }
}

/** The order lines whose product was imported from the marketplace. */
const isMarketplaceItem = and(eq(products.id, orderItems.productId), eq(products.source, 'aliexpress'));

/** Names of an order's marketplace items, in the order's own order. */
const marketplaceItemNames = sql<string>`coalesce((
  select string_agg(${orderItems.name}, ', ' order by ${orderItems.position})
  from ${orderItems} join ${products} on ${isMarketplaceItem}
  where ${orderItems.orderId} = ${orders.id}), '')`;
const hasMarketplaceItems = sql`exists (
  select 1 from ${orderItems} join ${products} on ${isMarketplaceItem}
  where ${orderItems.orderId} = ${orders.id})`;

async function lockOrder(tx: Transaction, orderRef: string) {
  const [order] = await tx.select().from(orders).where(orderNamed(orderRef)).for('update');
  if (!order) throw new ForwardingRejection('not_found', ORDER_NOT_FOUND);
  const [forwarding] = await tx.select().from(orderForwardings).where(eq(orderForwardings.orderId, order.id));
  return { order, forwarding: forwarding ?? null };
}

async function viewOf(tx: Transaction, orderId: string): Promise<ForwardingView> {
  const [row] = await tx
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      country: orders.shipCountry,
      shipping: orders.logisticsServiceName,
      product: marketplaceItemNames,
      forwarding: orderForwardings,
    })
    .from(orders)
    .leftJoin(orderForwardings, eq(orderForwardings.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) throw new Error('the forwarded order cannot be read back');
  return row;
}

/** Writes the order's forwarding (one per order), adding to its sync log rather than replacing it. */
async function saveForwarding(
  tx: Transaction,
  orderId: string,
  values: Partial<Pick<ForwardingRow, 'status' | 'aeOrderId' | 'trackingNumber' | 'carrier'>> & {
    log: SyncLogEntry;
    attempt: boolean;
    now: Date;
  },
): Promise<void> {
  const { log, attempt, now, ...fields } = values;
  await tx
    .insert(orderForwardings)
    .values({ orderId, ...fields, attempts: attempt ? 1 : 0, syncLog: [log], updatedAt: now })
    .onConflictDoUpdate({
      target: orderForwardings.orderId,
      set: {
        ...fields,
        ...(attempt ? { attempts: sql`${orderForwardings.attempts} + 1` } : {}),
        syncLog: sql`${orderForwardings.syncLog} || ${JSON.stringify([log])}::jsonb`,
        updatedAt: now,
      },
    });
}

export type ForwardingOutcome =
  | { ok: true; view: ForwardingView; aeOrderId: string }
  | { ok: false; view: ForwardingView; error: MarketplaceError };

/** A forwarding as its activity entry sees it: `ok` is null while the supplier has not answered yet. */
export type ForwardingAttempt = ForwardingOutcome | { ok: null; view: ForwardingView };

/**
 * Places an order's marketplace items with the supplier. The order row stays locked while the supplier is asked,
 * so two staff forwarding the same order at once place one supplier order: the second finds it Forwarded.
 * A supplier failure is recorded (Failed, with the reason) and committed; the caller answers it as an error.
 */
export async function forwardOrder(
  db: Database,
  input: {
    orderRef: string;
    staffName: string;
    place: (request: SupplierOrderRequest) => Promise<{ orderId: string }>;
    now?: Date;
  },
  /**
   * Its activity entry, in the forwarding's transaction: written before the supplier is asked (a log that cannot
   * be written stops the supplier order), completed with the outcome (placed or failed).
   */
  activity?: (attempt: ForwardingAttempt) => ActivityEntry,
): Promise<ForwardingOutcome> {
  const now = input.now ?? new Date();
  let settle: ((final: ActivityEntry) => Promise<void>) | null = null;
  const logged = async (outcome: ForwardingOutcome) => {
    if (activity && settle) await settle(activity(outcome));
    return outcome;
  };
  return db.transaction(async (tx) => {
    const { order, forwarding } = await lockOrder(tx, input.orderRef);
    if (!order.isPaid) {
      if (order.paymentMethod !== CASH_ON_DELIVERY) throw new ForwardingRejection('conflict', NOT_PAID);
      if (!COD_READY.includes(order.status)) throw new ForwardingRejection('conflict', COD_NOT_CONFIRMED);
    }
    if (CLOSED_STATUSES.includes(order.status)) throw new ForwardingRejection('conflict', CLOSED);
    if (SHIPPED_STATUSES.includes(order.status)) throw new ForwardingRejection('conflict', SHIPPED);
    if (forwarding && (forwarding.status === 'Forwarded' || forwarding.status === 'Shipped')) {
      throw new ForwardingRejection('conflict', alreadyForwarded(forwarding.aeOrderId));
    }
    const items = await tx
      .select({
        productId: products.productId,
        skuId: orderItems.skuId,
        skuAttr: productSkus.skuAttr,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .innerJoin(products, isMarketplaceItem)
      .leftJoin(
        productSkus,
        and(eq(productSkus.productId, products.id), eq(productSkus.skuId, orderItems.skuId)),
      )
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.position);
    if (items.length === 0) throw new ForwardingRejection('conflict', NO_MARKETPLACE_ITEMS);
    if (activity)
      settle = await announceActivity(tx, activity({ ok: null, view: await viewOf(tx, order.id) }));

    let aeOrderId: string;
    try {
      ({ orderId: aeOrderId } = await input.place({
        items: items.map((item) => ({
          productId: item.productId,
          skuId: item.skuId ?? '',
          skuAttr: item.skuAttr ?? '',
          quantity: item.quantity,
        })),
        address: {
          fullName: order.shipFullName ?? order.customerName,
          address: order.shipAddress,
          city: order.shipCity,
          province: order.shipProvince ?? '',
          postalCode: order.shipPostalCode,
          country: order.shipCountry,
          mobileNo: order.shipMobileNo ?? order.customerPhone ?? '',
          phoneCountry: order.shipPhoneCountry ?? '',
        },
        logisticsServiceName: order.logisticsServiceName,
        reference: order.orderNumber,
      }));
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      await saveForwarding(tx, order.id, {
        status: 'Failed',
        log: { time: now.toISOString(), type: 'error', message: error.message },
        attempt: true,
        now,
      });
      return logged({ ok: false, view: await viewOf(tx, order.id), error });
    }

    await saveForwarding(tx, order.id, {
      status: 'Forwarded',
      aeOrderId,
      log: {
        time: now.toISOString(),
        type: 'success',
        message: `Placed with AliExpress as order ${aeOrderId}.`,
      },
      attempt: true,
      now,
    });
    if (MOVE_TO_PROCESSING.includes(order.status) && canMove(order.status, 'Processing')) {
      await tx.update(orders).set({ status: 'Processing', updatedAt: now }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: 'Processing',
        by: input.staffName,
        actorType: 'admin',
        note: forwardedNote(aeOrderId),
        at: now,
      });
    }
    return logged({ ok: true, view: await viewOf(tx, order.id), aeOrderId });
  });
}

export type SyncOutcome =
  | { ok: true; view: ForwardingView; tracking: SupplierTracking; orderShipped: boolean }
  | { ok: false; view: ForwardingView; error: MarketplaceError };

/** The supplier's order id of a forwarding that was placed; refused when the order was not forwarded. */
function placedOrderId(forwarding: ForwardingRow | null): string {
  const aeOrderId = forwarding?.aeOrderId;
  if (!forwarding || !aeOrderId || (forwarding.status !== 'Forwarded' && forwarding.status !== 'Shipped')) {
    throw new ForwardingRejection('conflict', NOT_FORWARDED);
  }
  return aeOrderId;
}

/**
 * Asks the supplier where a forwarded order's parcel is. When it has a tracking number the forwarding is Shipped
 * and the order is marked Shipped with it by `system`, if the lifecycle allows that move from where it is.
 * Tracking is only a question, so it is asked with nothing locked (a slow supplier must not hold the order, or
 * PGlite's one connection); the answer is saved afterwards, with `activity`'s entry, once the order is locked.
 */
export async function syncForwarding(
  db: Database,
  input: { orderRef: string; track: (aeOrderId: string) => Promise<SupplierTracking>; now?: Date },
  activity?: (outcome: SyncOutcome) => ActivityEntry,
): Promise<SyncOutcome> {
  const now = input.now ?? new Date();
  const asked = placedOrderId((await db.transaction((tx) => lockOrder(tx, input.orderRef))).forwarding);
  let answer: { tracking: SupplierTracking } | { error: MarketplaceError };
  try {
    answer = { tracking: await input.track(asked) };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    answer = { error };
  }
  return db.transaction(async (tx) => {
    const { order, forwarding } = await lockOrder(tx, input.orderRef);
    // Forwarded again to another supplier order meanwhile: the answer is about an order that no longer counts.
    if (placedOrderId(forwarding) !== asked) throw new ForwardingRejection('conflict', NOT_FORWARDED);
    const outcome = await saveTracking(tx, order, asked, answer, now);
    if (activity) await insertActivity(tx, activity(outcome));
    return outcome;
  });
}

/** Saves what the supplier said about a forwarded order, in the transaction holding the order's lock. */
async function saveTracking(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  aeOrderId: string,
  answer: { tracking: SupplierTracking } | { error: MarketplaceError },
  now: Date,
): Promise<SyncOutcome> {
  if ('error' in answer) {
    await saveForwarding(tx, order.id, {
      log: { time: now.toISOString(), type: 'error', message: answer.error.message },
      attempt: false,
      now,
    });
    return { ok: false, view: await viewOf(tx, order.id), error: answer.error };
  }
  const { tracking } = answer;
  const { trackingNumber, carrier } = tracking;
  if (tracking.status !== 'shipped' || trackingNumber === null) {
    await saveForwarding(tx, order.id, {
      log: {
        time: now.toISOString(),
        type: 'success',
        message: 'The supplier has not shipped the order yet.',
      },
      attempt: false,
      now,
    });
    return { ok: true, view: await viewOf(tx, order.id), tracking, orderShipped: false };
  }

  const by = carrier ? ` by ${carrier}` : '';
  await saveForwarding(tx, order.id, {
    status: 'Shipped',
    trackingNumber,
    carrier,
    log: {
      time: now.toISOString(),
      type: 'success',
      message: `Shipped${by} with tracking number ${trackingNumber}.`,
    },
    attempt: false,
    now,
  });
  const orderShipped = order.status !== 'Shipped' && canMove(order.status, 'Shipped');
  if (orderShipped) {
    await tx
      .update(orders)
      .set({ status: 'Shipped', carrier, trackingNumber, shippedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: 'Shipped',
      by: 'system',
      actorType: 'system',
      note: `Shipped${by} with tracking number ${trackingNumber} (AliExpress order ${aeOrderId})`,
      at: now,
    });
  }
  return { ok: true, view: await viewOf(tx, order.id), tracking, orderShipped };
}

/**
 * Orders for the forwarding table: every order with a forwarding, and the paid orders with marketplace items
 * that have none yet and still wait to be shipped (shown as Pending). Most recently touched first.
 */
export async function listForwardings(
  db: Database,
  query: { page: number; limit: number; status?: ForwardingStatus },
): Promise<{ rows: ForwardingView[]; total: number }> {
  const waiting = and(
    sql`${orderForwardings.id} is null`,
    or(
      eq(orders.isPaid, true),
      and(eq(orders.paymentMethod, CASH_ON_DELIVERY), inArray(orders.status, [...COD_READY])),
    ),
    notInArray(orders.status, [...CLOSED_STATUSES, ...SHIPPED_STATUSES]),
  );
  const conditions: SQL[] = [hasMarketplaceItems, sql`(${orderForwardings.id} is not null or ${waiting})`];
  if (query.status) {
    conditions.push(
      query.status === 'Pending'
        ? sql`coalesce(${orderForwardings.status}, 'Pending') = 'Pending'`
        : eq(orderForwardings.status, query.status),
    );
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        country: orders.shipCountry,
        shipping: orders.logisticsServiceName,
        product: marketplaceItemNames,
        forwarding: orderForwardings,
      })
      .from(orders)
      .leftJoin(orderForwardings, eq(orderForwardings.orderId, orders.id))
      .where(where)
      .orderBy(
        desc(sql`coalesce(${orderForwardings.updatedAt}, ${orders.createdAt})`),
        desc(orders.orderNumber),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(orders)
      .leftJoin(orderForwardings, eq(orderForwardings.orderId, orders.id))
      .where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}
