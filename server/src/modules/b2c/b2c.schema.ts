import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * B2C Management's rows as the screen lists them, one per person: each live account (its own orders plus those
 * placed without an account under its email) and each guest email no live account has. Kept by triggers on
 * customers and shopper_order_totals (migration 0041), so a page is an index walk, not a union of every shopper
 * sorted on each visit. Rebuilt by those triggers, so exports leave it out.
 */
export const b2cShoppers = pgTable(
  'b2c_shoppers',
  {
    /** The account's id, or a guest's lower-cased email. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['active', 'suspended', 'guest'] }).notNull(),
    joined: timestamp('joined', { withTimezone: true, mode: 'date' }),
    invited: boolean('invited').notNull(),
    orders: integer('orders').notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true, mode: 'date' }),
    /** The list's order: most recent activity first (the last order, or the day the account was opened). */
    activityAt: timestamp('activity_at', { withTimezone: true, mode: 'date' }).generatedAlwaysAs(
      sql`greatest(last_order_at, joined)`,
    ),
  },
  (t) => [
    index('b2c_shoppers_activity_idx').on(t.activityAt.desc().nullsLast(), t.id),
    index('b2c_shoppers_status_idx').on(t.status, t.activityAt.desc().nullsLast(), t.id),
    check('b2c_shoppers_status', sql`${t.status} in ('active', 'suspended', 'guest')`),
  ],
);

/**
 * B2C Management's shopper cards (how many shoppers of each status), kept as changes: statement triggers on
 * b2c_shoppers add one row per status a statement moved (migration 0048), and a read adds them up, folding them
 * into one row per status once they pile up (db/appended-counts.ts). Appended rather than updated in place, so
 * shoppers created together (guest checkouts) never wait on one another's counter row. Rebuilt with b2c_shoppers,
 * so exports leave it out.
 */
export const b2cShopperCounts = pgTable('b2c_shopper_counts', {
  status: text('status', { enum: ['active', 'suspended', 'guest'] }).notNull(),
  n: integer('n').notNull(),
});
