import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderStatusHistory, orders, paymentEvents, payments } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { HostedPaymentProvider, PendingPayment, ProviderVerdict } from './hosted.types.ts';
import { hostedRef } from './payment-gateways.ts';

// The hosted checkout's life: opened as the order is placed (a `pending` payment beside the unpaid order), then
// settled once by the provider's verified answer. A verdict that repeats an event already applied changes nothing.

export interface OpenedCheckout {
  paymentId: string;
  providerRef: string | null;
  redirectUrl: string;
}

export type SettleOutcome = 'paid' | 'failed' | 'cancelled' | 'pending' | 'rejected';

export const paymentReturnUrl = (publicUrl: string, provider: HostedPaymentProvider, paymentId: string) =>
  `${publicUrl}/api/payments/${provider.name}/return?payment=${paymentId}`;
export const paymentNotifyUrl = (publicUrl: string, provider: HostedPaymentProvider) =>
  `${publicUrl}/api/payments/${provider.name}/notify`;

/** Opens the provider's page for an order's amount; throws PaymentError when the provider cannot be reached. */
export async function openHostedCheckout(
  provider: HostedPaymentProvider,
  publicUrl: string,
  order: {
    reference: string;
    amountMinor: number;
    currency: string;
    description: string;
    customer: Parameters<HostedPaymentProvider['start']>[0]['customer'];
  },
): Promise<OpenedCheckout> {
  const paymentId = randomUUID();
  const started = await provider.start({
    paymentId,
    ...order,
    returnUrl: paymentReturnUrl(publicUrl, provider, paymentId),
    notifyUrl: paymentNotifyUrl(publicUrl, provider),
  });
  return { paymentId, providerRef: started.providerRef, redirectUrl: started.redirectUrl };
}

/** The pending payment of an order just placed, in the order's transaction. */
export async function recordPendingPayment(
  tx: Database,
  provider: HostedPaymentProvider,
  opened: OpenedCheckout,
  order: { id: string; reference: string; amountMinor: number; currency: string; now: Date },
): Promise<void> {
  await tx.insert(payments).values({
    id: opened.paymentId,
    orderId: order.id,
    reference: order.reference,
    provider: provider.name,
    method: provider.method,
    state: 'pending',
    amountMinor: order.amountMinor,
    currency: order.currency,
    providerRef: opened.providerRef,
    createdAt: order.now,
    updatedAt: order.now,
  });
}

export type PaymentRow = typeof payments.$inferSelect;

/** A provider's payment named by a return or notification: our id, the order number, or the provider's id. */
export async function findHostedPayment(
  db: Database,
  provider: HostedPaymentProvider,
  named: { paymentId?: string; reference?: string; providerRef?: string },
): Promise<PaymentRow | null> {
  const condition = named.paymentId
    ? isUuid(named.paymentId)
      ? eq(payments.id, named.paymentId)
      : null
    : named.providerRef
      ? eq(payments.providerRef, named.providerRef)
      : named.reference
        ? eq(payments.reference, named.reference)
        : null;
  if (condition === null) return null;
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), condition))
    .orderBy(payments.createdAt);
  // An order paid again after a failed attempt has several; the newest is the one in play.
  return rows.at(-1) ?? null;
}

/** The payment as its provider knows it: its own reference, without the `<provider>:` the store adds once paid. */
export const pendingOf = (row: PaymentRow): PendingPayment => ({
  id: row.id,
  reference: row.reference,
  providerRef: row.providerRef?.startsWith(`${row.provider}:`)
    ? row.providerRef.slice(row.provider.length + 1)
    : row.providerRef,
  amountMinor: row.amountMinor,
  currency: row.currency,
});

/**
 * Applies the provider's verdict to the payment and its order, once per provider event. Paid: the payment is
 * confirmed and the order paid (Placed and Pending orders move to Confirmed, the timeline says by whom); an order
 * cancelled meanwhile stays cancelled and the payment shows on the Payments screen as paid without a paid order.
 * Failed or cancelled: the order stays unpaid, so the shopper may pay again from the order page.
 */
export async function settleHostedPayment(
  db: Database,
  provider: HostedPaymentProvider,
  paymentId: string,
  verdict: ProviderVerdict,
  now: Date = new Date(),
): Promise<{ outcome: SettleOutcome; orderId: string | null }> {
  if (verdict.status === 'rejected') return { outcome: 'rejected', orderId: null };
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return { outcome: 'rejected' as const, orderId: null };
    const orderId = payment.orderId;
    if (verdict.status === 'pending') return { outcome: 'pending' as const, orderId };
    if (verdict.eventId !== null) {
      const fresh = await tx
        .insert(paymentEvents)
        .values({
          provider: provider.name,
          eventId: verdict.eventId,
          type: verdict.status,
          paymentId,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      // Seen before: the payment already says what this event did.
      if (fresh.length === 0) return { outcome: outcomeOf(payment), orderId };
    }
    // A payment already paid is not undone by a later failure message about the same checkout.
    if (payment.state !== 'pending' && payment.state !== 'failed') {
      return { outcome: outcomeOf(payment), orderId };
    }
    if (verdict.status !== 'paid') {
      await tx
        .update(payments)
        .set({ state: 'failed', failureMessage: verdict.message, updatedAt: now })
        .where(eq(payments.id, paymentId));
      return { outcome: verdict.status, orderId };
    }
    const ref = hostedRef(provider, verdict.providerRef);
    await tx
      .update(payments)
      .set({ state: 'paid', providerRef: ref, confirmedAt: now, failureMessage: null, updatedAt: now })
      .where(eq(payments.id, paymentId));
    if (orderId !== null) await payOrder(tx, orderId, provider, ref, now);
    return { outcome: 'paid' as const, orderId };
  });
}

function outcomeOf(payment: PaymentRow): SettleOutcome {
  if (payment.state === 'pending') return 'pending';
  if (payment.state === 'failed') return 'failed';
  return 'paid';
}

async function payOrder(
  tx: Database,
  orderId: string,
  provider: HostedPaymentProvider,
  ref: string,
  now: Date,
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.isPaid || order.status === 'Cancelled' || order.status === 'Failed') return;
  const status = order.status === 'Placed' || order.status === 'Pending' ? 'Confirmed' : order.status;
  await tx
    .update(orders)
    .set({ isPaid: true, paidAt: now, paymentRef: ref, status, updatedAt: now })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId,
    status,
    by: provider.method,
    actorType: 'system',
    note: `Payment confirmed (ref ${ref})`,
    at: now,
  });
}

/** Unpaid orders whose last hosted payment attempt is older than `olderThan`: the abandoned checkouts. */
export async function abandonedCheckouts(db: Database, olderThan: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orderId: orders.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        inArray(payments.state, ['pending', 'failed']),
        lt(payments.createdAt, olderThan),
        eq(orders.isPaid, false),
        inArray(orders.status, ['Placed', 'Pending']),
        // A shopper paying again since then is not cut short.
        sql`not exists (select 1 from ${payments} as recent where recent.order_id = ${orders.id} and recent.created_at >= ${olderThan.toISOString()})`,
      ),
    );
  return rows.map((row) => row.orderId);
}
