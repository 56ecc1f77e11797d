import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { orderItems, orderStatusHistory, orders } from '../../db/schema.ts';
import type { FieldError } from '../../http/errors.ts';
import {
  canMove,
  forbiddenMoveMessage,
  holdsStock,
  ORDER_NOT_FOUND,
  type OrderStatus,
  orderNamed,
  SHOPPER_CANCELLABLE,
} from '../order-lifecycle/index.ts';
import { CASH_ON_DELIVERY, PaymentError } from '../payments/index.ts';
import { type PayBack, type RefundView, refundableMinor, refundLockedOrder } from '../refunds/index.ts';
import { postDeliveredVendorLines } from '../vendor-earnings/index.ts';
import type { OrderRow } from './orders.repository.ts';
import { returnStock, StockShortage, takeStock } from './orders.stock.ts';

// Every change of an order's status happens here, for staff and shoppers alike: in one transaction that holds the
// order's row lock (SELECT ... FOR UPDATE), so two changes of the same order are served one after the other and
// the second sees what the first did; the stock follows the status and the move is kept in the status history.

/** Who makes a change, as the status history records it. */
export interface OrderActor {
  name: string;
  type: 'admin' | 'customer' | 'vendor' | 'system';
}

/** Why an order cannot change; the handler turns each kind into its HTTP answer (404, 409, 400). */
export class OrderChangeRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict' | 'invalid',
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'OrderChangeRejection';
  }
}

const SHIPPING_DETAILS_NEEDED = 'A carrier and a tracking number are needed to mark an order Shipped.';
const NOT_CANCELLABLE_BY_SHOPPER = 'This order can no longer be cancelled.';
const ONLY_CANCELLED_RESTORE = 'Only cancelled orders can be restored.';
const ALREADY_PAID = 'This order is already paid.';
const CLOSED_NOT_PAYABLE = 'A cancelled or failed order cannot be paid.';
export const CANCELLED_BY_SHOPPER = 'Cancelled by the customer';
const RESTORED_NOTE = 'Restored from Cancelled';
export const paymentConfirmedNote = (reference: string) => `Payment confirmed (ref ${reference})`;
/** A cash-on-delivery order's payment: the courier collected the cash as it delivered. */
export const CASH_COLLECTED_NOTE = 'Cash collected on delivery';
export const CASH_COLLECTED_REF = 'cash-on-delivery';

/** The order's row, locked until the transaction ends; a shopper's lock finds only their own orders. */
async function lockOrder(tx: Transaction, ref: string, customerId?: string): Promise<OrderRow> {
  const named = orderNamed(ref);
  const [order] = await tx
    .select()
    .from(orders)
    .where(customerId === undefined ? named : and(named, eq(orders.customerId, customerId)))
    .for('update');
  if (!order) throw new OrderChangeRejection('not_found', ORDER_NOT_FOUND);
  return order;
}

async function stockLinesOf(tx: Transaction, orderId: string) {
  return tx
    .select({
      productId: orderItems.productId,
      skuId: orderItems.skuId,
      quantity: orderItems.quantity,
      name: orderItems.name,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

const trimmed = (text: string | undefined | null) => text?.trim() || null;

export interface StatusChange {
  to: OrderStatus;
  note?: string | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

interface StatusChangeResult {
  order: OrderRow;
  from: OrderStatus;
  /** The refund a paid order's cancellation opened: Completed when paid back, Pending when staff must. */
  refund?: RefundView | null;
}

const CANCELLATION_REFUND_REASON = 'Order cancelled';

/**
 * A paid order that is cancelled gets back what is left of its payment: through the payment provider when it took
 * the payment, otherwise (or when the provider fails) as a Pending refund staff pay back and process.
 */
async function refundCancelledOrder(
  tx: Transaction,
  order: OrderRow,
  input: { note: string | null; actor: OrderActor; now: Date; payBack?: PayBack | undefined },
): Promise<RefundView | null> {
  if (!order.isPaid) return null;
  const amountMinor = await refundableMinor(tx, order);
  if (amountMinor === 0) return null;
  const { payBack } = input;
  return refundLockedOrder(tx, order, {
    amountMinor,
    reason: input.note ?? CANCELLATION_REFUND_REASON,
    createdBy: input.actor.name,
    now: input.now,
    ...(payBack
      ? {
          // The cancellation stands when the provider is down: the refund waits in Refund Handling instead.
          pay: (refund) =>
            payBack(refund).catch((error: unknown) => {
              if (error instanceof PaymentError) return null;
              throw error;
            }),
        }
      : {}),
  });
}

/**
 * Moves an order to another status. Staff may make the lifecycle's moves (ALLOWED_MOVES); a shopper may only
 * cancel their own order before it ships. Shipped records the carrier and tracking number; Delivered the delivery;
 * Cancelled and Failed give the stock back and keep the note as the reason; leaving them takes the stock again.
 */
export async function changeStatus(
  db: Database,
  input: {
    orderRef: string;
    change: StatusChange;
    actor: OrderActor;
    /** Set for a shopper cancelling their own order. */
    customerId?: string;
    /** Pays a paid order's refund back when it is cancelled; without it the refund waits for staff. */
    payBack?: PayBack;
    now?: Date;
  },
): Promise<StatusChangeResult> {
  const now = input.now ?? new Date();
  const { to } = input.change;
  const note = trimmed(input.change.note);
  const carrier = trimmed(input.change.carrier);
  const trackingNumber = trimmed(input.change.trackingNumber);
  if (to === 'Shipped' && (carrier === null || trackingNumber === null)) {
    throw new OrderChangeRejection('invalid', SHIPPING_DETAILS_NEEDED, [
      ...(carrier === null ? [{ path: '/carrier', message: 'is required' }] : []),
      ...(trackingNumber === null ? [{ path: '/trackingNumber', message: 'is required' }] : []),
    ]);
  }

  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderRef, input.customerId);
    const from = order.status;
    if (input.customerId !== undefined) {
      if (to !== 'Cancelled' || !SHOPPER_CANCELLABLE.includes(from)) {
        throw new OrderChangeRejection(
          'conflict',
          from === to ? forbiddenMoveMessage(from, to) : NOT_CANCELLABLE_BY_SHOPPER,
        );
      }
    } else if (!canMove(from, to)) {
      throw new OrderChangeRejection('conflict', forbiddenMoveMessage(from, to));
    }

    if (holdsStock(from) !== holdsStock(to)) {
      const lines = await stockLinesOf(tx, order.id);
      if (holdsStock(to)) {
        try {
          await takeStock(tx, lines, now);
        } catch (error) {
          if (error instanceof StockShortage) throw new OrderChangeRejection('conflict', error.message);
          throw error;
        }
      } else {
        await returnStock(tx, lines, now);
      }
    }
    const refund =
      to === 'Cancelled'
        ? await refundCancelledOrder(tx, order, { note, actor: input.actor, now, payBack: input.payBack })
        : null;
    const collectsCash = to === 'Delivered' && order.paymentMethod === CASH_ON_DELIVERY && !order.isPaid;

    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(to === 'Shipped' ? { carrier, trackingNumber, shippedAt: now } : {}),
        ...(to === 'Delivered' ? { isDelivered: true, deliveredAt: now } : {}),
        // The courier takes the cash as it delivers: the order is paid from that moment.
        ...(collectsCash
          ? {
              isPaid: true,
              paidAt: now,
              paymentRef: CASH_COLLECTED_REF,
              codCollectedAt: now,
              codCollectedBy: 'courier' as const,
            }
          : {}),
        // The reason belongs to a cancelled or failed order; an order that leaves those states loses it.
        ...(holdsStock(to) ? { reason: null } : { reason: note }),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order update returned no row');
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: to,
      by: input.actor.name,
      actorType: input.actor.type,
      note: collectsCash ? [note, CASH_COLLECTED_NOTE].filter(Boolean).join(' · ') : note,
      at: now,
    });
    if (to === 'Delivered') await postDeliveredVendorLines(tx, order.id, now);
    return { order: updated, from, refund };
  });
}

/** Returns a cancelled order to Placed, taking its stock again; 409 with the shortage when there is too little. */
export async function restoreOrder(
  db: Database,
  input: { orderRef: string; actor: OrderActor; now?: Date },
): Promise<OrderRow> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderRef);
    if (order.status !== 'Cancelled') throw new OrderChangeRejection('conflict', ONLY_CANCELLED_RESTORE);
    try {
      await takeStock(tx, await stockLinesOf(tx, order.id), now);
    } catch (error) {
      if (error instanceof StockShortage) throw new OrderChangeRejection('conflict', error.message);
      throw error;
    }
    const [updated] = await tx
      .update(orders)
      .set({ status: 'Placed', reason: null, archivedAt: null, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order update returned no row');
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: 'Placed',
      by: input.actor.name,
      actorType: input.actor.type,
      note: RESTORED_NOTE,
      at: now,
    });
    return updated;
  });
}

/**
 * Records a payment staff received outside the store (bank transfer, cash) with its reference. A Placed or
 * Pending order moves to Confirmed; a later one keeps its status. Either way the history keeps the confirmation,
 * which the timeline shows as 'Payment Confirmed'.
 */
export async function confirmPayment(
  db: Database,
  input: { orderRef: string; reference: string; actor: OrderActor; now?: Date },
): Promise<StatusChangeResult> {
  const now = input.now ?? new Date();
  const reference = input.reference.trim();
  if (reference === '') {
    throw new OrderChangeRejection('invalid', 'The payment reference is required.', [
      { path: '/reference', message: 'is required' },
    ]);
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderRef);
    if (!holdsStock(order.status)) throw new OrderChangeRejection('conflict', CLOSED_NOT_PAYABLE);
    if (order.isPaid) throw new OrderChangeRejection('conflict', ALREADY_PAID);
    const to: OrderStatus =
      order.status === 'Placed' || order.status === 'Pending' ? 'Confirmed' : order.status;
    const cash = order.paymentMethod === CASH_ON_DELIVERY;
    const [updated] = await tx
      .update(orders)
      .set({
        isPaid: true,
        paidAt: now,
        paymentRef: reference,
        status: to,
        updatedAt: now,
        ...(cash ? { codCollectedAt: now, codCollectedBy: 'staff' as const } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order update returned no row');
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: to,
      by: input.actor.name,
      actorType: input.actor.type,
      note: paymentConfirmedNote(reference),
      at: now,
    });
    return { order: updated, from: order.status };
  });
}
