import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

// Manual Override Logs (price_override_logs) are beside products in products.schema.ts: they point at products.

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

/**
 * Currencies whose rate moved since their products' price sort keys (products.price_usd_minor) were last worked
 * out. A rate write only adds its code here (a trigger, drizzle/0047); price-sort-keys.ts reworks the products in
 * short batches after the write commits, so a rate change never holds a currency's products locked at once.
 */
export const priceSortStaleCurrencies = pgTable('price_sort_stale_currencies', {
  code: text('code').primaryKey(),
  /** Moves on each rate write, so a pass that began before it leaves the mark for another. */
  markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A ship-to country's price rule (Country-wise Pricing): a percent or a fixed USD amount added (or taken off). */
export const countryPricing = pgTable('country_pricing', {
  country: text('country').primaryKey(),
  adjustmentType: text('adjustment_type', { enum: ['percentage', 'fixed'] }).notNull(),
  value: numeric('value', { precision: 12, scale: 2 }).notNull(),
  updatedAt: updatedAt(),
});
