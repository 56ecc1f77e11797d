import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { stores } from '../../db/stores.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { products } from '../products/products.schema.ts';

export const messageSender = pgEnum('message_sender', ['vendor', 'customer', 'staff']);

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
