import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** Changes a count table may pile up to before a read folds them into one row per key. */
export const APPENDED_COUNTS_FOLD_AT = 1_000;

/**
 * Counts kept as appended changes: statement triggers add a row per key a statement moved (`n` up or down), so
 * rows written together never wait on one counter row; this adds them up per key. Past `foldAt` changes the read
 * folds them into one row per key, deleting what it adds up in the same statement, so a fold running beside it or
 * a change appended meanwhile is neither lost nor counted twice.
 */
export async function appendedCounts(
  db: Database,
  counts: { table: PgTable; key: PgColumn; n: PgColumn },
  foldAt = APPENDED_COUNTS_FOLD_AT,
): Promise<Map<string, number>> {
  const { table, key, n } = counts;
  const rows = await db
    .select({
      key: sql<string>`${key}`,
      n: sql<number>`coalesce(sum(${n}), 0)`.mapWith(Number),
      changes: sql<number>`count(*)`.mapWith(Number),
    })
    .from(table)
    .groupBy(key);
  if (rows.reduce((sum, row) => sum + row.changes, 0) > foldAt) {
    const keyName = sql.identifier(key.name);
    const nName = sql.identifier(n.name);
    await db.execute(sql`
      with folded as (delete from ${table} returning ${keyName} as key, ${nName} as n)
      insert into ${table} (${keyName}, ${nName}) select key, sum(n)::int from folded group by key`);
  }
  return new Map(rows.map((row) => [row.key, row.n]));
}
