import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { orderItems, orders } from '../order-lifecycle/order-lifecycle.schema.ts';

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

export const parcelStatus = pgEnum('parcel_status', [
  'Pending',
  'Forwarded',
  'Shipped',
  'Delivered',
  'Failed',
  'Cancelled',
]);

/** Why a supplier order failed, as dropshippers class them; each class has its own fix on the forwarding screen. */
export const forwardingFailureClass = pgEnum('forwarding_failure_class', [
  'sku_changed',
  'out_of_stock',
  'cannot_ship',
  'price_above_floor',
  'address_rejected',
  'link_expired',
  'payment_failed',
  'unreachable',
  'other',
]);

/**
 * One supplier's share of an order: the order's items that one marketplace seller ships, its supplier order,
 * tracking and status. An order of items from two sellers ships in two parcels. A reshipment (a claim resolved by
 * sending again) is a new parcel whose `reshipOf` names the one that failed.
 */
export const supplierParcels = pgTable(
  'supplier_parcels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … within the order, in the order the parcels were made: what the shopper sees as "Parcel 1". */
    number: integer('number').notNull(),
    supplierId: text('supplier_id'),
    supplierName: text('supplier_name'),
    status: parcelStatus('status').notNull().default('Pending'),
    aeOrderId: text('ae_order_id'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /** The carrier's scans, oldest first. */
    events: jsonb('events')
      .$type<Array<{ time: string; description: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    failureClass: forwardingFailureClass('failure_class'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    /** Transient failures in a row (unreachable, payment failed): how far along the retry backoff the parcel is. */
    transientFailures: integer('transient_failures').notNull().default(0),
    /** When a transient failure is tried again on its own; null when it waits for staff. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** The supplier order was placed (and paid, where the marketplace allows). */
    placedAt: timestamp('placed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The last time the carrier had news (a new scan); the silence alerts count from here. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** The last time the supplier was asked for tracking. */
    trackedAt: timestamp('tracked_at', { withTimezone: true }),
    /** The latest delivery date the product page promised for the line's service. */
    promisedBy: timestamp('promised_by', { withTimezone: true }),
    reshipOf: uuid('reship_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('supplier_parcels_order_number').on(t.orderId, t.number),
    index('supplier_parcels_status_idx').on(t.status, t.trackedAt),
  ],
);

/** Which of the order's lines (and how many of each) a parcel carries, and the supplier SKU they were ordered as. */
export const parcelItems = pgTable(
  'parcel_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => supplierParcels.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    aeProductId: text('ae_product_id').notNull(),
    aeSkuId: text('ae_sku_id').notNull(),
    aeSkuAttr: text('ae_sku_attr').notNull().default(''),
    /** `product`: the product's own marketplace SKU; `primary`/`backup`: a mapped supplier. */
    source: text('source').notNull().default('product'),
  },
  (t) => [index('parcel_items_parcel_idx').on(t.parcelId), index('parcel_items_item_idx').on(t.orderItemId)],
);
