import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, refunds, returnRequests } from '../../db/schema.ts';
import { bindToIdempotencyKey } from '../../http/idempotency.ts';
import { toDecimalText } from '../../money/money.ts';
import { type ActivityEntry, announceActivity, insertActivity } from '../activity/activity.repository.ts';
import { isUuid, ORDER_NOT_FOUND } from '../orders/orders.handlers.ts';

export type RefundRow = typeof refunds.$inferSelect;
type RefundStatus = RefundRow['status'];

/** A refund with what the Refund Handling table shows of its order. */
export interface RefundView {
  refund: RefundRow;
  orderNumber: string;
  customer: string;
}

export const REFUND_NOT_FOUND = 'Refund not found.';
export const ONLY_PAID_ORDERS = 'Only paid orders can be refunded.';
export const ALREADY_COMPLETED = 'This refund has already been completed.';

export const exceedsMessage = (leftMinor: number, currency: string) =>
  `The refund cannot exceed the amount paid minus earlier refunds (${toDecimalText(leftMinor)} ${currency} left).`;

/** Why a refund cannot be recorded or processed; the handler turns each kind into its HTTP answer. */
export class RefundRejection extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'RefundRejection';
  }
}

/** An order named by its `_id` or its order id (`ORD-...`). */
export function orderNamed(ref: string): SQL {
  return isUuid(ref) ? eq(orders.id, ref) : eq(orders.orderNumber, ref);
}

/** A refund named by its `_id` or the id people see (`RF-000123`); null when it can name none. */
function refundNamed(ref: string): SQL | null {
  if (isUuid(ref)) return eq(refunds.id, ref);
  const match = /^RF-(\d{1,15})$/i.exec(ref.trim());
  return match?.[1] ? eq(refunds.number, Number(match[1])) : null;
}

const refundView = {
  refund: refunds,
  orderNumber: orders.orderNumber,
  customer: orders.customerName,
};

/**
 * Records a Pending refund of an order in one transaction. The order row is locked first, so two staff refunding
 * the same order at once are served one after the other and the second sees the first refund: together they can
 * never exceed what was paid.
 */
export async function createRefund(
  db: Database,
  input: { orderRef: string; amountMinor: number; reason: string; createdBy: string; now?: Date },
  /** Staff's refund: its activity entry, written in the refund's transaction. */
  activity?: (created: RefundView) => ActivityEntry,
): Promise<RefundView> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        currency: orders.currency,
        isPaid: orders.isPaid,
        totalMinor: orders.totalMinor,
        refundedMinor: orders.refundedMinor,
      })
      .from(orders)
      .where(orderNamed(input.orderRef))
      .for('update');
    if (!order) throw new RefundRejection('not_found', ORDER_NOT_FOUND);
    if (!order.isPaid) throw new RefundRejection('conflict', ONLY_PAID_ORDERS);

    const [earlier] = await tx
      .select({ sum: sql<string | null>`sum(${refunds.amountMinor})` })
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    // Orders refunded before the refunds table existed carry the amount only in refunded_minor.
    const refunded = Math.max(Number(earlier?.sum ?? 0), order.refundedMinor);
    const left = Math.max(0, order.totalMinor - refunded);
    if (input.amountMinor > left) throw new RefundRejection('conflict', exceedsMessage(left, order.currency));

    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountMinor: input.amountMinor,
        currency: order.currency,
        reason: input.reason,
        createdBy: input.createdBy,
        createdAt: now,
      })
      .returning();
    if (!refund) throw new Error('refund insert returned no row');
    await bindToIdempotencyKey(tx, `refund:${refund.id}`);
    await tx
      .update(orders)
      .set({ refundedMinor: refunded + input.amountMinor, refundedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    // An approved return or refund request of the order is answered by this refund.
    await tx
      .update(returnRequests)
      .set({ status: 'Refunded', refundId: refund.id })
      .where(and(eq(returnRequests.orderId, order.id), eq(returnRequests.status, 'Approved')));
    const created = { refund, orderNumber: order.orderNumber, customer: order.customerName };
    if (activity) await insertActivity(tx, activity(created));
    return created;
  });
}

/** Refunds newest first, one page, optionally only those in one state. */
/** One refund as the table shows it, or null. */
export async function findRefundView(db: Database, id: string): Promise<RefundView | null> {
  const [row] = await db
    .select(refundView)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, id));
  return row ?? null;
}

export async function listRefunds(
  db: Database,
  query: { page: number; limit: number; status?: RefundStatus },
): Promise<{ rows: RefundView[]; total: number }> {
  const where = query.status ? eq(refunds.status, query.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(refundView)
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.number))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** What paying a refund back needs to know of it and its order. */
export interface RefundToPay {
  amountMinor: number;
  currency: string;
  /** The order's payment reference (a gateway charge, or a reference staff recorded by hand). */
  paymentRef: string | null;
}

/**
 * Completes a Pending refund. The refund row stays locked while `pay` runs, so a refund processed twice at once
 * is paid back once: the second finds it Completed (409). When `pay` throws, nothing changes.
 */
export async function processRefund(
  db: Database,
  input: {
    refundRef: string;
    processedBy: string;
    pay: (refund: RefundToPay) => Promise<string | null>;
    now?: Date;
  },
  /**
   * Its activity entry, in the refund's transaction: written before the money is paid back (a log that cannot be
   * written stops the payment), completed with the refund as processed.
   */
  activity?: (refund: RefundView) => ActivityEntry,
): Promise<RefundView> {
  const now = input.now ?? new Date();
  const named = refundNamed(input.refundRef);
  if (named === null) throw new RefundRejection('not_found', REFUND_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ...refundView, paymentRef: orders.paymentRef })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(named)
      .for('update', { of: refunds });
    if (!found) throw new RefundRejection('not_found', REFUND_NOT_FOUND);
    if (found.refund.status === 'Completed') throw new RefundRejection('conflict', ALREADY_COMPLETED);

    const settle = activity ? await announceActivity(tx, activity(found)) : null;
    const gatewayRef = await input.pay({
      amountMinor: found.refund.amountMinor,
      currency: found.refund.currency,
      paymentRef: found.paymentRef,
    });
    const [refund] = await tx
      .update(refunds)
      .set({ status: 'Completed', processedBy: input.processedBy, processedAt: now, gatewayRef })
      .where(eq(refunds.id, found.refund.id))
      .returning();
    if (!refund) throw new Error('refund update returned no row');
    const processed = { refund, orderNumber: found.orderNumber, customer: found.customer };
    if (activity && settle) await settle(activity(processed));
    return processed;
  });
}
