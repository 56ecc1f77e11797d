import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { orders } from '../order-lifecycle/order-lifecycle.schema.ts';

export const paymentState = pgEnum('payment_state', [
  'pending',
  'paid',
  'failed',
  'refunded',
  'partially_refunded',
]);

/**
 * Money a provider took or was asked to take. A charge is written before the order commits, so a charge whose
 * order never came to be (and whose refund failed) stays visible on the Payments screen as a mismatch.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The order number the provider was given as the charge's reference. */
    reference: text('reference').notNull(),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    state: paymentState('state').notNull().default('pending'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_created_at_idx').on(t.createdAt),
    unique('payments_provider_ref_unique').on(t.provider, t.providerRef),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** Each provider event (webhook, IPN) once: a repeat of an event id is acknowledged and not applied again. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_events_provider_event_unique').on(t.provider, t.eventId)],
);
