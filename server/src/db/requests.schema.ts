import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Tables of the request layers outside the modules: server/src/http (idempotency, API counts) and server/src/auth
// (failed sign-ins), which every module's routes pass through.

export const apiDailyCounts = pgTable('api_daily_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/** One row per failed sign-in; counted per identifier and address so the limit holds across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
);

/**
 * The first answer to a creating request sent with an `Idempotency-Key`, so a retry answers it again.
 * `scope` is the caller and operation; `requestHash` detects a key reused with another body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    /** The attempt holding the key; a claim left without an answer past its lease is taken over. */
    leaseToken: uuid('lease_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** What the key created (`order:<id>`), written in the same transaction as the creation. */
    resource: text('resource'),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
