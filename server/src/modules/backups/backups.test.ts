import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { activityLog, backups, orders, products, shopperOrderTotals } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm } from '../../test/multipart.ts';
import { bearer, demoAdminToken, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { startS3 } from '../../test/shared-services.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { scheduledBackupJob } from './backups.jobs.ts';
import { keepUploadedBackup, restoreBackup } from './backups.repository.ts';
import { NOT_BACKED_UP, readExport, SCHEMA_VERSION, streamSnapshot } from './backups.snapshot.ts';
import { EXPORTS_FOLDER, exportStore, localExportStore } from './backups.store.ts';

/** An export of the database as bytes, the way a downloaded file holds it. */
async function takeSnapshot(db: Database) {
  const taken = await streamSnapshot(db, (gzipped) => buffer(gzipped));
  return { bytes: taken.result, rowCount: taken.rowCount };
}

/** The export files kept in a data folder. */
const storedFiles = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, EXPORTS_FOLDER));
  } catch {
    return [];
  }
};

interface BackupBody {
  id: string;
  createdAt: string;
  trigger: string;
  createdBy: string;
  schemaVersion: string;
  sizeBytes: number;
  rowCount: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A digest of every backed-up table's rows, to compare two databases. */
async function digest(db: Database): Promise<Record<string, string>> {
  const result = await db.execute(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  // The API's request counter goes on counting every request, whenever it writes: not a figure to compare.
  const tables = rowsOf<{ name: string }>(result)
    .map((row) => row.name)
    .filter((n) => !NOT_BACKED_UP.includes(n) && n !== 'api_daily_counts');
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const answer = await db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text)), '') as d from "${table}" t`,
      ),
    );
    digests[table] = String(rowsOf<{ d: string }>(answer)[0]?.d);
  }
  return digests;
}

function rewrite(bytes: Buffer, change: (document: Record<string, unknown>) => void): Buffer {
  const document = JSON.parse(gunzipSync(bytes).toString('utf8')) as Record<string, unknown>;
  change(document);
  return gzipSync(JSON.stringify(document));
}

describe('Backup & Restore', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null = admin,
    payload?: object,
  ) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  it('lets only staff with the settings permission near the backups', async () => {
    const shopper = (await registerShopper(t.app)).token;
    const withoutSettings = await limitedStaffToken(t.app, t.db, ['products', 'orders', 'reports']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const operations: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', '/api/backups/schedule'],
      ['PUT', '/api/backups/schedule', { retention: 3 }],
      ['DELETE', `/api/backups/${unknown}`],
      ['GET', `/api/backups/${unknown}/download`],
      ['POST', `/api/backups/${unknown}/restore`],
    ];
    for (const [method, url, body] of operations) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await call(method, url, shopper, body)).statusCode, `${method} ${url} as a shopper`).toBe(403);
      expect(
        (await call(method, url, withoutSettings, body)).statusCode,
        `${method} ${url} without settings`,
      ).toBe(403);
    }
    expect(await t.db.select().from(backups)).toEqual([]);
  });

  it('creates a real backup, lists it and hands it out as a file', async () => {
    const created = await call('POST', '/api/backups');
    expect(created.statusCode).toBe(201);
    assertMatchesContract('createBackup', created);
    const backup = created.json<{ message: string; data: BackupBody }>();
    expect(backup.message).toBe('Backup created!');
    expect(backup.data).toMatchObject({
      trigger: 'Manual',
      createdBy: 'Store Admin',
      schemaVersion: SCHEMA_VERSION,
    });
    expect(backup.data.rowCount).toBeGreaterThan(50);

    const listed = await call('GET', '/api/backups');
    assertMatchesContract('listBackups', listed);
    expect(listed.json<{ data: BackupBody[] }>().data[0]).toEqual(backup.data);

    const file = await call('GET', `/api/backups/${backup.data.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="shop-export-\d{4}-\d{2}-\d{2}-\d{4}\.json\.gz"$/,
    );
    expect(file.rawPayload.length).toBe(backup.data.sizeBytes);

    // The file is in the uploads store's place, not in the database, and no public route serves it.
    const [row] = await t.db.select().from(backups).where(eq(backups.id, backup.data.id));
    expect(row?.data).toBeNull();
    expect(row?.storageKey).toMatch(/^exports\/[0-9a-f-]{36}\.json\.gz$/);
    expect(storedFiles(t.config.dataDir)).toEqual([row?.storageKey?.slice('exports/'.length)]);
    for (const url of [
      `/media/uploads/${row?.storageKey}`,
      `/media/uploads/../${row?.storageKey}`,
      `/media/uploads/%2e%2e/${row?.storageKey}`,
      `/${row?.storageKey}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const document = JSON.parse(gunzipSync(file.rawPayload).toString('utf8'));
    expect(document).toMatchObject({
      format: 'shop-backup',
      formatVersion: 1,
      schemaVersion: SCHEMA_VERSION,
    });
    const [productCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(document.tables.products).toHaveLength(productCount?.n ?? -1);
    expect(Object.keys(document.tables)).not.toContain('sessions');
    expect(Object.keys(document.tables)).not.toContain('backups');
    expect(Object.keys(document.sequences)).toContain('order_number_seq');

    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'backup.create'));
    expect(logged).toHaveLength(1);
  });

  it('restores a deleted product and every order as they were, and keeps staff signed in', async () => {
    const totals = () =>
      t.db.select().from(shopperOrderTotals).orderBy(shopperOrderTotals.kind, shopperOrderTotals.key);
    const before = await digest(t.db);
    const totalsBefore = await totals();
    const backup = (await call('POST', '/api/backups')).json<{ data: BackupBody }>().data;
    const [victim] = await t.db.select().from(products).limit(1);
    if (!victim) throw new Error('the demo catalogue is empty');
    expect((await call('DELETE', `/api/product/${victim.id}`)).statusCode).toBe(200);
    await t.db.update(orders).set({ notes: 'changed after the backup' });

    const restored = await call('POST', `/api/backups/${backup.id}/restore`);
    expect(restored.statusCode).toBe(200);
    assertMatchesContract('restoreBackup', restored);
    expect(restored.json().message).toMatch(
      /^The store was restored from the export of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );

    const after = await digest(t.db);
    // The activity log also holds the entries written since the backup (its creation and the restore itself).
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed).toEqual(['activity_log']);
    // The shoppers' order counts, emptied with the orders, are counted again as they come back.
    expect(await totals()).toEqual(totalsBefore);
    const [back] = await t.db.select().from(products).where(eq(products.id, victim.id));
    expect(back?.title).toBe(victim.title);
    const actions = (await t.db.select({ action: activityLog.action }).from(activityLog)).map(
      (row) => row.action,
    );
    expect(actions).toContain('backup.restore');
    expect(actions).not.toContain('product.delete');

    // Sessions were kept: the same token goes on working, and the backups are all still there.
    expect(
      (await call('GET', '/api/backups')).json<{ data: BackupBody[] }>().data.length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file that is not a backup, or none, and a backup of another version', async () => {
    const spooled = () => readdirSync(tmpdir()).filter((name) => name.startsWith('shop-upload-'));
    const spooledBefore = spooled();
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/backups/upload',
      headers: {
        ...bearer(admin),
        ...multipartForm({ name: 'empty.gz', type: 'application/gzip', bytes: Buffer.alloc(0) }).headers,
      },
      payload: multipartForm({ name: 'empty.gz', type: 'application/gzip', bytes: Buffer.alloc(0) }).payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a file to import.');

    const upload = (bytes: Buffer) => {
      const form = multipartForm({ name: 'store.json.gz', type: 'application/gzip', bytes });
      return t.app.inject({
        method: 'POST',
        url: '/api/backups/upload',
        headers: { ...bearer(admin), ...form.headers },
        payload: form.payload,
      });
    };
    const filesBefore = storedFiles(t.config.dataDir);
    const good = await takeSnapshot(t.db);
    const text = gunzipSync(good.bytes).toString('utf8');
    for (const bad of [
      Buffer.from('MZ this is a program, not a backup'),
      gzipSync('{"format":"shop-backup"'),
      gzipSync('[1, 2, 3]'),
      gzipSync(text.replace('"tables":{', '"tables":{"products":{"a":1},')),
      gzipSync(text.replace('"tables":{', '"tables":{"products":[1],')),
      good.bytes.subarray(0, good.bytes.length - 100),
    ]) {
      const junk = await upload(bad);
      expect(junk.statusCode).toBe(422);
      assertMatchesContract('uploadBackup', junk);
      expect(junk.json().message).toBe('This file is not an export of this store.');
    }

    const older = rewrite(good.bytes, (document) => {
      document.schemaVersion = '0003_old_store';
    });
    const refused = await upload(older);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This export was made by another version of the store (0003_old_store); this store is at ${SCHEMA_VERSION}. Only an export of the same version can be restored.`,
    );
    // A refused file is not kept in the store.
    expect(storedFiles(t.config.dataDir)).toEqual(filesBefore);

    // One kept from before an upgrade is refused at restore, changing nothing.
    const before = await digest(t.db);
    const [stale] = await t.db
      .insert(backups)
      .values({
        trigger: 'Manual',
        createdBy: 'x',
        schemaVersion: '0003_old_store',
        sizeBytes: older.length,
        rowCount: 1,
        data: older,
      })
      .returning();
    const restore = await call('POST', `/api/backups/${stale?.id}/restore`);
    expect(restore.statusCode).toBe(409);
    expect(await digest(t.db)).toEqual(before);

    const accepted = await upload(good.bytes);
    expect(accepted.statusCode).toBe(201);
    assertMatchesContract('uploadBackup', accepted);
    const uploaded = accepted.json<{ data: BackupBody }>().data;
    expect(uploaded).toMatchObject({ trigger: 'Uploaded', rowCount: good.rowCount });
    expect(storedFiles(t.config.dataDir)).toHaveLength(filesBefore.length + 1);
    const back = await call('GET', `/api/backups/${uploaded.id}/download`);
    expect(Buffer.compare(back.rawPayload, good.bytes)).toBe(0);
    // Each upload arrived on disk, not in memory, in a folder of its own that went once the answer was sent.
    await vi.waitFor(() => expect(spooled()).toEqual(spooledBefore));
  });

  it('still downloads and restores an export kept in the database before exports moved to the store', async () => {
    const before = await digest(t.db);
    const { bytes, rowCount } = await takeSnapshot(t.db);
    const [old] = await t.db
      .insert(backups)
      .values({
        trigger: 'Manual',
        createdBy: 'Store Admin',
        schemaVersion: SCHEMA_VERSION,
        sizeBytes: bytes.length,
        rowCount,
        data: bytes,
      })
      .returning();
    const file = await call('GET', `/api/backups/${old?.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);

    await t.db.update(orders).set({ notes: 'changed after the old export' });
    expect((await call('POST', `/api/backups/${old?.id}/restore`)).statusCode).toBe(200);
    const after = await digest(t.db);
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual(['activity_log']);
  });

  it('keeps the nightly schedule and its retention', async () => {
    const schedule = await call('GET', '/api/backups/schedule');
    assertMatchesContract('getBackupSchedule', schedule);
    expect(schedule.json().data).toEqual({ enabled: true, retention: 7 });
    for (const bad of [{ retention: 0 }, { retention: 91 }, { retention: 2.5 }, {}, { enabled: 'yes' }]) {
      expect((await call('PUT', '/api/backups/schedule', admin, bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    const saved = await call('PUT', '/api/backups/schedule', admin, { retention: 2 });
    expect(saved.statusCode).toBe(200);
    assertMatchesContract('updateBackupSchedule', saved);
    expect(saved.json().data).toEqual({ enabled: true, retention: 2 });

    const job = scheduledBackupJob({ db: t.db, store: exportStore(t.config) });
    for (let i = 0; i < 3; i++) await job.run({});
    const kept = await t.db.select().from(backups);
    expect(kept.filter((row) => row.trigger === 'Scheduled')).toHaveLength(2);
    expect(kept.filter((row) => row.trigger === 'Manual').length).toBeGreaterThanOrEqual(2);
    // The files of the exports that went are gone too: the store holds exactly the kept exports' files.
    const keys = kept.flatMap((row) => (row.storageKey ? [row.storageKey.slice('exports/'.length)] : []));
    expect(storedFiles(t.config.dataDir).toSorted()).toEqual(keys.toSorted());

    await call('PUT', '/api/backups/schedule', admin, { enabled: false });
    expect(await job.run({})).toEqual({ skipped: true });
  });

  it('deletes a backup', async () => {
    const backup = (await call('POST', '/api/backups')).json<{ data: BackupBody }>().data;
    const [row] = await t.db.select().from(backups).where(eq(backups.id, backup.id));
    const name = row?.storageKey?.slice('exports/'.length);
    expect(storedFiles(t.config.dataDir)).toContain(name);
    const deleted = await call('DELETE', `/api/backups/${backup.id}`);
    expect(deleted.statusCode).toBe(200);
    assertMatchesContract('deleteBackup', deleted);
    expect(storedFiles(t.config.dataDir)).not.toContain(name);
    expect((await call('DELETE', `/api/backups/${backup.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/backups/${backup.id}/download`)).statusCode).toBe(404);
    expect((await call('GET', '/api/backups/not-a-uuid/download')).statusCode).toBe(400);
  });
});

describe('a backup restored into a fresh database', () => {
  it('finds every order, product and account as it was', async () => {
    const source = await createTestDatabase({ seed: true });
    const target = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-exports-'));
    try {
      const snapshot = await takeSnapshot(source.handle.db);
      const store = localExportStore(dataDir);
      const kept = await keepUploadedBackup(target.handle.db, store, Readable.from([snapshot.bytes]), 'test');
      expect(kept.rowCount).toBe(snapshot.rowCount);
      await restoreBackup(target.handle.db, Readable.from([snapshot.bytes]));
      expect(await digest(target.handle.db)).toEqual(await digest(source.handle.db));
      // The shoppers' order counts, left out of the file, are counted again from the restored orders.
      const totals = (db: Database) =>
        db.select().from(shopperOrderTotals).orderBy(shopperOrderTotals.kind, shopperOrderTotals.key);
      expect((await totals(target.handle.db)).length).toBeGreaterThan(0);
      expect(await totals(target.handle.db)).toEqual(await totals(source.handle.db));
      // Sequences carry on from where the source was: the next order number is not one already used.
      const next = await target.handle.db.execute(sql`select nextval('order_number_seq')::int as n`);
      const current = await source.handle.db.execute(sql`select last_value::int as n from order_number_seq`);
      expect(rowsOf<{ n: number }>(next)[0]?.n).toBe((rowsOf<{ n: number }>(current)[0]?.n ?? 0) + 1);
    } finally {
      await source.drop();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads a file laid out otherwise: indented, tables in another order, in small pieces', async () => {
    const source = await createTestDatabase({ seed: true });
    const target = await createTestDatabase();
    try {
      const snapshot = await takeSnapshot(source.handle.db);
      const reordered = rewrite(snapshot.bytes, (document) => {
        const tables = document.tables as Record<string, unknown[]>;
        document.tables = Object.fromEntries(Object.entries(tables).reverse());
      });
      const indented = gzipSync(JSON.stringify(JSON.parse(gunzipSync(reordered).toString('utf8')), null, 2));
      // A few compressed bytes at a time, so the text arrives in small pieces cut anywhere: in rows, strings, escapes.
      const pieces = Array.from({ length: Math.ceil(indented.length / 29) }, (_, i) =>
        indented.subarray(i * 29, i * 29 + 29),
      );
      const seen: Record<string, number> = {};
      const contents = await readExport(Readable.from(pieces), async (table, texts) => {
        seen[table] = (seen[table] ?? 0) + texts.length;
      });
      expect(contents.rowCount).toBe(snapshot.rowCount);
      expect(contents.head.schemaVersion).toBe(SCHEMA_VERSION);
      const [productCount] = await source.handle.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(seen.products).toBe(productCount?.n);

      await restoreBackup(target.handle.db, Readable.from(pieces));
      expect(await digest(target.handle.db)).toEqual(await digest(source.handle.db));
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});

describe('exports kept in S3 object storage', () => {
  it('are written under a private key, downloaded, restored and removed there', async () => {
    const s3 = await startS3();
    const t = await createTestApp({ seed: true, config: { s3: s3.settings } });
    const client = new S3Client({
      region: s3.settings.region,
      endpoint: s3.settings.endpoint ?? undefined,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }))).Contents ?? []).map(
        (object) => object.Key,
      );
    try {
      const admin = await demoAdminToken(t.app);
      const created = await t.app.inject({ method: 'POST', url: '/api/backups', headers: bearer(admin) });
      expect(created.statusCode).toBe(201);
      const backup = created.json<{ data: BackupBody }>().data;
      const [row] = await t.db.select().from(backups).where(eq(backups.id, backup.id));
      expect(row?.data).toBeNull();
      expect(await keys()).toEqual([row?.storageKey]);
      expect(storedFiles(t.config.dataDir)).toEqual([]);
      // The public media route serves uploads only.
      const name = row?.storageKey?.slice('exports/'.length);
      for (const url of [`/media/uploads/${name}`, `/media/uploads/${row?.storageKey}`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }

      const file = await t.app.inject({
        method: 'GET',
        url: `/api/backups/${backup.id}/download`,
        headers: bearer(admin),
      });
      expect(file.rawPayload.length).toBe(backup.sizeBytes);
      expect(JSON.parse(gunzipSync(file.rawPayload).toString('utf8')).format).toBe('shop-backup');
      const restored = await t.app.inject({
        method: 'POST',
        url: `/api/backups/${backup.id}/restore`,
        headers: bearer(admin),
      });
      expect(restored.statusCode, restored.body).toBe(200);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/backups/${backup.id}`,
        headers: bearer(admin),
      });
      expect(deleted.statusCode).toBe(200);
      expect(await keys()).toEqual([]);
    } finally {
      client.destroy();
      await t.close();
      await s3.stop();
    }
  });
});
