import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { activityLog } from '../../db/schema.ts';

export type ActivityEntry = typeof activityLog.$inferInsert;

/** Who and from where, taken from the request; spread into an entry. */
export function requestOrigin(request: FastifyRequest): Pick<ActivityEntry, 'ip' | 'userAgent'> {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * Writes activity log rows, the one way into the log. Give it the transaction of the change the entry records:
 * when the row cannot be written the error propagates and the change rolls back with it (no change without its
 * audit trail).
 */
export async function insertActivity(db: Database, entry: ActivityEntry | ActivityEntry[]): Promise<void> {
  const rows = Array.isArray(entry) ? entry : [entry];
  if (rows.length > 0) await db.insert(activityLog).values(rows);
}

/**
 * Runs a change and writes its activity entry in the same transaction: both are stored, or neither.
 * `change` must read and write through the `tx` it is given only: PGlite has a single connection, so a query on
 * the outer database would wait for this transaction for ever. Outbound calls belong before, not inside.
 */
export function withActivity<T>(
  db: Database,
  change: (tx: Database) => Promise<T>,
  entry: ActivityEntry | ((result: T) => ActivityEntry | null),
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const row = typeof entry === 'function' ? entry(result) : entry;
    if (row) await insertActivity(tx, row);
    return result;
  });
}

/**
 * For a change that includes a call outside the store that cannot be undone (paying a refund back, placing a
 * supplier order): writes the entry before the call, in the change's transaction, so a log that cannot be written
 * stops the call itself. Answers a function that fills in how the call went, before the transaction commits.
 */
export async function announceActivity(
  tx: Database,
  entry: ActivityEntry,
): Promise<(final: ActivityEntry) => Promise<void>> {
  const [row] = await tx.insert(activityLog).values(entry).returning({ id: activityLog.id });
  if (!row) throw new Error('activity insert returned no row');
  return async (final) => {
    await tx
      .update(activityLog)
      .set({
        target: final.target ?? null,
        outcome: final.outcome ?? 'success',
        details: final.details ?? {},
      })
      .where(eq(activityLog.id, row.id));
  };
}

/**
 * Logs an attempt that failed or was refused. There is no change to pair it with, so a failure to write it is
 * reported and the answer the client gets stands.
 */
export async function recordFailedAttempt(
  db: Database,
  request: FastifyRequest,
  entry: ActivityEntry,
): Promise<void> {
  try {
    await db.insert(activityLog).values({ outcome: 'failed', ...entry });
  } catch (error) {
    request.log.error({ err: error, action: entry.action }, 'could not write the activity log');
  }
}
