import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Outgoing calls to the marketplace and the courier (Courier Integration & API Logs). */
export const apiCallLogs = pgTable(
  'api_call_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    service: text('service', { enum: ['marketplace', 'courier', 'rates'] }).notNull(),
    call: text('call').notNull(),
    outcome: text('outcome', { enum: ['success', 'error'] }).notNull(),
    message: text('message').notNull(),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_call_logs_at_idx').on(t.at), index('api_call_logs_service_idx').on(t.service, t.at)],
);
