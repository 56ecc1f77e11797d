import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// Only PostgreSQL has several instances migrating one database; the embedded database has one process.
describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  it('are applied once when three instances start together', async () => {
    const name = `shop_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    const handles = Array.from({ length: 3 }, () => createPostgresDatabase(url.toString(), { max: 2 }));
    try {
      const results = await Promise.allSettled(handles.map((handle) => handle.migrate()));
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      await check.end();
      expect(applied.rows.length).toBeGreaterThan(0);
      expect(applied.rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
