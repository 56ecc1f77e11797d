import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const activityOutcome = pgEnum('activity_outcome', ['success', 'failed', 'warning']);
/** Who did something: also used by sessions and the order status history. */
export const actorType = pgEnum('actor_type', ['admin', 'customer', 'vendor', 'system']);

export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorType: actorType('actor_type').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    outcome: activityOutcome('outcome').notNull().default('success'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at),
    index('activity_log_actor_idx').on(t.actorId, t.at),
    index('activity_log_action_idx').on(t.action),
    // The staff screen reads only staff entries: its newest-first pages, its filters and the walks that list its
    // filter choices (activity.list.repository.ts) each have an index holding just those.
    // Ascending: read backwards it gives `at desc, id desc` (a DESC index here would sort nulls last and not match).
    index('activity_log_staff_at_idx').on(t.at, t.id).where(sql`${t.actorType} = 'admin'`),
    index('activity_log_staff_actor_idx').on(t.actorId, t.at).where(sql`${t.actorType} = 'admin'`),
    index('activity_log_staff_action_idx').on(t.action, t.at).where(sql`${t.actorType} = 'admin'`),
    // A status's page is a walk down its own entries and its count an index-only scan, not a pass over the log.
    index('activity_log_staff_outcome_idx').on(t.outcome, t.at, t.id).where(sql`${t.actorType} = 'admin'`),
    // A search finds the few staff names and emails holding its text by skipping through these, then their
    // entries by equality (activity.list.repository.ts).
    index('activity_log_staff_name_idx').on(t.actorName).where(sql`${t.actorType} = 'admin'`),
    index('activity_log_staff_email_idx').on(t.actorEmail).where(sql`${t.actorType} = 'admin'`),
    // The search's trigram indexes (target, details as text), staff only, are created in SQL by migration 0046, as
    // the orders' are by 0024; 0056 replaced those of the name and email with the two above.
  ],
);

/**
 * How many entries each kind of actor has, kept as changes: statement triggers on activity_log append a row per
 * actor type a statement moved (migration 0049), and the log's unfiltered count adds them up
 * (db/appended-counts.ts), where counting the staff's entries read each of them (314 ms a page at a million).
 */
export const activityCounts = pgTable('activity_counts', {
  actorType: actorType('actor_type').notNull(),
  n: integer('n').notNull(),
});
