import { bigint, index, pgSequence, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { campaigns, coupons } from '../campaigns/campaigns.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { orders } from '../order-lifecycle/order-lifecycle.schema.ts';

// The orders table itself is in order-lifecycle.schema.ts: the modules below orders point at it.

/** Order numbers come from here: no scan of the orders table, no per-day lock. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

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
