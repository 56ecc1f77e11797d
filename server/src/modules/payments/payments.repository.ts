import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

export interface ChargeRecord {
  reference: string;
  provider: string;
  method: string;
  amountMinor: number;
  currency: string;
  providerRef: string;
  now: Date;
}

/** A charge the provider confirmed for an order, written in the order's own transaction. */
export async function recordCharge(tx: Database, charge: ChargeRecord & { orderId: string }): Promise<void> {
  await tx.insert(payments).values({
    orderId: charge.orderId,
    reference: charge.reference,
    provider: charge.provider,
    method: charge.method,
    state: 'paid',
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    providerRef: charge.providerRef,
    confirmedAt: charge.now,
    createdAt: charge.now,
    updatedAt: charge.now,
  });
}

/**
 * A charge whose order never committed: `refunded` when it was paid back at once, otherwise it stays `paid` with
 * no order, which the Payments screen flags for staff.
 */
export async function recordUncommittedCharge(
  db: Database,
  charge: ChargeRecord & { refunded: boolean },
): Promise<void> {
  await db
    .insert(payments)
    .values({
      orderId: null,
      reference: charge.reference,
      provider: charge.provider,
      method: charge.method,
      state: charge.refunded ? 'refunded' : 'paid',
      amountMinor: charge.amountMinor,
      refundedMinor: charge.refunded ? charge.amountMinor : 0,
      currency: charge.currency,
      providerRef: charge.providerRef,
      confirmedAt: charge.now,
      createdAt: charge.now,
      updatedAt: charge.now,
    })
    .onConflictDoNothing();
}

/** A refund the provider paid back against one of its charges (in the refund's transaction). */
export async function recordProviderRefund(
  tx: Database,
  refund: { providerRef: string; amountMinor: number; now: Date },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      refundedMinor: sql`least(${payments.refundedMinor} + ${refund.amountMinor}, ${payments.amountMinor})`,
      state: sql`case when ${payments.refundedMinor} + ${refund.amountMinor} >= ${payments.amountMinor} then 'refunded'::payment_state else 'partially_refunded'::payment_state end`,
      updatedAt: refund.now,
    })
    .where(eq(payments.providerRef, refund.providerRef));
}
