import { count, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.ts';

/**
 * Staff lists count their matches up to this many and say "10,000+" past it: a broad search or filter at a million
 * rows (every entry of one admin, every order number of a year) otherwise reads all its rows for a figure nobody
 * pages through.
 */
export const COUNT_CAP = 10_000;

export interface CappedCount {
  /** The matches, or `cap` when there are more. */
  total: number;
  /** More than `cap` match: `total` is a lower bound. */
  capped: boolean;
}

/**
 * Runs `read` with the matches of its limited query found through the indexes: with a limit the planner would
 * rather read the table until enough rows match, which assumes matches are spread evenly, and a search whose
 * matches are all recent ("bench1" at a million orders) read half the table, 0.5 s, before its first. A text search
 * is read as a bitmap of its trigram indexes, in the table's order (walking another index in its order has the same
 * trap); plain filters walk the index made for them (an index-only scan of 10,001 entries). The settings hold in a
 * transaction (or a savepoint of the caller's) that is rolled back, so they end with it: `read` only reads.
 */
export async function throughIndexes<T>(
  db: Database,
  read: (tx: Transaction) => Promise<T>,
  { searched, walked = false }: { searched: boolean; walked?: boolean },
): Promise<T> {
  // `walked`: a range of a plain index is read in its order (no bitmap), so the read stops at its limit.
  const off = walked
    ? ['enable_seqscan', 'enable_bitmapscan']
    : searched
      ? ['enable_seqscan', 'enable_indexscan']
      : ['enable_seqscan'];
  let result: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      // Unless bitmap scans are themselves off (a reader comparing plans): then nothing is forced.
      await tx.execute(sql`select set_config(name, 'off', true) from unnest(${`{${off.join(',')}}`}::text[]) as name
        where current_setting('enable_bitmapscan') = 'on'`);
      result = { value: await read(tx) };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError) || !result) throw error;
  }
  if (!result) throw new Error('the read ended without an answer');
  return result.value;
}

/**
 * How many rows of `table` match `where`, reading at most `cap + 1` of them; `searched` when `where` holds a text
 * search (throughIndexes).
 */
export async function cappedCount(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  { searched, walked = false, cap = COUNT_CAP }: { searched: boolean; walked?: boolean; cap?: number },
): Promise<CappedCount> {
  const found = await throughIndexes(
    db,
    async (tx) => {
      const matches = tx
        .select({ one: sql`1`.as('one') })
        .from(table)
        .where(where)
        .limit(cap + 1)
        .as('matches');
      const [row] = await tx.select({ n: count() }).from(matches);
      return row?.n ?? 0;
    },
    { searched, walked },
  );
  return found > cap ? { total: cap, capped: true } : { total: found, capped: false };
}
