import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { stores } from '../../db/stores.schema.ts';
import { actorType } from '../activity/activity.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { products } from '../products/products.schema.ts';
import { admins } from '../security/security.schema.ts';

// The orders module writes orders and their lines, and the refunds module refunds, but payments, forwarding,
// refunds, disputes, returns, campaigns and the vendor ledger point at them, and orders and refunds sit above
// several of those. So these tables live here, below them all, as the order's statuses do.

export const orderChannel = pgEnum('order_channel', ['b2c', 'd2c', 'b2b']);
export const orderStatus = pgEnum('order_status', [
  'Placed',
  'Pending',
  'Confirmed',
  'Processing',
  'Shipped',
  'Delivered',
  'Completed',
  'Cancelled',
  'Failed',
]);
export const refundStatus = pgEnum('refund_status', ['Pending', 'Completed']);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The id people see, `ORD-...`. */
    orderNumber: text('order_number').notNull().unique('orders_order_number_unique'),
    /** Null for orders staff placed for someone without an account. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    channel: orderChannel('channel').notNull().default('b2c'),
    status: orderStatus('status').notNull().default('Placed'),
    currency: text('currency').notNull().default('USD'),
    itemsMinor: bigint('items_minor', { mode: 'number' }).notNull(),
    shippingMinor: bigint('shipping_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Credit Card, PayPal, Bank Transfer (storefront); Cash, Offline, Credit Card (manual orders). */
    paymentMethod: text('payment_method').notNull(),
    paymentRef: text('payment_ref'),
    /** The payment method's own fee (cash on delivery), part of the total. */
    paymentFeeMinor: bigint('payment_fee_minor', { mode: 'number' }).notNull().default(0),
    /** Import duty by the ship-to country's duty rule, part of the total; 0 where none is due, and its name. */
    dutyMinor: bigint('duty_minor', { mode: 'number' }).notNull().default(0),
    dutyLabel: text('duty_label'),
    /** Cash on delivery: when the cash was collected and by whom (`courier` on delivery, or `staff`). */
    codCollectedAt: timestamp('cod_collected_at', { withTimezone: true }),
    codCollectedBy: text('cod_collected_by', { enum: ['courier', 'staff'] }),
    /** What the courier handed over to the store for this order, when, and the remittance's reference. */
    codRemittedMinor: bigint('cod_remitted_minor', { mode: 'number' }),
    codRemittedAt: timestamp('cod_remitted_at', { withTimezone: true }),
    codRemittanceRef: text('cod_remittance_ref'),
    // The checkout form's address (spec 3 §3).
    shipFullName: text('ship_full_name'),
    shipAddress: text('ship_address').notNull(),
    shipCity: text('ship_city').notNull().default(''),
    shipProvince: text('ship_province'),
    shipPostalCode: text('ship_postal_code').notNull().default(''),
    /** Ship-to country, ISO 3166-1 alpha-2. */
    shipCountry: text('ship_country').notNull(),
    shipMobileNo: text('ship_mobile_no'),
    shipPhoneCountry: text('ship_phone_country'),
    /** The receiver's tax number where customs want one (Brazil's CPF); the supplier is refused without it. */
    shipTaxNumber: text('ship_tax_number'),
    logisticsServiceName: text('logistics_service_name'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** The ship-to country's tax the order was priced with: its rate (1000 = 10%), whether prices included it, its name. */
    taxBasisPoints: integer('tax_basis_points').notNull().default(1000),
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    taxLabel: text('tax_label').notNull().default('Tax'),
    /** Units of `currency` per 1 USD when the order was priced; reports convert with it, not today's rate. */
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull().default('1'),
    /** Percent off the items for manual orders (0 to 100). */
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Why the order was cancelled or failed. */
    reason: text('reason'),
    notes: text('notes'),
    /** Staff member who placed a manual order. */
    placedByAdminId: uuid('placed_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** Cancelled or failed orders staff removed from the lists; kept for the books. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The coupon code applied at checkout (its discount is `discountMinor`). */
    couponCode: text('coupon_code'),
    campaignId: uuid('campaign_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_channel_idx').on(t.channel),
    check(
      'orders_amounts_nonnegative',
      sql`${t.itemsMinor} >= 0 AND ${t.shippingMinor} >= 0 AND ${t.taxMinor} >= 0 AND ${t.totalMinor} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Kept when the product is later deleted: the order still shows what was bought. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    skuId: text('sku_id'),
    name: text('name').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    position: integer('position').notNull().default(0),
    /** The store that sold the line when the order was placed; a vendor fulfils and ships its own lines. */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** The supplier delivery service the line ships with (its code and name) and the fee charged for it. */
    deliveryCode: text('delivery_code'),
    deliveryCompany: text('delivery_company'),
    deliveryFeeMinor: bigint('delivery_fee_minor', { mode: 'number' }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_store_idx').on(t.storeId),
    index('order_items_product_idx').on(t.productId),
    // "Customers also bought": a product's orders, then those orders' other products, from the indexes alone.
    index('order_items_product_order_idx').on(t.productId, t.orderId),
    index('order_items_order_product_idx').on(t.orderId, t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull(),
    /** A staff member's name, the shopper's name, or `system`. */
    by: text('by').notNull(),
    actorType: actorType('actor_type').notNull().default('system'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.at),
    index('order_status_history_at_idx').on(t.at),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as `RF-000123`. */
    number: bigserial('number', { mode: 'number' }).notNull().unique('refunds_number_unique'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** In the order's currency. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: refundStatus('status').notNull().default('Pending'),
    reason: text('reason').notNull(),
    createdBy: text('created_by').notNull(),
    processedBy: text('processed_by'),
    gatewayRef: text('gateway_ref'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_at_idx').on(t.createdAt),
    check('refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
