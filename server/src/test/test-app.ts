import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  type Database,
  type DatabaseHandle,
  PGLITE_EXTENSIONS,
} from '../db/client.ts';
import type { HostedPaymentProvider } from '../modules/payments/hosted.types.ts';
import { databaseUrl } from './global-setup.ts';
import { testConfig } from './test-config.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL database's address (another instance can open it too); null on PGlite. */
  url: string | null;
  /** Closes the database and, on PostgreSQL, drops it. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite copied from the template the global setup
 * built, or, when TEST_DATABASE_URL is set, a new database on that PostgreSQL server copied from its template.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresTestDatabase(serverUrl, options.seed ?? false);

  const templates = inject('pgliteTemplates');
  if (!templates) throw new Error('the global setup built no PGlite template');
  const tarball = readFileSync(options.seed ? templates.seeded : templates.migrated);
  const client = new PGlite({ loadDataDir: new Blob([tarball]), extensions: PGLITE_EXTENSIONS });
  const handle = createPgliteDatabase({ client });
  return { handle, url: null, drop: () => handle.close() };
}

async function createPostgresTestDatabase(serverUrl: string, seed: boolean): Promise<TestDatabase> {
  const templates = inject('postgresTemplates');
  if (!templates) throw new Error('the global setup built no PostgreSQL template');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${seed ? templates.seeded : templates.migrated}"`);
  const url = databaseUrl(serverUrl, name);
  const handle = createPostgresDatabase(url, { max: 4 });
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Start from the demo data (the accounts of docs/conventions.md, catalogue, orders, ...). */
  seed?: boolean;
  config?: Partial<AppConfig>;
  /** Runs before the app is ready, e.g. to add a route only a test needs. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Hosted payment providers instead of those the configuration names. */
  hostedPayments?: HostedPaymentProvider[];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const database = await createTestDatabase({ seed: options.seed ?? false });
  const app = await buildApp({
    config,
    db: database.handle,
    ...(options.hostedPayments ? { hostedPayments: options.hostedPayments } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database: database.handle,
    db: database.handle.db,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
