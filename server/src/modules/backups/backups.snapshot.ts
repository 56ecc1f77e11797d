import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_FOLDER, type Transaction } from '../../db/client.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const BACKUP_FORMAT = 'shop-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables a backup leaves out: the backups themselves, and what only matters while it is fresh and must not come
 * back (sign-in sessions, which could revive a revoked device; counted sign-ins; retry answers).
 */
export const NOT_BACKED_UP = ['backups', 'sessions', 'login_attempts', 'idempotency_keys'];

/** The last migration this code ships: a backup records it, and only a store at that version restores it. */
export const SCHEMA_VERSION: string = (() => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('the migration journal is empty');
  return last.tag;
})();

export class BackupRejection extends Error {}

export const NOT_A_BACKUP = 'This file is not a backup of this store.';
export const otherVersion = (version: string) =>
  `This backup was made by another version of the store (${version}); this store is at ${SCHEMA_VERSION}. Only a backup of the same version can be restored.`;

export interface Snapshot {
  bytes: Buffer;
  rowCount: number;
  schemaVersion: string;
}

interface BackupDocument {
  format: string;
  formatVersion: number;
  schemaVersion: string;
  createdAt: string;
  tables: Record<string, Record<string, unknown>[]>;
  sequences: Record<string, { value: string; isCalled: boolean }>;
}

const identifier = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

async function rows<T>(tx: Database | Transaction, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await tx.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function backedUpTables(tx: Database | Transaction): Promise<string[]> {
  const found = await rows<{ name: string }>(
    tx,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return found.map((row) => row.name).filter((name) => !NOT_BACKED_UP.includes(name));
}

async function sequenceNames(tx: Database | Transaction): Promise<string[]> {
  const found = await rows<{ name: string }>(
    tx,
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return found.map((row) => row.name);
}

/**
 * A consistent snapshot of every table (one repeatable-read transaction), as gzipped JSON: each table's rows as
 * PostgreSQL renders them (`row_to_json`), so restoring converts every value back to its exact column type.
 */
export async function takeSnapshot(db: Database, now = new Date()): Promise<Snapshot> {
  return db.transaction(
    async (tx) => {
      const parts: string[] = [];
      let rowCount = 0;
      for (const table of await backedUpTables(tx)) {
        const [row] = await rows<{ rows: string; n: number }>(
          tx,
          sql`select coalesce(json_agg(t), '[]'::json)::text as rows, count(*)::int as n from ${identifier(table)} t`,
        );
        parts.push(`${JSON.stringify(table)}:${row?.rows ?? '[]'}`);
        rowCount += row?.n ?? 0;
      }
      const sequences: BackupDocument['sequences'] = {};
      for (const name of await sequenceNames(tx)) {
        const [row] = await rows<{ value: string; is_called: boolean }>(
          tx,
          sql`select last_value::text as value, is_called from ${identifier(name)}`,
        );
        if (row) sequences[name] = { value: row.value, isCalled: row.is_called };
      }
      const head = JSON.stringify({
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        schemaVersion: SCHEMA_VERSION,
        createdAt: now.toISOString(),
        sequences,
      });
      // The tables' JSON comes from the database as text and is spliced in, not parsed and written again.
      const text = `${head.slice(0, -1)},"tables":{${parts.join(',')}}}`;
      return { bytes: await gzipAsync(text), rowCount, schemaVersion: SCHEMA_VERSION };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Reads a backup file, refusing anything that is not one, or one made by another version of the store. */
export async function readSnapshot(bytes: Buffer): Promise<BackupDocument> {
  let document: BackupDocument;
  try {
    document = JSON.parse((await gunzipAsync(bytes)).toString('utf8')) as BackupDocument;
  } catch {
    throw new BackupRejection(NOT_A_BACKUP);
  }
  if (
    document?.format !== BACKUP_FORMAT ||
    document.formatVersion !== BACKUP_FORMAT_VERSION ||
    typeof document.schemaVersion !== 'string' ||
    typeof document.tables !== 'object' ||
    document.tables === null
  ) {
    throw new BackupRejection(NOT_A_BACKUP);
  }
  if (document.schemaVersion !== SCHEMA_VERSION)
    throw new BackupRejection(otherVersion(document.schemaVersion));
  return document;
}

/** Tables ordered so that each comes after the tables its foreign keys point at. */
async function insertOrder(tx: Transaction, tables: string[]): Promise<string[]> {
  const references = await rows<{ child: string; parent: string }>(
    tx,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of references.filter((r) => r.child === table)) {
      if (tables.includes(parent)) visit(parent, path);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Replaces the store's data with the backup's, in one transaction: every backed-up table is emptied and refilled
 * (parents before children), and the sequences set back. Anything wrong rolls the whole restore back.
 */
export async function restoreSnapshot(db: Database, document: BackupDocument): Promise<{ rowCount: number }> {
  return db.transaction(async (tx) => {
    const tables = await backedUpTables(tx);
    const missing = tables.filter((table) => !Array.isArray(document.tables[table]));
    const unknown = Object.keys(document.tables).filter((table) => !tables.includes(table));
    if (missing.length > 0 || unknown.length > 0) throw new BackupRejection(NOT_A_BACKUP);

    await tx.execute(sql`truncate ${sql.join(tables.map(identifier), sql`, `)}`);
    let rowCount = 0;
    for (const table of await insertOrder(tx, tables)) {
      const data = document.tables[table] ?? [];
      if (data.length === 0) continue;
      const columns = await rows<{ name: string }>(
        tx,
        sql`select a.attname as name from pg_attribute a
            where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped
              and a.attgenerated = '' order by a.attnum`,
      );
      const list = sql.join(
        columns.map((column) => identifier(column.name)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${identifier(table)} (${list}) overriding system value
            select ${list} from json_populate_recordset(null::${identifier(table)}, ${JSON.stringify(data)}::json)`,
      );
      rowCount += data.length;
    }
    const present = await sequenceNames(tx);
    for (const [name, { value, isCalled }] of Object.entries(document.sequences ?? {})) {
      if (!present.includes(name)) continue;
      await tx.execute(sql`select setval(${name}::regclass, ${value}::bigint, ${isCalled})`);
    }
    return { rowCount };
  });
}
