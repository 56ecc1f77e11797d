import {
  bigint,
  bigserial,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const siteVisits = pgTable(
  'site_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id').notNull(),
    path: text('path').notNull(),
    country: text('country'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // With the visitor, a day's visitors are counted from the index alone.
    index('site_visits_at_idx').on(t.at, t.visitorId),
    index('site_visits_visitor_idx').on(t.visitorId, t.at),
  ],
);

/**
 * The dashboard's and Analytics' figures of each finished UTC day, so a month or a year of them is a few hundred
 * rows rather than every order. `metric`: paid (sum of paid orders' totals by paid day, per stored rate), placed
 * (orders by created day: key `all` or `shoppers`), channel and country (orders by created day, per key), units
 * (items of paid orders not cancelled or failed, by paid day, per product), refund (by refund day, per rate),
 * visitors and pageviews, and for the staff order list's stat cards order_count (orders) and order_net (paid
 * orders' totals less refunds, per rate), by created day, keyed `<archived 0/1>|<status>|<channel>`. Written only
 * by stats.summing.ts, for days in summary_dirty_days.
 */
export const daySummaries = pgTable(
  'day_summaries',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull().default('1'),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'day_summaries_pk', columns: [t.day, t.metric, t.key, t.rate] }),
    // A figure reads one metric over a span of days; by day first, a year of sales would walk every product's
    // units of that year too. Every column is in it, so the read never visits the table, where one metric's days
    // lie scattered among the products' units (a year of paid sales read 600 pages for 1,825 rows).
    index('day_summaries_metric_day_idx').on(t.metric, t.day, t.key, t.rate, t.value),
  ],
);

/**
 * Days whose orders, refunds or visits changed since they were summed (kept by triggers, drizzle/0038): summed
 * again when a figure of theirs is next read. Marking a day that is already marked takes no lock, so checkouts do
 * not wait on each other here.
 */
export const summaryDirtyDays = pgTable('summary_dirty_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

/**
 * Today's finished hours summed as day_summaries sums days (the same metrics and keys, but visitors, who count once
 * a day): the dashboard, Analytics and the order list's stat cards read today from these and only the current hour
 * from the orders, so a visit late in a busy day does not read the whole day's orders. Hours before today are left
 * to the days' sums and dropped when next summed. Written only by stats.summing.ts, for hours in
 * summary_dirty_hours.
 */
export const hourSummaries = pgTable(
  'hour_summaries',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull().default('1'),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  // A figure reads one metric over today's hours.
  (t) => [primaryKey({ name: 'hour_summaries_pk', columns: [t.metric, t.hour, t.key, t.rate] })],
);

/** Hours (UTC, at their start) whose orders, refunds or visits changed since summed, marked with their days. */
export const summaryDirtyHours = pgTable('summary_dirty_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
});

/**
 * One row counting how often the days' sums were summed again (refreshSummaries): what is worked out from finished
 * days alone (the month's units per product, say) holds while it stays the same.
 */
export const summaryGeneration = pgTable('summary_generation', {
  id: smallint('id').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
});
