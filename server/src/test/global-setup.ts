import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteDatabase } from '../db/client.ts';
import { seedDemoData } from '../db/seed/seed-demo-data.ts';
import { TEST_PUBLIC_URL } from './test-config.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** Files holding PGlite data folders (tar) to start test databases from; empty on PostgreSQL runs. */
    pgliteTemplates: { migrated: string; seeded: string } | null;
  }
}

/**
 * Creating a PGlite database and migrating it takes seconds; loading a saved copy takes well under one.
 * So the migrated and the seeded databases are built once here and every test file loads a copy.
 */
export async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplates', null);
    return () => {};
  }
  const folder = mkdtempSync(join(tmpdir(), 'shop-server-tests-'));
  const handle = createPgliteDatabase();
  await handle.migrate();
  const pglite = handle.client;
  const migrated = join(folder, 'migrated.tar');
  writeFileSync(migrated, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await seedDemoData(handle.db, { publicUrl: TEST_PUBLIC_URL });
  const seeded = join(folder, 'seeded.tar');
  writeFileSync(seeded, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await handle.close();

  project.provide('pgliteTemplates', { migrated, seeded });
  return () => rmSync(folder, { recursive: true, force: true });
}
