import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_FOLDER, type Transaction } from '../../db/client.ts';

export const BACKUP_FORMAT = 'shop-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Rows read from the database, or handed on while reading a file, at a time. */
export const PAGE_ROWS = 500;

/**
 * Tables an export leaves out: the exports themselves, and what only matters while it is fresh and must not come
 * back (sign-in sessions, which could revive a revoked device; counted sign-ins; retry answers).
 */
// shopper_order_totals is counted again from orders as they are restored (its triggers, migration 0029), and
// b2c_shoppers from the accounts and those totals (migration 0041), with its cards' counts (0048); the days' sums
// and hours are summed again from the restored rows, whose days and hours their triggers mark (migrations 0039, 0053).
export const NOT_BACKED_UP = [
  'backups',
  'sessions',
  'login_attempts',
  'idempotency_keys',
  'shopper_order_totals',
  'b2c_shoppers',
  'b2c_shopper_counts',
  'day_summaries',
  'summary_dirty_days',
  'hour_summaries',
  'summary_dirty_hours',
  // Only ever counts up, so what was worked out from older sums is never taken for current after a restore.
  'summary_generation',
  // Counted again as the log's entries are restored (its triggers, migration 0049; the restore's TRUNCATE resets it).
  'activity_counts',
  // Marks of rates written since the price sort keys were last worked out; restoring the rates marks them again.
  'price_sort_stale_currencies',
  // The titles' words, added again as the products are restored (their insert trigger, migration 0050).
  'title_words',
];

/** The last migration this code ships: an export records it, and only a store at that version restores it. */
export const SCHEMA_VERSION: string = (() => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('the migration journal is empty');
  return last.tag;
})();

export class BackupRejection extends Error {}

export const NOT_A_BACKUP = 'This file is not an export of this store.';
export const otherVersion = (version: string) =>
  `This export was made by another version of the store (${version}); this store is at ${SCHEMA_VERSION}. Only an export of the same version can be restored.`;

type Sequences = Record<string, { value: string; isCalled: boolean }>;

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
 * Streams a consistent snapshot of every table (one repeatable-read transaction, open until `consume` is done)
 * as gzipped JSON: table by table, rows read in pages through a cursor, each as PostgreSQL renders it
 * (`row_to_json`) and spliced in as text, so restoring converts every value back to its exact column type. No
 * more than a page of rows is held at a time.
 */
export async function streamSnapshot<T>(
  db: Database,
  consume: (gzipped: Readable) => Promise<T>,
  now = new Date(),
): Promise<{ result: T; rowCount: number; schemaVersion: string }> {
  return db.transaction(
    async (tx) => {
      const tables = await backedUpTables(tx);
      const sequences: Sequences = {};
      for (const name of await sequenceNames(tx)) {
        const [row] = await rows<{ value: string; is_called: boolean }>(
          tx,
          sql`select last_value::text as value, is_called from ${identifier(name)}`,
        );
        if (row) sequences[name] = { value: row.value, isCalled: row.is_called };
      }
      let rowCount = 0;
      async function* text() {
        const head = JSON.stringify({
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          schemaVersion: SCHEMA_VERSION,
          createdAt: now.toISOString(),
          sequences,
        });
        yield `${head.slice(0, -1)},"tables":{`;
        for (const [index, table] of tables.entries()) {
          yield `${index > 0 ? ',' : ''}\n${JSON.stringify(table)}:[`;
          await tx.execute(
            sql`declare export_rows no scroll cursor for select row_to_json(t)::text as row from ${identifier(table)} t`,
          );
          for (let first = true; ; first = false) {
            const page = await rows<{ row: string }>(tx, sql.raw(`fetch ${PAGE_ROWS} from export_rows`));
            if (page.length === 0) break;
            rowCount += page.length;
            yield `${first ? '' : ','}\n${page.map((row) => row.row).join(',\n')}`;
          }
          await tx.execute(sql`close export_rows`);
          yield ']';
        }
        yield '}}\n';
      }
      // A failure on either side ends both: the gzip stream errors for the consumer, the reads stop.
      const gzipped = pipeline(Readable.from(text(), { objectMode: false }), createGzip(), () => {});
      const result = await consume(gzipped);
      return { result, rowCount, schemaVersion: SCHEMA_VERSION };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export interface ExportHead {
  schemaVersion: string;
  createdAt: unknown;
  sequences: Sequences;
}

export interface ExportContents {
  head: ExportHead;
  /** Every table the file holds, empty ones too. */
  tables: string[];
  rowCount: number;
}

function checkHead(head: Record<string, unknown>): ExportHead {
  if (
    head.format !== BACKUP_FORMAT ||
    head.formatVersion !== BACKUP_FORMAT_VERSION ||
    typeof head.schemaVersion !== 'string'
  ) {
    throw new BackupRejection(NOT_A_BACKUP);
  }
  if (head.schemaVersion !== SCHEMA_VERSION) throw new BackupRejection(otherVersion(head.schemaVersion));
  const sequences = head.sequences;
  return {
    schemaVersion: head.schemaVersion,
    createdAt: head.createdAt,
    sequences: typeof sequences === 'object' && sequences !== null ? (sequences as Sequences) : {},
  };
}

const TABLES_MEMBER = /^\s*"tables"\s*:\s*$/;
const TABLE_KEY = /^\s*("(?:[^"\\]|\\.)*")\s*:\s*$/;

/**
 * Reads an export file as a stream, gunzipping and scanning it without building it in memory: the members
 * beside `tables` make the head, and each table's rows are handed to `onRows` as JSON texts, a page at a time.
 * Anything that is not an export of this store's version is refused (BackupRejection); when the head comes
 * first, as this store writes it, before any row is handed on.
 */
export async function readExport(
  source: Readable,
  onRows: (table: string, rows: string[]) => Promise<void>,
): Promise<ExportContents> {
  const reject = () => new BackupRejection(NOT_A_BACKUP);
  const head: Record<string, unknown> = {};
  const tables: string[] = [];
  let rowCount = 0;

  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Reading the members of `tables` (depth 2) and their rows (depth 3); elsewhere nesting is only counted. */
  let inTables = false;
  let seenTables = false;
  let done = false;
  let table = '';
  let batch: string[] = [];
  const ready: Array<{ table: string; rows: string[] }> = [];
  // The text since the last separator at the depth being read: a head member, a table's name or a row.
  let parts: string[] = [];
  let from = -1;

  const start = (index: number) => {
    parts = [];
    from = index;
  };
  const peek = (chunk: string, index: number) => parts.join('') + chunk.slice(from, index);
  const take = (chunk: string, index: number) => {
    const text = peek(chunk, index);
    from = -1;
    return text;
  };
  const row = (text: string) => {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw reject();
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw reject();
    batch.push(text);
    rowCount += 1;
    if (batch.length >= PAGE_ROWS) {
      ready.push({ table, rows: batch });
      batch = [];
    }
  };

  const scan = (chunk: string) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (done) {
        if (c !== undefined && c.trim() !== '') throw reject();
        continue;
      }
      if (depth === 0) {
        if (c === '{') {
          depth = 1;
          start(i + 1);
        } else if (c !== undefined && c.trim() !== '') throw reject();
        continue;
      }
      if (c === '"') {
        inString = true;
      } else if (c === '{' || c === '[') {
        if (depth === 1 && !seenTables && c === '{' && TABLES_MEMBER.test(peek(chunk, i))) {
          // Checked before any row: a file of another version is refused without reading on.
          if ('format' in head) checkHead(head);
          inTables = true;
          seenTables = true;
          depth = 2;
          start(i + 1);
        } else if (inTables && depth === 2) {
          const key = TABLE_KEY.exec(take(chunk, i))?.[1];
          if (c !== '[' || key === undefined) throw reject();
          table = JSON.parse(key) as string;
          tables.push(table);
          depth = 3;
          start(i + 1);
        } else {
          depth += 1;
        }
      } else if (c === ',' || c === '}' || c === ']') {
        if (inTables && depth === 3) {
          if (c === '}') throw reject();
          row(take(chunk, i));
          if (c === ',') start(i + 1);
          else {
            if (batch.length > 0) ready.push({ table, rows: batch });
            batch = [];
            depth = 2;
            start(i + 1);
          }
        } else if (inTables && depth === 2) {
          // Between a table's closing bracket and the next separator there is nothing but space.
          if (c === ']' || take(chunk, i).trim() !== '') throw reject();
          if (c === '}') {
            depth = 1;
            inTables = false;
          }
          start(i + 1);
        } else if (depth === 1) {
          if (c === ']') throw reject();
          const member = take(chunk, i);
          if (member.trim() !== '') {
            try {
              Object.assign(head, JSON.parse(`{${member}}`));
            } catch {
              throw reject();
            }
          }
          if (c === '}') {
            depth = 0;
            done = true;
          } else start(i + 1);
        } else if (c !== ',') {
          // The end of something nested in a row or a head member: their own parse checks them.
          depth -= 1;
        }
      }
    }
    if (from >= 0) {
      parts.push(chunk.slice(from));
      from = 0;
    }
  };

  const text = pipeline(source, createGunzip(), () => {});
  text.setEncoding('utf8');
  try {
    for await (const chunk of text) {
      scan(chunk as string);
      for (const page of ready.splice(0)) await onRows(page.table, page.rows);
    }
  } catch (error) {
    // A file that is not gzip, or is cut short, is not an export; any other failure (the store) is the store's.
    if (String((error as { code?: unknown } | null)?.code ?? '').startsWith('Z_')) throw reject();
    throw error;
  }
  if (!done || !seenTables) throw reject();
  return { head: checkHead(head), tables, rowCount };
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
 * Replaces the store's data with an export's, in one transaction. The file is read as a stream into a temporary
 * table (rows in the database, not in memory, in whatever order the file lists the tables); only once all of it
 * is read and checked is every backed-up table emptied and refilled from there, parents before children, one
 * statement per table, and the sequences set back. Anything wrong rolls the whole restore back.
 */
export async function restoreSnapshot(db: Database, source: Readable): Promise<{ rowCount: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`create temporary table restore_rows (n bigserial, tbl text not null, row json not null) on commit drop`,
    );
    const contents = await readExport(source, async (table, texts) => {
      await tx.execute(
        sql`insert into restore_rows (tbl, row)
            select ${table}, value from json_array_elements(${`[${texts.join(',')}]`}::json)`,
      );
    });
    const tables = await backedUpTables(tx);
    const missing = tables.filter((table) => !contents.tables.includes(table));
    const unknown = contents.tables.filter((table) => !tables.includes(table));
    if (missing.length > 0 || unknown.length > 0) throw new BackupRejection(NOT_A_BACKUP);

    await tx.execute(sql`truncate ${sql.join(tables.map(identifier), sql`, `)}`);
    for (const table of await insertOrder(tx, tables)) {
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
      const values = sql.join(
        columns.map((column) => sql`p.${identifier(column.name)}`),
        sql`, `,
      );
      // One statement per table: its foreign keys to itself are checked once all its rows are in.
      await tx.execute(
        sql`insert into ${identifier(table)} (${list}) overriding system value
            select ${values} from restore_rows r
            cross join lateral json_populate_record(null::${identifier(table)}, r.row) p
            where r.tbl = ${table} order by r.n`,
      );
    }
    const present = await sequenceNames(tx);
    for (const [name, { value, isCalled }] of Object.entries(contents.head.sequences)) {
      if (!present.includes(name)) continue;
      await tx.execute(sql`select setval(${name}::regclass, ${value}::bigint, ${isCalled})`);
    }
    return { rowCount: contents.rowCount };
  });
}
