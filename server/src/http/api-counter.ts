import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { apiDailyCounts } from '../db/schema.ts';

/** Today's date in UTC, the day an API call is counted under. */
export function utcDay(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Counts every /api call per UTC day (the dashboard's "API Calls Today") with one upsert after the response
 * has gone out. Counting must never break a request, so failures are only logged.
 */
export function registerApiCounter(app: FastifyInstance, db: Database): void {
  const pending = new Set<Promise<void>>();

  app.addHook('onResponse', async (request) => {
    if (request.url !== '/api' && !request.url.startsWith('/api/')) return;
    const task = db
      .insert(apiDailyCounts)
      .values({ day: utcDay(), count: 1 })
      .onConflictDoUpdate({ target: apiDailyCounts.day, set: { count: sql`${apiDailyCounts.count} + 1` } })
      .then(
        () => undefined,
        (error: unknown) => request.log.warn({ err: error }, 'could not count the API call'),
      );
    pending.add(task);
    void task.finally(() => pending.delete(task));
    await task;
  });

  // Closing waits for counts still being written, so the database is not closed under them.
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });
}
