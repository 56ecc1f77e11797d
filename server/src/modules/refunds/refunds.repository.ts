import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, refunds, returnRequests } from '../../db/schema.ts';
import { bindToIdempotencyKey } from '../../http/idempotency.ts';
import { isUuid } from '../../lib/ids.ts';
import { minorStep, toDecimalText } from '../../money/money.ts';
import { type ActivityEntry, announceActivity } from '../activity/index.ts';
import { ORDER_NOT_FOUND, orderNamed } from '../order-lifecycle/index.ts';
import { recordProviderRefund } from '../payments/index.ts';
import { reverseRefundedVendorLines } from '../vendor-earnings/index.ts';

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
    readonly kind: 'not_found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'RefundRejection';
  }
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

/** What paying a refund back needs to know of it and its order. */
export interface RefundToPay {
  amountMinor: number;
  currency: string;
  /** The order's payment reference (a gateway charge, or a reference staff recorded by hand). */
  paymentRef: string | null;
}

/**
 * Pays a refund back through the payment provider; answers the gateway's reference, or null when the provider
 * did not take the payment (a bank transfer, cash) and staff pay it back outside the store. Throwing stops the
 * whole change.
 */
export type PayBack = (refund: RefundToPay) => Promise<string | null>;

/** The order columns a refund needs, read under the order's row lock. */
export interface RefundableOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  currency: string;
  isPaid: boolean;
  totalMinor: number;
  /** What was paid back so far (including refunds from before the refunds table). */
  refundedMinor: number;
  paymentRef: string | null;
}

/** What is left to refund: the total minus what was paid back and what is waiting to be paid back. */
export async function refundableMinor(tx: Database, order: RefundableOrder): Promise<number> {
  const [earlier] = await tx
    .select({
      all: sql<string | null>`sum(${refunds.amountMinor})`,
      pending: sql<string | null>`sum(${refunds.amountMinor}) filter (where ${refunds.status} = 'Pending')`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  // Orders refunded before the refunds table existed carry the amount only in refunded_minor.
  const committed = Math.max(Number(earlier?.all ?? 0), order.refundedMinor + Number(earlier?.pending ?? 0));
  return Math.max(0, order.totalMinor - committed);
}

/**
 * Records a refund of an order whose row the caller holds locked, and pays it back through `pay` when it can:
 * then it is Completed and the order's refunded amount grows; otherwise it stays Pending until staff pay it back
 * by hand and process it in Refund Handling.
 * The activity entry is written before the money moves (a log that cannot be written stops the payment) and
 * completed with the refund's final state.
 */
export async function refundLockedOrder(
  tx: Database,
  order: RefundableOrder,
  input: {
    amountMinor: number;
    reason: string;
    createdBy: string;
    now: Date;
    pay?: PayBack;
    /** Binds the refund to the request's Idempotency-Key (createRefund's contract has one). */
    bindKey?: boolean;
  },
  activity?: (view: RefundView) => ActivityEntry,
): Promise<RefundView> {
  const { now } = input;
  if (!order.isPaid) throw new RefundRejection('conflict', ONLY_PAID_ORDERS);
  // A currency charged in whole units (HUF) is paid back in whole units: no fraction the payer cannot move.
  if (input.amountMinor % minorStep(order.currency) !== 0) {
    throw new RefundRejection('invalid', `Refunds in ${order.currency} are in whole units.`);
  }
  const left = await refundableMinor(tx, order);
  if (input.amountMinor > left) throw new RefundRejection('conflict', exceedsMessage(left, order.currency));
  const [pending] = await tx
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
  if (!pending) throw new Error('refund insert returned no row');
  // Bound before the money moves: an attempt whose key was taken over is refused before it pays anything.
  if (input.bindKey) await bindToIdempotencyKey(tx, `refund:${pending.id}`);
  const view = (refund: RefundRow): RefundView => ({
    refund,
    orderNumber: order.orderNumber,
    customer: order.customerName,
  });
  const settle = activity ? await announceActivity(tx, activity(view(pending))) : null;
  const gatewayRef = input.pay
    ? await input.pay({
        amountMinor: input.amountMinor,
        currency: order.currency,
        paymentRef: order.paymentRef,
      })
    : null;
  let refund = pending;
  if (gatewayRef !== null) {
    const [completed] = await tx
      .update(refunds)
      .set({ status: 'Completed', processedBy: input.createdBy, processedAt: now, gatewayRef })
      .where(eq(refunds.id, pending.id))
      .returning();
    if (!completed) throw new Error('refund update returned no row');
    refund = completed;
    if (order.paymentRef !== null) {
      await recordProviderRefund(tx, { providerRef: order.paymentRef, amountMinor: input.amountMinor, now });
    }
    await tx
      .update(orders)
      .set({
        refundedMinor: sql`${orders.refundedMinor} + ${input.amountMinor}`,
        refundedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await reverseRefundedVendorLines(tx, completed, now);
  }
  // An approved return or refund request of the order is answered by this refund.
  await tx
    .update(returnRequests)
    .set({ status: 'Refunded', refundId: refund.id })
    .where(and(eq(returnRequests.orderId, order.id), eq(returnRequests.status, 'Approved')));
  if (activity && settle) await settle(activity(view(refund)));
  return view(refund);
}

/** The refundable columns of an order, its row locked until the transaction ends. */
export async function lockRefundableOrder(tx: Database, orderRef: string): Promise<RefundableOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
      currency: orders.currency,
      isPaid: orders.isPaid,
      totalMinor: orders.totalMinor,
      refundedMinor: orders.refundedMinor,
      paymentRef: orders.paymentRef,
    })
    .from(orders)
    .where(orderNamed(orderRef))
    .for('update');
  if (!order) throw new RefundRejection('not_found', ORDER_NOT_FOUND);
  return order;
}

/**
 * Refunds an order in one transaction: records the refund and pays it back through `pay` when the order's payment
 * can be paid back that way. The order row is locked first, so two staff refunding the same order at once are
 * served one after the other and the second sees the first refund: together they can never exceed what was paid.
 */
export async function createRefund(
  db: Database,
  input: {
    orderRef: string;
    amountMinor: number;
    reason: string;
    createdBy: string;
    pay?: PayBack;
    now?: Date;
  },
  /** Staff's refund: its activity entry, written in the refund's transaction. */
  activity?: (created: RefundView) => ActivityEntry,
): Promise<RefundView> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockRefundableOrder(tx, input.orderRef);
    return refundLockedOrder(
      tx,
      order,
      {
        amountMinor: input.amountMinor,
        reason: input.reason,
        createdBy: input.createdBy,
        now,
        bindKey: true,
        ...(input.pay ? { pay: input.pay } : {}),
      },
      activity,
    );
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

/**
 * Completes a Pending refund. The refund row stays locked while `pay` runs, so a refund processed twice at once
 * is paid back once: the second finds it Completed (409). When `pay` throws, nothing changes.
 */
export async function processRefund(
  db: Database,
  input: {
    refundRef: string;
    processedBy: string;
    pay: PayBack;
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
    if (gatewayRef !== null && found.paymentRef !== null) {
      await recordProviderRefund(tx, { providerRef: found.paymentRef, amountMinor: refund.amountMinor, now });
    }
    // The order counts what actually went back, so its payment status changes only now.
    await tx
      .update(orders)
      .set({
        refundedMinor: sql`${orders.refundedMinor} + ${refund.amountMinor}`,
        refundedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, refund.orderId));
    await reverseRefundedVendorLines(tx, refund, now);
    const processed = { refund, orderNumber: found.orderNumber, customer: found.customer };
    if (activity && settle) await settle(activity(processed));
    return processed;
  });
}
