import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { coupons } from '../campaigns/campaigns.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { orders } from '../order-lifecycle/order-lifecycle.schema.ts';
import { products } from '../products/products.schema.ts';

/**
 * A signed-in shopper's cart as the server keeps it: one row per shopper, whose `version` grows with every change,
 * so each recovery email goes at most once per version of the cart.
 */
export const carts = pgTable(
  'carts',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    /** The last change of its lines: the reminders count from here. */
    updatedAt: updatedAt(),
    /** The cart version the first (one hour) and the second (one day) reminder went out for. */
    firstReminderVersion: integer('first_reminder_version'),
    secondReminderVersion: integer('second_reminder_version'),
    /** When the shopper last opened a reminder's link; an order placed within a week counts as recovered. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('carts_updated_at_idx').on(t.updatedAt)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => carts.customerId, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: text('sku_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The delivery service the shopper chose on the product page, sent with the order. */
    logisticsServiceName: text('logistics_service_name'),
    /** Where the line stands in the shopper's cart, as the device last sent it. */
    position: integer('position').notNull().default(0),
    addedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('cart_lines_customer_product_sku_unique').on(t.customerId, t.productId, t.skuId)],
);

/** Orders placed within a week of the shopper opening a cart reminder's link. */
export const recoveredOrders = pgTable(
  'recovered_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    restoredAt: timestamp('restored_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('recovered_orders_created_at_idx').on(t.createdAt)],
);

/** Cart recovery as staff set it (one row, id 1): whether reminders go out, and the coupon the second one offers. */
export const cartRecoverySettings = pgTable('cart_recovery_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(true),
  couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
