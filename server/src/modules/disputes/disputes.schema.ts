import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';
import { orders, refunds } from '../order-lifecycle/order-lifecycle.schema.ts';
import { admins } from '../security/security.schema.ts';

export const disputeStatus = pgEnum('dispute_status', [
  'open',
  'under_review',
  'resolved',
  'closed',
  'escalated',
]);
export const disputeCategory = pgEnum('dispute_category', [
  'order_issue',
  'delivery_problem',
  'product_quality',
  'payment_issue',
  'refund_request',
  'general_complaint',
  'appeal',
]);
export const disputePriority = pgEnum('dispute_priority', ['low', 'medium', 'high', 'urgent']);
export const resolutionAction = pgEnum('resolution_action', [
  'refund',
  'partial_refund',
  'replacement',
  'compensation',
  'no_action',
  'other',
]);
export const disputeSender = pgEnum('dispute_sender', ['user', 'admin', 'support']);

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The shopper's order the dispute is about, when the typed id matched one. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The order id as the shopper typed it. */
    orderRef: text('order_ref'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    category: disputeCategory('category').notNull().default('general_complaint'),
    priority: disputePriority('priority').notNull().default('medium'),
    status: disputeStatus('status').notNull().default('open'),
    evidence: jsonb('evidence').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    resolutionAction: resolutionAction('resolution_action'),
    resolutionAmountMinor: integer('resolution_amount_minor'),
    resolutionCurrency: text('resolution_currency'),
    resolutionNotes: text('resolution_notes'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The refund a refund or partial_refund resolution recorded on the order. */
    resolutionRefundId: uuid('resolution_refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    /** Since when the shopper has waited for support; null once staff replied, resolved or closed it. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disputes_customer_idx').on(t.customerId, t.createdAt),
    index('disputes_status_idx').on(t.status),
    index('disputes_created_at_idx').on(t.createdAt),
    index('disputes_waiting_since_idx').on(t.waitingSince),
  ],
);

export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    sender: disputeSender('sender').notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** When staff first read a shopper's message; stays null for the support side's own messages. */
    readByStaffAt: timestamp('read_by_staff_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_messages_dispute_idx').on(t.disputeId, t.createdAt),
    // The dashboard's Unread Support Messages counts these rows only.
    index('dispute_messages_unread_idx')
      .on(t.disputeId)
      .where(sql`${t.sender} = 'user' AND ${t.readByStaffAt} IS NULL`),
  ],
);

/** A shopper's uploaded evidence file; attached to at most one dispute, and only by its uploader. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    disputeId: uuid('dispute_id').references(() => disputes.id, { onDelete: 'set null' }),
    /** The random name it is stored under in the uploads folder (never the sender's). */
    fileName: text('file_name').notNull().unique('dispute_evidence_file_name_unique'),
    /** The sender's file name, cleaned, for showing back. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_evidence_customer_idx').on(t.customerId, t.createdAt),
    index('dispute_evidence_dispute_idx').on(t.disputeId),
  ],
);
