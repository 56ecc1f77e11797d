import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPgliteDatabase, createPostgresDatabase, PGLITE_EXTENSIONS } from '../db/client.ts';
import { seedDemoData } from '../db/seed/seed-demo-data.ts';
import { TEST_DATA_ROOT, TEST_PUBLIC_URL } from './test-config.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** Files holding PGlite data folders (tar) to start test databases from; empty on PostgreSQL runs. */
    pgliteTemplates: { migrated: string; seeded: string } | null;
    /** Names of the databases on TEST_DATABASE_URL's server that test databases are copied from. */
    postgresTemplates: { migrated: string; seeded: string } | null;
  }
}

/**
 * Creating a database and migrating (and seeding) it takes seconds; copying a finished one takes well under one.
 * So the migrated and the seeded databases are built once here and every test file starts from a copy: a PGlite
 * data folder it loads, or on PostgreSQL a `CREATE DATABASE … TEMPLATE` of one of two template databases.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The apps' data folders (test-config.ts) go in one folder per run, removed at its end: tests that build an app
  // of their own need not remove theirs.
  const dataRoot = mkdtempSync(join(tmpdir(), 'shop-server-run-'));
  process.env[TEST_DATA_ROOT] = dataRoot;
  const removeDataRoot = () => rmSync(dataRoot, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplates', null);
    const { templates, remove } = await createPostgresTemplates(serverUrl);
    project.provide('postgresTemplates', templates);
    return async () => {
      await remove();
      removeDataRoot();
    };
  }
  project.provide('postgresTemplates', null);
  // scripts/test.sh builds them while the type checks and the linters run, so this run only reads them.
  const prebuilt = process.env[PREBUILT_PGLITE_TEMPLATES];
  if (prebuilt) {
    const templates = pgliteTemplatesIn(prebuilt);
    if (!Object.values(templates).every((file) => existsSync(file)))
      throw new Error(`${PREBUILT_PGLITE_TEMPLATES}=${prebuilt} holds no PGlite templates`);
    project.provide('pgliteTemplates', templates);
    return async () => removeDataRoot();
  }
  const folder = mkdtempSync(join(tmpdir(), 'shop-server-tests-'));
  project.provide('pgliteTemplates', await buildPgliteTemplates(folder));
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    removeDataRoot();
  };
}

/** Names a folder holding PGlite templates built ahead of the run (build-pglite-templates.ts). */
export const PREBUILT_PGLITE_TEMPLATES = 'SHOP_PGLITE_TEMPLATES';

const pgliteTemplatesIn = (folder: string) => ({
  migrated: join(folder, 'migrated.tar'),
  seeded: join(folder, 'seeded.tar'),
});

/** Writes the migrated and the seeded PGlite data folders (tar) into `folder`. */
export async function buildPgliteTemplates(folder: string): Promise<{ migrated: string; seeded: string }> {
  // Every test file unpacks one of these folders, so they are kept small: write-ahead log segments of 1 MB instead
  // of 16, and a checkpoint before each copy (45 and 48 MB to 36 and 39 MB; a test database starts sooner).
  const handle = createPgliteDatabase({
    client: new PGlite({ extensions: PGLITE_EXTENSIONS, initDbStartParams: ['--wal-segsize=1'] }),
  });
  await handle.migrate();
  const pglite = handle.client;
  // Written under another name and renamed, so a file of that name is always whole.
  const dump = async (file: string) => {
    await pglite.exec('checkpoint');
    writeFileSync(`${file}.part`, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    renameSync(`${file}.part`, file);
  };
  const templates = pgliteTemplatesIn(folder);
  await dump(templates.migrated);
  await seedDemoData(handle.db, { publicUrl: TEST_PUBLIC_URL });
  await dump(templates.seeded);
  await handle.close();
  return templates;
}

async function createPostgresTemplates(serverUrl: string) {
  // A random suffix: several runs may share one server (a developer's TEST_DATABASE_URL).
  const suffix = randomBytes(4).toString('hex');
  const templates = {
    migrated: `shop_template_${suffix}_migrated`,
    seeded: `shop_template_${suffix}_seeded`,
  };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const remove = async () => {
    for (const name of Object.values(templates))
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE "${templates.migrated}"`);
    const migrated = createPostgresDatabase(databaseUrl(serverUrl, templates.migrated), { max: 2 });
    await migrated.migrate();
    await migrated.close();
    // A copy can only be made while nobody is connected to the source, so every connection is closed here.
    await admin.query(`CREATE DATABASE "${templates.seeded}" TEMPLATE "${templates.migrated}"`);
    const seeded = createPostgresDatabase(databaseUrl(serverUrl, templates.seeded), { max: 2 });
    await seedDemoData(seeded.db, { publicUrl: TEST_PUBLIC_URL });
    await seeded.close();
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

/** The address of database `name` on the server `serverUrl` names. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
