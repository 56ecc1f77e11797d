import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { customers } from '../customers/customers.schema.ts';
import { products } from '../products/products.schema.ts';

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

/**
 * A picture the reviewing buyer added to their review (at most five). The bytes live in the media store under
 * `storedName`; the review's moderation covers them: a hidden review's photos are shown to nobody but staff.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    storedName: text('stored_name').notNull().unique('review_photos_stored_name_unique'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId, t.createdAt)],
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
