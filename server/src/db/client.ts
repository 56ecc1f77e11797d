import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_DIR } from '../locations.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath; repositories take this (or a transaction). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The longest a single query may go unanswered (a backup of a large store is the slowest legitimate one). */
export const QUERY_TIMEOUT_MS = 30_000;

export const MIGRATIONS_FOLDER = join(SERVER_DIR, 'drizzle');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Runs SQL text as given (several statements when there are no values), for libraries bringing their own SQL. */
  execute(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/**
 * The extensions the migrations create (`CREATE EXTENSION`): PGlite can only create those it was started with, so
 * every `new PGlite` passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** A PGlite database: persisted in `dataDir`, or in memory when `dataDir` is omitted. */
export function createPgliteDatabase(
  options: { dataDir?: string; client?: PGlite } = {},
): DatabaseHandle & { client: PGlite } {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client =
    options.client ??
    new PGlite({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    client,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: (timeoutMs) => ping(db, timeoutMs),
    execute: async (text, values = []) => {
      // The extended protocol takes one statement; text without values goes through the simple one.
      if (values.length > 0)
        return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function createPostgresDatabase(
  connectionString: string,
  options: { max?: number } = {},
): DatabaseHandle {
  // A server that does not answer fails the request after 5 s instead of leaving it waiting.
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    // A query with no answer for this long (its connection lost without a word) fails as unavailable (503)
    // instead of holding the request and its pooled connection for ever.
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // A client losing its connection (the server restarted, its backend was terminated) must never end the
  // process: idle ones are reported through the pool, checked-out ones through their own 'error' event, which
  // needs a listener too. The query in flight fails (answered 503) and the pool connects afresh next time.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    releaseOnFailedBegin(client);
  });
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgresUnderLock(connectionString),
    ping: (timeoutMs) => ping(db, timeoutMs),
    execute: async (text, values = []) => {
      const result = await pool.query(text, values);
      // Several statements answer one result each; the last one is the answer.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The statement drizzle opens a transaction with (`begin`, `begin isolation level …`): lower case, one statement. */
const DRIZZLE_BEGIN = /^begin(?: [a-z ]+)?$/;

type ReleasableClient = pg.PoolClient;

/**
 * drizzle-orm (0.45.4) sends a transaction's `begin` before its try/finally: when `begin` fails (the connection
 * was cut after the pool handed it out), the client is never released, and each such failure takes one
 * connection out of the pool for good, until no request can get one. This gives the client back, with the error
 * so the pool discards it. Statements sent through `pool.query` (pg-boss's `BEGIN; …`) do not match.
 */
export function releaseOnFailedBegin(client: ReleasableClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (result instanceof Promise && typeof text === 'string' && DRIZZLE_BEGIN.test(text)) {
      return result.catch((error: unknown) => {
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    }
    return result;
  }) as typeof client.query;
}

/**
 * Applies the migrations on one connection holding a session advisory lock: instances starting together wait for
 * each other, and the ones after the first find nothing left to apply.
 */
async function migratePostgresUnderLock(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('shop:migrations'))");
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the lock, also when a migration failed.
    await client.end();
  }
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, otherwise PGlite under DATA_DIR. */
export function createDatabase(config: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  return config.databaseUrl
    ? createPostgresDatabase(config.databaseUrl)
    : createPgliteDatabase({ dataDir: join(config.dataDir, 'pglite') });
}

async function ping(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
