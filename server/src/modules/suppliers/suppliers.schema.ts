import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { orders } from '../order-lifecycle/order-lifecycle.schema.ts';
import { products } from '../products/products.schema.ts';

export const supplierRole = pgEnum('supplier_role', ['primary', 'backup']);

/**
 * Which marketplace SKU supplies one of our variants. Without a row, a variant is supplied by the product's own
 * marketplace item and SKU (as imported). A `primary` row replaces that; a `backup` row is the one staff (or the
 * product's default decision) switch to when the primary fails. `shipToCountry` set: the row applies to orders
 * shipping to that country only, and wins over the row for every country.
 */
export const variantSuppliers = pgTable(
  'variant_suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Our variant: `product_skus.sku_id` of the product. */
    skuId: text('sku_id').notNull(),
    role: supplierRole('role').notNull(),
    /** ISO 3166-1 alpha-2; null for every country. */
    shipToCountry: text('ship_to_country'),
    aeProductId: text('ae_product_id').notNull(),
    aeSkuId: text('ae_sku_id').notNull(),
    aeSkuAttr: text('ae_sku_attr').notNull().default(''),
    /** The marketplace seller (AliExpress store) that ships it: one supplier parcel per seller. */
    supplierId: text('supplier_id'),
    supplierName: text('supplier_name'),
    /** What the supplier last asked, in its currency's minor units; null before the first check. */
    costMinor: integer('cost_minor'),
    costCurrency: text('cost_currency'),
    stock: integer('stock'),
    /** Countries the supplier last said it delivers to (of the ones asked about). */
    deliversTo: text('delivers_to').array().notNull().default(sql`'{}'::text[]`),
    /** When the marketplace link lapses (AliExpress item links expire after months); null when unknown. */
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('variant_suppliers_one_per_role').on(
      t.productId,
      t.skuId,
      t.role,
      sql`coalesce(${t.shipToCountry}, '')`,
    ),
    index('variant_suppliers_ae_idx').on(t.aeProductId, t.aeSkuId),
  ],
);

/** What the store does when a variant's supplier fails, unless staff decide otherwise on the alert. */
export const supplierFailureAction = pgEnum('supplier_failure_action', [
  'ask',
  'switch_to_backup',
  'hide_variant',
  'zero_stock',
]);

/** Per product: the default decision on a supplier failure, and whether paid orders forward on their own. */
export const productSupplierSettings = pgTable('product_supplier_settings', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  onFailure: supplierFailureAction('on_failure').notNull().default('ask'),
  /** null follows the store-wide switch. */
  autoForward: boolean('auto_forward'),
  /** Alert when the supplier's stock falls below this many units. */
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  /**
   * The least margin over the supplier's cost (percent of the cost, as Pricing Rules' minimum margin) our price may
   * keep before it is an alert and a supplier order is stopped; null follows the store's minimum margin.
   */
  marginFloorPercent: integer('margin_floor_percent'),
  updatedAt: updatedAt(),
});

export const dropshipAlertStatus = pgEnum('dropship_alert_status', ['open', 'resolved', 'dismissed']);

/**
 * Something in the supply chain that needs a decision: a supplier out of stock or too dear, a SKU gone, delivery
 * to a country stopped, a link about to lapse, a parcel without tracking or news. One open alert per `dedupeKey`,
 * so a check that runs every few minutes does not raise the same alert twice.
 */
export const dropshipAlerts = pgTable(
  'dropship_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. `supplier.low_stock`, `supplier.cost_above_floor`, `supplier.sku_gone`, `supplier.no_delivery`,
     * `supplier.link_expiring`, `parcel.no_tracking`, `parcel.no_update`, `parcel.late`. */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    skuId: text('sku_id'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    parcelId: uuid('parcel_id'),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: dropshipAlertStatus('status').notNull().default('open'),
    /** What was done: `switch_to_backup`, `hide_variant`, `zero_stock`, `dismissed`, `cleared` (fixed itself). */
    resolution: text('resolution'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dropship_alerts_open_once').on(t.dedupeKey).where(sql`${t.status} = 'open'`),
    index('dropship_alerts_status_idx').on(t.status, t.createdAt),
    index('dropship_alerts_product_idx').on(t.productId),
  ],
);
