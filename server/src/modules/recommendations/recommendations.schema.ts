import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from '../customers/customers.schema.ts';
import { products } from '../products/products.schema.ts';

/** The products a signed-in shopper looked at, one row per product, capped at the newest few per shopper. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index('recently_viewed_customer_idx').on(t.customerId, t.viewedAt),
  ],
);
