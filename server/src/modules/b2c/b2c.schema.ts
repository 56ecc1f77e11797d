import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each shopper's orders, counted as they are written (triggers on orders, migration 0029), so B2C Management pages
 * its shoppers without grouping every order on every page. An account's orders are keyed by its id; orders placed
 * without an account by their lower-cased email (a live account with that email takes them over when listed).
 * Rebuilt from orders by the triggers, so exports leave it out (backups.snapshot.ts).
 */
export const shopperOrderTotals = pgTable(
  'shopper_order_totals',
  {
    kind: text('kind', { enum: ['account', 'guest'] }).notNull(),
    key: text('key').notNull(),
    orders: integer('orders').notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true, mode: 'date' }),
    /** A guest's name as their latest order gives it. */
    lastName: text('last_name'),
  },
  (t) => [
    primaryKey({ name: 'shopper_order_totals_pk', columns: [t.kind, t.key] }),
    check('shopper_order_totals_kind', sql`${t.kind} in ('account', 'guest')`),
  ],
);
