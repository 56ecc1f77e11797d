import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const siteVisits = pgTable(
  'site_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id').notNull(),
    path: text('path').notNull(),
    country: text('country'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_visits_at_idx').on(t.at), index('site_visits_visitor_idx').on(t.visitorId, t.at)],
);
