import { pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { stores } from '../../db/stores.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { products } from '../products/products.schema.ts';

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
