import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';
import { orders, refunds } from '../order-lifecycle/order-lifecycle.schema.ts';
import { admins } from '../security/security.schema.ts';

export const returnRequestStatus = pgEnum('return_request_status', [
  'Requested',
  'Approved',
  'Rejected',
  'Refunded',
]);
export const returnRequestKind = pgEnum('return_request_kind', ['return', 'refund']);

/** A shopper's request to return a delivered order or have it refunded; staff decide it from the refunds screen. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: returnRequestKind('kind').notNull(),
    reason: text('reason').notNull(),
    status: returnRequestStatus('status').notNull().default('Requested'),
    /** Staff's answer to the shopper when deciding. */
    note: text('note'),
    decidedByAdminId: uuid('decided_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.createdAt),
  ],
);
