import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { stores } from '../../db/stores.schema.ts';

// Coupon redemptions are the orders module's (orders.schema.ts): checkout writes them.

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
