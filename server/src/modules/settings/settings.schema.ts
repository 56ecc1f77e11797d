import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

/** Tax of one ship-to country (System Settings): basis points (2100 = 21%), whether shown prices include it, its name. */
export interface TaxRuleSetting {
  country: string;
  basisPoints: number;
  inclusive: boolean;
  label: string;
}

/**
 * Import duty of one ship-to country (System Settings): basis points of the dutiable value, the goods value in USD
 * minor units under which none is due, whether delivery is dutiable too, and the name the shopper sees.
 */
export interface DutyRuleSetting {
  country: string;
  basisPoints: number;
  deMinimisUsdMinor: number;
  basis: 'goods' | 'goods_and_delivery';
  label: string;
}

export type RoundingRule = 'none' | 'whole' | 'end_99' | 'end_9';

export interface PriceRoundingSetting {
  currency: string;
  rule: RoundingRule;
}

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
    /** Import duty per ship-to country; countries not listed pay none. */
    dutyRules: jsonb('duty_rules').$type<DutyRuleSetting[]>().notNull().default(sql`'[]'::jsonb`),
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
    // AliExpress Forwarding: paid orders go to the suppliers on their own after a fraud-review delay, when on.
    autoForwardOrders: boolean('auto_forward_orders').notNull().default(false),
    autoForwardDelayMinutes: integer('auto_forward_delay_minutes').notNull().default(60),
    /** Parcels in transit are asked about this often. */
    trackingSyncMinutes: integer('tracking_sync_minutes').notNull().default(15),
    updatedAt: updatedAt(),
  },
  (t) => [check('store_settings_single_row', sql`${t.id} = 1`)],
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
