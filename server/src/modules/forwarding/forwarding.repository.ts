import { and, count, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { orderForwardings, orderItems, orders, products, supplierParcels } from '../../db/schema.ts';
import type { ActivityEntry } from '../activity/index.ts';
import type { MarketplaceAdapter, MarketplaceError, SupplierTracking } from '../marketplace/index.ts';
import { ORDER_NOT_FOUND, type OrderStatus, orderNamed } from '../order-lifecycle/index.ts';
import { CASH_ON_DELIVERY } from '../payments/index.ts';
import {
  type ParcelAttempt,
  type ParcelOutcome,
  ParcelRejection,
  type ParcelView,
  parcelsOf,
  placeParcel,
  splitIntoParcels,
} from './forwarding.parcels.ts';
import { type TrackOutcome, trackParcel } from './forwarding.tracking.ts';

export type ForwardingRow = typeof orderForwardings.$inferSelect;
type ForwardingStatus = ForwardingRow['status'];

/** One line of the AliExpress Order Forwarding table: an order and its forwarding, if it has one yet. */
export interface ForwardingView {
  orderId: string;
  orderNumber: string;
  country: string;
  shipping: string | null;
  /** The marketplace items' names. */
  product: string;
  forwarding: ForwardingRow | null;
  /** The order's supplier parcels; none before it is first forwarded. */
  parcels?: ParcelView[];
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
export const hasMarketplaceItems = sql`exists (
  select 1 from ${orderItems} join ${products} on ${isMarketplaceItem}
  where ${orderItems.orderId} = ${orders.id})`;

async function lockOrder(tx: Transaction, orderRef: string) {
  const [order] = await tx.select().from(orders).where(orderNamed(orderRef)).for('update');
  if (!order) throw new ForwardingRejection('not_found', ORDER_NOT_FOUND);
  const [forwarding] = await tx.select().from(orderForwardings).where(eq(orderForwardings.orderId, order.id));
  return { order, forwarding: forwarding ?? null };
}

const viewColumns = {
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  country: orders.shipCountry,
  shipping: orders.logisticsServiceName,
  product: marketplaceItemNames,
  forwarding: orderForwardings,
};

export async function viewOf(db: Database | Transaction, orderId: string): Promise<ForwardingView> {
  const [row] = await db
    .select(viewColumns)
    .from(orders)
    .leftJoin(orderForwardings, eq(orderForwardings.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) throw new Error('the forwarded order cannot be read back');
  return { ...row, parcels: (await parcelsOf(db, [orderId])).get(orderId) ?? [] };
}

export type ForwardingOutcome =
  | { ok: true; view: ForwardingView; aeOrderId: string }
  | { ok: false; view: ForwardingView; error: MarketplaceError };

/**
 * Forwards an order: splits its marketplace lines into one parcel per supplier (the first time) and places each
 * parcel not placed yet (Pending, or Failed before) as its own supplier order. Each placement is its own
 * transaction with its own activity entry; a refusal is saved on its parcel and the others are still placed.
 * `staffName` is who forwards (`system` for the auto-forwarding job).
 */
export async function forwardOrder(
  db: Database,
  input: { orderRef: string; staffName: string; marketplace: MarketplaceAdapter; now?: Date },
  activity?: (attempt: ParcelAttempt) => ActivityEntry,
): Promise<ForwardingOutcome> {
  const now = input.now ?? new Date();
  const { orderId, placeable } = await db.transaction(async (tx) => {
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
    const parcels = await splitIntoParcels(tx, order, input.marketplace);
    if (parcels.length === 0) throw new ForwardingRejection('conflict', NO_MARKETPLACE_ITEMS);
    const waiting = parcels.filter((p) => p.status === 'Pending' || p.status === 'Failed');
    if (waiting.length === 0)
      throw new ForwardingRejection('conflict', alreadyForwarded(forwarding?.aeOrderId ?? null));
    return { orderId: order.id, placeable: waiting.map((p) => p.id) };
  });

  let failed: Extract<ParcelOutcome, { ok: false }> | null = null;
  for (const parcelId of placeable) {
    try {
      const outcome = await placeParcel(db, {
        marketplace: input.marketplace,
        parcelId,
        by: input.staffName,
        now,
        ...(activity ? { activity } : {}),
      });
      if (!outcome.ok && !failed) failed = outcome;
    } catch (error) {
      // Placed (or cancelled) by someone else since it was listed.
      if (!(error instanceof ParcelRejection)) throw error;
    }
  }
  const view = await viewOf(db, orderId);
  if (failed) return { ok: false, view, error: failed.error };
  return { ok: true, view, aeOrderId: view.forwarding?.aeOrderId ?? '' };
}

export type SyncOutcome =
  | { ok: true; view: ForwardingView; tracking: SupplierTracking; orderShipped: boolean }
  | { ok: false; view: ForwardingView; error: MarketplaceError };

/**
 * Asks the supplier about each of the order's placed parcels that has not arrived yet (the screen's Sync button).
 * What it answers for the last parcel asked is the outcome; any error is the outcome.
 */
export async function syncForwarding(
  db: Database,
  input: { orderRef: string; marketplace: MarketplaceAdapter; now?: Date },
  activity?: (outcome: TrackOutcome) => ActivityEntry,
): Promise<SyncOutcome> {
  const now = input.now ?? new Date();
  const [order] = await db.select({ id: orders.id }).from(orders).where(orderNamed(input.orderRef));
  if (!order) throw new ForwardingRejection('not_found', ORDER_NOT_FOUND);
  const parcels = await db
    .select({ id: supplierParcels.id })
    .from(supplierParcels)
    .where(
      and(eq(supplierParcels.orderId, order.id), inArray(supplierParcels.status, ['Forwarded', 'Shipped'])),
    )
    .orderBy(supplierParcels.number);
  if (parcels.length === 0) throw new ForwardingRejection('conflict', NOT_FORWARDED);
  let last: TrackOutcome | null = null;
  let shipped = false;
  let error: MarketplaceError | null = null;
  for (const parcel of parcels) {
    try {
      last = await trackParcel(db, {
        marketplace: input.marketplace,
        parcelId: parcel.id,
        now,
        logUnchanged: true,
        ...(activity ? { activity } : {}),
      });
    } catch (rejection) {
      // Moved on since it was listed (tracked by the job meanwhile, reshipped): nothing to ask about any more.
      if (!(rejection instanceof ParcelRejection)) throw rejection;
      continue;
    }
    if (!last.ok) error ??= last.error;
    else if (last.orderShipped) shipped = true;
  }
  const view = await viewOf(db, order.id);
  if (error) return { ok: false, view, error };
  if (!last?.ok) throw new ForwardingRejection('conflict', NOT_FORWARDED);
  return { ok: true, view, tracking: last.tracking, orderShipped: shipped };
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
      .select(viewColumns)
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
  const parcels = await parcelsOf(
    db,
    rows.map((row) => row.orderId),
  );
  return {
    rows: rows.map((row) => ({ ...row, parcels: parcels.get(row.orderId) ?? [] })),
    total: totals?.n ?? 0,
  };
}
