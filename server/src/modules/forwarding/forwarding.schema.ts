import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { orders } from '../order-lifecycle/order-lifecycle.schema.ts';

export const forwardingStatus = pgEnum('forwarding_status', ['Pending', 'Forwarded', 'Shipped', 'Failed']);

/** An order's marketplace items placed with the supplier (AliExpress Order Forwarding). */
export const orderForwardings = pgTable(
  'order_forwardings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique('order_forwardings_order_unique')
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: forwardingStatus('status').notNull().default('Pending'),
    aeOrderId: text('ae_order_id'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    attempts: integer('attempts').notNull().default(0),
    syncLog: jsonb('sync_log')
      .$type<Array<{ time: string; type: 'success' | 'error'; message: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_forwardings_status_idx').on(t.status, t.updatedAt)],
);
