import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Money is always integer minor units (cents) in the row's currency; the API turns it into decimals.

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---- Enumerations (values as the contract spells them) -------------------------------------------------------

export const adminRole = pgEnum('admin_role', ['SuperAdmin', 'Manager', 'Support', 'Editor', 'Viewer']);
export const adminStatus = pgEnum('admin_status', ['Active', 'Suspended', 'Pending']);
/** A vendor store is `pending` from its application until staff approve (`active`) or refuse it. */
export const storeStatus = pgEnum('store_status', ['active', 'pending', 'rejected', 'suspended']);
/** Where a store's goods come from: a marketplace seller, a vendor selling through us, or a factory shipping direct (D2C). */
export const storeKind = pgEnum('store_kind', ['marketplace', 'vendor', 'factory']);
export const productSource = pgEnum('product_source', ['aliexpress', 'manual', 'vendor']);
export const productStatus = pgEnum('product_status', ['published', 'draft', 'out_of_stock', 'disabled']);
/** A vendor's new or changed product waits for staff before shoppers see it; staff and imports are approved. */
export const productApproval = pgEnum('product_approval', ['approved', 'pending', 'rejected']);
export const messageSender = pgEnum('message_sender', ['vendor', 'customer', 'staff']);
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
export const refundStatus = pgEnum('refund_status', ['Pending', 'Completed']);
export const forwardingStatus = pgEnum('forwarding_status', ['Pending', 'Forwarded', 'Shipped', 'Failed']);
export const customerStatus = pgEnum('customer_status', ['Active', 'Inactive']);
export const severity = pgEnum('severity', ['high', 'medium', 'low']);
export const activityOutcome = pgEnum('activity_outcome', ['success', 'failed', 'warning']);
export const actorType = pgEnum('actor_type', ['admin', 'customer', 'vendor', 'system']);

export const ADMIN_PERMISSIONS = [
  'dashboard',
  'products',
  'orders',
  'users',
  'admins',
  'reports',
  'settings',
  'disputes',
  'refunds',
  'analytics',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

// ---- Accounts ------------------------------------------------------------------------------------------------

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased; look-ups use the same form. */
    email: text('email').notNull().unique('admins_email_unique'),
    phone: text('phone'),
    department: text('department'),
    passwordHash: text('password_hash').notNull(),
    role: adminRole('role').notNull(),
    permissions: text('permissions').array().$type<AdminPermission[]>().notNull().default(sql`'{}'::text[]`),
    status: adminStatus('status').notNull().default('Active'),
    /** Copied into every token as `tv`; bumping it ends all older tokens. */
    tokenVersion: integer('token_version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** When the password was last set: the expiry policy counts from here. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by staff or the expiry policy: the next sign-in must choose a new password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The TOTP secret once enrolment is confirmed; the pending one while it is not. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** Hashes of the unused recovery codes. */
    recoveryCodes: text('recovery_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The 30-second step of the last accepted authenticator code: a code of that step or older is refused. */
    twoFactorLastStep: integer('two_factor_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('admins_created_at_idx').on(t.createdAt)],
);

/** Each staff role's default permissions; staff with the admins permission change them. */
export const roles = pgTable('roles', {
  name: adminRole('name').primaryKey(),
  permissions: text('permissions').array().$type<AdminPermission[]>().notNull().default(sql`'{}'::text[]`),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique('customers_username_unique'),
    /** Stored trimmed and lower-cased; look-ups use the same form. */
    email: text('email').notNull().unique('customers_email_unique'),
    /** Unique when present: it is one of the three sign-in identifiers. */
    phone: text('phone').unique('customers_phone_unique'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name').notNull(),
    address: text('address'),
    passwordHash: text('password_hash').notNull(),
    /** False for an account made by an outside sign-in (Google, ...): nobody knows its password. */
    hasPassword: boolean('has_password').notNull().default(true),
    tokenVersion: integer('token_version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Inactive accounts cannot sign in and their tokens stop working. */
    status: customerStatus('status').notNull().default('Active'),
    /** Set when the account is deleted: personal data is anonymised, orders stay for the books. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hash of the one-time token of an invitation to set a password, and when it expires. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    /** The storefront settings (language, currency, country, theme, notifications) kept with the account. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** A business account sees B2B prices when the store's B2B mode is on. */
    isBusiness: boolean('is_business').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customers_created_at_idx').on(t.createdAt)],
);

// ---- Catalogue -----------------------------------------------------------------------------------------------

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  country: text('country'),
  description: text('description'),
  logoUrl: text('logo_url'),
  /** The marketplace's store id for stores imported products come from. */
  marketplaceStoreId: text('marketplace_store_id').unique('stores_marketplace_store_id_unique'),
  status: storeStatus('status').notNull().default('active'),
  kind: storeKind('kind').notNull().default('vendor'),
  /** A store is also the vendor account that signs in to the vendor panel. */
  tokenVersion: integer('token_version').notNull().default(1),
  /** Set for vendors who applied to sell; marketplace and factory stores have no sign-in. */
  passwordHash: text('password_hash'),
  address: text('address'),
  /** Why staff rejected the application (shown to the applicant when signing in). */
  reviewNote: text('review_note'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  /** The store's commission on this vendor's sales (1000 = 10%); null takes System Settings' default. */
  commissionBasisPoints: integer('commission_basis_points'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The marketplace's item id for imported products, the product code otherwise. */
    productId: text('product_id').notNull(),
    source: productSource('source').notNull(),
    status: productStatus('status').notNull().default('draft'),
    approval: productApproval('approval').notNull().default('approved'),
    /** Why staff rejected a vendor's product. */
    approvalNote: text('approval_note'),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    descriptionHtml: text('description_html').notNull().default(''),
    categoryId: integer('category_id'),
    currency: text('currency').notNull().default('USD'),
    /** Lowest sale price over the SKUs (kept in step with product_skus for sorting and cards). */
    priceMinor: integer('price_minor').notNull().default(0),
    originalPriceMinor: integer('original_price_minor'),
    /** Stock over all SKUs. */
    stock: integer('stock').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The Brand Name property (null when unbranded), for the brand filter. */
    brand: text('brand'),
    /** Storefront categories (modules/products/products.categories.ts), for the category filter. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** The editor's pictures with name, size, default flag and order (imports only have `images`). */
    media: jsonb('media').$type<ProductMediaRecord[]>().notNull().default(sql`'[]'::jsonb`),
    videoUrl: text('video_url'),
    seo: jsonb('seo').$type<ProductSeoRecord>().notNull().default(sql`'{"index": true}'::jsonb`),
    labels: jsonb('labels').$type<ProductLabelsRecord>().notNull().default(sql`'{}'::jsonb`),
    /** The marketplace record as JSON text; old rows may hold text that does not parse, so it is not jsonb. */
    logText: text('log_text').notNull().default(''),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** SKU ids and tags joined by spaces, kept by the application: generated columns cannot read arrays or other tables. */
    searchTerms: text('search_terms').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, coalesce(${products.title}, '') || ' ' || coalesce(${products.productId}, '') || ' ' || ${products.id}::text || ' ' || coalesce(${products.searchTerms}, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the marketplace was last asked about it (auto-sync takes those asked longest ago first). */
    supplierSyncedAt: timestamp('supplier_synced_at', { withTimezone: true }),
  },
  (t) => [
    unique('products_source_product_id_unique').on(t.source, t.productId),
    index('products_status_idx').on(t.status),
    // Only the few products waiting for staff are looked up by approval.
    index('products_approval_idx').on(t.approval).where(sql`${t.approval} <> 'approved'`),
    index('products_source_idx').on(t.source),
    index('products_created_at_idx').on(t.createdAt),
    index('products_price_idx').on(t.priceMinor),
    index('products_store_idx').on(t.storeId),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_product_id_idx').on(t.productId),
    index('products_categories_idx').using('gin', t.categories),
    index('products_brand_idx').on(sql`lower(${t.brand})`),
    check('products_price_nonnegative', sql`${t.priceMinor} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export interface ProductMediaRecord {
  url: string;
  name: string;
  size: number;
  isDefault: boolean;
  order: number;
}

/** Tax of one ship-to country (System Settings): basis points (2100 = 21%), whether shown prices include it, its name. */
export interface TaxRuleSetting {
  country: string;
  basisPoints: number;
  inclusive: boolean;
  label: string;
}

export type RoundingRule = 'none' | 'whole' | 'end_99' | 'end_9';

export interface PriceRoundingSetting {
  currency: string;
  rule: RoundingRule;
}

export interface ProductSeoRecord {
  metaTitle?: string;
  metaDescription?: string;
  slug?: string;
  focusKeyword?: string;
  index?: boolean;
}

export interface ProductLabelsRecord {
  tags?: string[];
  mainCategory?: string;
  subcategory?: string;
  labelName?: string;
  labelColor?: string;
  flashSaleAt?: string | null;
}

export interface SkuPropertyRecord {
  sku_property_id: number;
  sku_property_name: string;
  sku_property_value: string;
  property_value_id: number;
  property_value_definition_name?: string;
  sku_image?: string;
}

export const productSkus = pgTable(
  'product_skus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: text('sku_id').notNull(),
    skuAttr: text('sku_attr').notNull().default(''),
    /** What the shopper pays (offer_sale_price). */
    salePriceMinor: integer('sale_price_minor').notNull(),
    /** The list price (sku_price). */
    priceMinor: integer('price_minor').notNull(),
    bulkSalePriceMinor: integer('bulk_sale_price_minor'),
    stock: integer('stock').notNull().default(0),
    bulkOrder: integer('bulk_order').notNull().default(0),
    priceIncludeTax: boolean('price_include_tax').notNull().default(false),
    limitStrategy: text('limit_strategy').notNull().default('create_order_fail'),
    image: text('image'),
    properties: jsonb('properties').$type<SkuPropertyRecord[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
    /** The supplier's offer price at the last import or sync (marketplace products), in the product's currency. */
    supplierPriceMinor: integer('supplier_price_minor'),
    /** Staff set this SKU's price by hand (logged): repricing from the pricing rules leaves it be. */
    priceOverridden: boolean('price_overridden').notNull().default(false),
  },
  (t) => [
    unique('product_skus_product_sku_unique').on(t.productId, t.skuId),
    index('product_skus_sku_id_idx').on(t.skuId),
    check('product_skus_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_skus_prices_nonnegative', sql`${t.salePriceMinor} >= 0 AND ${t.priceMinor} >= 0`),
  ],
);

export const productProperties = pgTable(
  'product_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attrName: text('attr_name').notNull(),
    attrValue: text('attr_value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_properties_product_idx').on(t.productId, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    helpful: integer('helpful').notNull().default(0),
    unhelpful: integer('unhelpful').notNull().default(0),
    /** Staff hid it from the product page; it no longer counts towards the rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_customer_idx').on(t.customerId),
    // One review per product per shopper; imported reviews have no customer and are not bound by it.
    unique('reviews_product_customer_unique').on(t.productId, t.customerId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** One helpful or unhelpful vote per shopper per review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.customerId] })],
);

// ---- Shopper lists -------------------------------------------------------------------------------------------

export const wishlistEntries = pgTable(
  'wishlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('wishlist_entries_customer_product_unique').on(t.customerId, t.productId)],
);

export const storeFollows = pgTable(
  'store_follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('store_follows_customer_store_unique').on(t.customerId, t.storeId)],
);

// ---- Orders --------------------------------------------------------------------------------------------------

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

// ---- Disputes ------------------------------------------------------------------------------------------------

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

// ---- Settings and operations ---------------------------------------------------------------------------------

export const currencyRates = pgTable(
  'currency_rates',
  {
    code: text('code').primaryKey(),
    /** Units of this currency per 1 USD. numeric keeps the exact figure; it reads back as a string. */
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    symbol: text('symbol').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('currency_rates_rate_positive', sql`${t.rate} > 0`)],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorType: actorType('actor_type').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    outcome: activityOutcome('outcome').notNull().default('success'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at),
    index('activity_log_actor_idx').on(t.actorId, t.at),
    index('activity_log_action_idx').on(t.action),
  ],
);

/** A signed-in session (a device): tokens carry its id as `sid`, so revoking it ends that token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorType: actorType('actor_type').notNull(),
    accountId: uuid('account_id').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.actorType, t.accountId, t.lastUsedAt)],
);

/** The store's security settings: one row (id 1). */
export const securitySettings = pgTable('security_settings', {
  id: integer('id').primaryKey().default(1),
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  requireUppercase: boolean('require_uppercase').notNull().default(true),
  requireLowercase: boolean('require_lowercase').notNull().default(true),
  requireNumbers: boolean('require_numbers').notNull().default(true),
  requireSpecial: boolean('require_special').notNull().default(true),
  requireMinLength: boolean('require_min_length').notNull().default(true),
  /** 0 to 365; 0 means passwords never expire. */
  passwordExpiryDays: integer('password_expiry_days').notNull().default(90),
  ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
  alertFailedLogin: boolean('alert_failed_login').notNull().default(true),
  alertNewDevice: boolean('alert_new_device').notNull().default(true),
  alertPasswordChange: boolean('alert_password_change').notNull().default(true),
  alertAdminAction: boolean('alert_admin_action').notNull().default(false),
  updatedAt: updatedAt(),
});

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    /** The staff member's email, or the identifier typed at a failed sign-in. */
    user: text('user').notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    ip: text('ip'),
    severity: severity('severity').notNull().default('low'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_at_idx').on(t.at)],
);

/** Messages the store sends (welcome, invitation, security alerts): kept here, and sent by SMTP when configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** Delivery tries so far; the sender gives up after a few and keeps the last error. */
    attempts: integer('attempts').notNull().default(0),
    /** A sender has taken the message until then; another instance leaves it alone meanwhile. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt)],
);

export const apiDailyCounts = pgTable('api_daily_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/** One row per failed sign-in; counted per identifier and address so the limit holds across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
);

/**
 * An account that reached its failed sign-in ceiling over all addresses: refused until `lockedUntil`, or until the
 * owner follows the emailed unlock link (only its hash is kept).
 */
export const accountLocks = pgTable(
  'account_locks',
  {
    scope: text('scope', { enum: ['staff', 'customer', 'vendor'] }).notNull(),
    accountId: uuid('account_id').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    unlockTokenHash: text('unlock_token_hash').notNull().unique('account_locks_unlock_token_hash_unique'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.accountId] })],
);

/** One staff sign-in step handed out (two-factor code, new password): used at most once, with few tries. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    /** The challenge token's id (jti). */
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** Codes tried on it, from any address. */
    tries: integer('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_expires_at_idx').on(t.expiresAt)],
);

/** Sign-ins through an outside provider (Google, Facebook, Apple): the provider's subject is bound to one account. */
export const customerIdentities = pgTable(
  'customer_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('customer_identities_customer_idx').on(t.customerId),
  ],
);

/**
 * A one-time code an outside sign-in hands the storefront in its address instead of the token: exchanged once for
 * a token within a minute. Only its SHA-256 is kept, so a database read does not yield a usable code.
 */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_codes_expires_at_idx').on(t.expiresAt)],
);

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

/** Order numbers come from here: no scan of the orders table, no per-day lock. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

/**
 * The first answer to a creating request sent with an `Idempotency-Key`, so a retry answers it again.
 * `scope` is the caller and operation; `requestHash` detects a key reused with another body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    /** The attempt holding the key; a claim left without an answer past its lease is taken over. */
    leaseToken: uuid('lease_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** What the key created (`order:<id>`), written in the same transaction as the creation. */
    resource: text('resource'),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

export const siteVisits = pgTable(
  'site_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id').notNull(),
    path: text('path').notNull(),
    country: text('country'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_visits_at_idx').on(t.at), index('site_visits_visitor_idx').on(t.visitorId, t.at)],
);

/** The store's own settings (one row, id 1): what checkout charges and what the store calls itself. */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    storeName: text('store_name').notNull().default('Shop'),
    contactEmail: text('contact_email').notNull().default('support@example.com'),
    contactPhone: text('contact_phone').notNull().default(''),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    defaultShipTo: text('default_ship_to').notNull().default('BD'),
    /** Tax on the items total in hundredths of a percent (1000 = 10%). */
    taxBasisPoints: integer('tax_basis_points').notNull().default(1000),
    /** Shipping is free when the items total is above this (USD minor units). */
    freeShippingAboveUsdMinor: bigint('free_shipping_above_usd_minor', { mode: 'number' })
      .notNull()
      .default(10000),
    /** Shipping otherwise (USD minor units, converted into the order's currency). */
    flatShippingUsdMinor: bigint('flat_shipping_usd_minor', { mode: 'number' }).notNull().default(1000),
    /** A backup is taken every night (Backup & Restore), keeping the newest `backupRetention` of them. */
    backupScheduleEnabled: boolean('backup_schedule_enabled').notNull().default(true),
    backupRetention: integer('backup_retention').notNull().default(7),
    /** Imported products are refreshed from the marketplace this often when on (AliExpress Integration). */
    marketplaceSyncEnabled: boolean('marketplace_sync_enabled').notNull().default(false),
    marketplaceSyncFrequency: text('marketplace_sync_frequency', { enum: ['hourly', 'daily', 'weekly'] })
      .notNull()
      .default('daily'),
    marketplaceLastSyncAt: timestamp('marketplace_last_sync_at', { withTimezone: true }),
    /** A supplier price further than this from the store's price raises a dashboard alert. */
    priceDriftPercent: integer('price_drift_percent').notNull().default(10),
    /** Media links start with this address instead of the API's own when the CDN is on (File & Media Manager). */
    mediaCdnEnabled: boolean('media_cdn_enabled').notNull().default(false),
    mediaCdnBaseUrl: text('media_cdn_base_url'),
    /** The courier tracking service (Courier Integration): its address and API key, the key sealed by lib/secret-box. */
    courierEndpoint: text('courier_endpoint'),
    courierApiKeySealed: text('courier_api_key_sealed'),
    // Pricing & Profit Management: how an imported product's price is made from its supplier cost.
    markupType: text('markup_type', { enum: ['percentage', 'fixed'] })
      .notNull()
      .default('percentage'),
    /** Percent, or USD for a fixed markup. */
    markupValue: numeric('markup_value', { precision: 12, scale: 2 }).notNull().default('10'),
    /** Never sell an imported product below its cost plus this percent. */
    minMarginPercent: numeric('min_margin_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Where the struck-through price comes from: the marketplace's list price, a percent above the price, or none. */
    compareAtMode: text('compare_at_mode', { enum: ['marketplace', 'percent', 'off'] })
      .notNull()
      .default('marketplace'),
    compareAtPercent: integer('compare_at_percent').notNull().default(20),
    /** Business accounts pay the B2B price: this percent off, when the switch is on. */
    b2bEnabled: boolean('b2b_enabled').notNull().default(false),
    b2bDiscountPercent: numeric('b2b_discount_percent', { precision: 5, scale: 2 }).notNull().default('10'),
    currencyMode: text('currency_mode', { enum: ['auto', 'manual'] })
      .notNull()
      .default('auto'),
    // Marketing & Content: what storefront pages use when a page has none of its own.
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    /** Known analytics identifiers only (never script): Google Analytics 4 and Meta Pixel. */
    analyticsGa4Id: text('analytics_ga4_id'),
    analyticsMetaPixelId: text('analytics_meta_pixel_id'),
    // Delivery: the store's flat/threshold rule, or each supplier service's fee (with a markup).
    deliveryPolicy: text('delivery_policy', { enum: ['store_rule', 'supplier'] })
      .notNull()
      .default('store_rule'),
    supplierShippingMarkupBasisPoints: integer('supplier_shipping_markup_basis_points').notNull().default(0),
    /** Whether the free-shipping threshold also makes supplier delivery free. */
    supplierFreeShipping: boolean('supplier_free_shipping').notNull().default(true),
    /** Tax per ship-to country; other countries pay `taxBasisPoints`, added at checkout. */
    taxRules: jsonb('tax_rules').$type<TaxRuleSetting[]>().notNull().default(sql`'[]'::jsonb`),
    /** Rounding of shown prices per currency; a currency not listed is not rounded. */
    priceRounding: jsonb('price_rounding')
      .$type<PriceRoundingSetting[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Cash on delivery: offered to these ship-to countries, with a fee and a largest order (USD minor; null: none).
    codEnabled: boolean('cod_enabled').notNull().default(false),
    codCountries: jsonb('cod_countries').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    codFeeUsdMinor: bigint('cod_fee_usd_minor', { mode: 'number' }).notNull().default(0),
    codMaxOrderUsdMinor: bigint('cod_max_order_usd_minor', { mode: 'number' }),
    /** The store's commission on vendors' sales unless a vendor's store has its own (1000 = 10%). */
    vendorCommissionBasisPoints: integer('vendor_commission_basis_points').notNull().default(1000),
    updatedAt: updatedAt(),
  },
  (t) => [check('store_settings_single_row', sql`${t.id} = 1`)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Reports staff generate on Analytics & Reports: a CSV file over a date range, kept for downloading. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', {
      enum: ['sales-by-day', 'sales-by-product', 'sales-by-country', 'refunds', 'disputes'],
    }).notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['Ready', 'Failed'] }).notNull(),
    rowCount: integer('row_count').notNull().default(0),
    csv: text('csv').notNull().default(''),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reports_created_at_idx').on(t.createdAt)],
);

/**
 * Backups of the store's data (Backup & Restore): a gzipped JSON snapshot of every table but these, kept in the
 * database so every instance can serve and restore them. Not in any foreign key, so restoring leaves them be.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    trigger: text('trigger', { enum: ['Manual', 'Scheduled', 'Uploaded'] }).notNull(),
    createdBy: text('created_by').notNull(),
    /** The last migration applied when it was taken: only a store at that version can restore it. */
    schemaVersion: text('schema_version').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    rowCount: integer('row_count').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('backups_created_at_idx').on(t.createdAt)],
);

/** The project details staff keep on the Work Update screen (one row, id 1). */
export const projectDetails = pgTable(
  'project_details',
  {
    id: integer('id').primaryKey().default(1),
    projectName: text('project_name').notNull().default(''),
    tagline: text('tagline').notNull().default(''),
    description: text('description').notNull().default(''),
    problem: text('problem').notNull().default(''),
    solution: text('solution').notNull().default(''),
    users: text('users').notNull().default(''),
    business: text('business').notNull().default(''),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [check('project_details_single_row', sql`${t.id} = 1`)],
);

/** Folders of the File & Media Manager; the three the store starts with cannot be removed. */
export const mediaFolders = pgTable('media_folders', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique('media_folders_name_unique'),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
});

/** Every file uploaded to the store: the bytes live in the media store under `storedName`. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => mediaFolders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    storedName: text('stored_name').notNull().unique('media_files_stored_name_unique'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('media_files_folder_idx').on(t.folderId, t.createdAt)],
);

/** Outgoing calls to the marketplace and the courier (Courier Integration & API Logs). */
export const apiCallLogs = pgTable(
  'api_call_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    service: text('service', { enum: ['marketplace', 'courier', 'rates'] }).notNull(),
    call: text('call').notNull(),
    outcome: text('outcome', { enum: ['success', 'error'] }).notNull(),
    message: text('message').notNull(),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_call_logs_at_idx').on(t.at), index('api_call_logs_service_idx').on(t.service, t.at)],
);

/** A ship-to country's price rule (Country-wise Pricing): a percent or a fixed USD amount added (or taken off). */
export const countryPricing = pgTable('country_pricing', {
  country: text('country').primaryKey(),
  adjustmentType: text('adjustment_type', { enum: ['percentage', 'fixed'] }).notNull(),
  value: numeric('value', { precision: 12, scale: 2 }).notNull(),
  updatedAt: updatedAt(),
});

/** Manual Override Logs: each price set by hand on a product, and the rule's price it replaced. */
export const priceOverrideLogs = pgTable(
  'price_override_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_override_logs_at_idx').on(t.at)],
);

/** Campaigns & Discounts: a discount with its dates and rules; coupon codes belong to campaigns. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: ['percentage', 'fixed', 'free_shipping'] }).notNull(),
    /** Percent off for `percentage`; USD off for `fixed`; unused for free shipping. */
    value: numeric('value', { precision: 12, scale: 2 }).notNull().default('0'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Items total (USD minor units) an order needs. */
    minOrderUsdMinor: bigint('min_order_usd_minor', { mode: 'number' }).notNull().default(0),
    /** Only these products or storefront categories; empty means every product. */
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    usageLimitTotal: integer('usage_limit_total'),
    usageLimitPerShopper: integer('usage_limit_per_shopper'),
    /** A vendor's own campaign applies to that store's lines only (the vendor panel). */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_dates_idx').on(t.startsAt, t.endsAt)],
);

export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  /** Stored upper-cased; shoppers' codes are matched in upper case. */
  code: text('code').notNull().unique('coupons_code_unique'),
  createdAt: createdAt(),
});

/** One use of a coupon by an order; usage limits count these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique('coupon_redemptions_order_unique')
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The discount in the order's currency, and in USD for the campaign's results. */
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull(),
    discountUsdMinor: bigint('discount_usd_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_campaign_idx').on(t.campaignId, t.customerId)],
);

/** Text a storefront shows in its four languages; English is required, the others fall back to it. */
export interface LocalizedText {
  en: string;
  bn?: string;
  es?: string;
  hi?: string;
}

/** Marketing & Content's banners: the home page's hero slides and promo tiles. */
export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placement: text('placement', { enum: ['hero', 'promo'] }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    text: jsonb('text').$type<LocalizedText>().notNull().default(sql`'{"en": ""}'::jsonb`),
    imageUrl: text('image_url'),
    /** A CSS colour or gradient drawn behind the text when there is no image. */
    background: text('background'),
    link: text('link'),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_placement_idx').on(t.placement, t.position)],
);

/** The storefront's one popup (Marketing & Content), shown once per visitor every `everyDays` days. */
export const storefrontPopup = pgTable(
  'storefront_popup',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    title: jsonb('title').$type<LocalizedText>().notNull().default(sql`'{"en": ""}'::jsonb`),
    text: jsonb('text').$type<LocalizedText>().notNull().default(sql`'{"en": ""}'::jsonb`),
    imageUrl: text('image_url'),
    link: text('link'),
    everyDays: integer('every_days').notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [check('storefront_popup_single_row', sql`${t.id} = 1`)],
);

/** Blog posts written in the back office and shown on the storefront's blog. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique('blog_posts_slug_unique'),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitised HTML. */
    bodyHtml: text('body_html').notNull().default(''),
    coverUrl: text('cover_url'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.status, t.publishedAt)],
);

/**
 * The vendor panel's Message Center: a conversation between a store and a shopper (asked from a product page)
 * or between a store and staff (customer_id null). Each side's read mark gives its unread count.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    vendorReadAt: timestamp('vendor_read_at', { withTimezone: true }),
    customerReadAt: timestamp('customer_read_at', { withTimezone: true }),
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_store_idx').on(t.storeId, t.lastMessageAt),
    index('conversations_customer_idx').on(t.customerId, t.lastMessageAt),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: messageSender('sender').notNull(),
    senderName: text('sender_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

// ---- Payments -------------------------------------------------------------------------------------------------

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

// ---- Vendor earnings ------------------------------------------------------------------------------------------

export const vendorLedgerKind = pgEnum('vendor_ledger_kind', [
  'sale',
  'commission',
  'refund',
  'commission_reversal',
  'payout',
]);

/**
 * A vendor's earnings as a ledger: every change is a row, the balance is their sum. Amounts are signed USD minor
 * units (sales and reversed commission add, commission, refunds and payouts subtract); the order line's own
 * amount and currency are kept beside them for the vendor's statement.
 */
export const vendorLedger = pgTable(
  'vendor_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: vendorLedgerKind('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    orderAmountMinor: bigint('order_amount_minor', { mode: 'number' }),
    orderCurrency: text('order_currency'),
    commissionBasisPoints: integer('commission_basis_points'),
    /** A payout's bank or transfer reference. */
    reference: text('reference'),
    note: text('note'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_ledger_store_idx').on(t.storeId, t.createdAt),
    uniqueIndex('vendor_ledger_line_once')
      .on(t.orderItemId, t.kind)
      .where(sql`${t.refundId} IS NULL AND ${t.kind} IN ('sale', 'commission')`),
    uniqueIndex('vendor_ledger_refund_once')
      .on(t.refundId, t.orderItemId, t.kind)
      .where(sql`${t.refundId} IS NOT NULL`),
  ],
);
