import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { apiDailyCounts } from '../db/schema.ts';

/** Today's date in UTC, the day an API call is counted under. */
export function utcDay(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/** How long calls are added up in memory before one write; the dashboard's figure lags by at most this. */
export const API_COUNT_FLUSH_MS = 250;

/**
 * Counts every /api call per UTC day (the dashboard's "API Calls Today"). Calls are added up in memory and written
 * with one upsert per day every `API_COUNT_FLUSH_MS`, instead of a write per request (the same row for every
 * request, which serialised them). Counting must never break a request, so failures are only logged, and the
 * calls are kept for the next write.
 */
export function registerApiCounter(app: FastifyInstance, db: Database): void {
  const pending = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    timer = null;
    const batch = [...pending];
    pending.clear();
    writing = writing.then(async () => {
      for (const [day, count] of batch) {
        try {
          await db
            .insert(apiDailyCounts)
            .values({ day, count })
            .onConflictDoUpdate({
              target: apiDailyCounts.day,
              set: { count: sql`${apiDailyCounts.count} + ${count}` },
            });
        } catch (error) {
          app.log.warn({ err: error }, 'could not count the API calls');
          pending.set(day, (pending.get(day) ?? 0) + count);
        }
      }
    });
    return writing;
  };

  app.addHook('onResponse', async (request) => {
    if (request.url !== '/api' && !request.url.startsWith('/api/')) return;
    const day = utcDay();
    pending.set(day, (pending.get(day) ?? 0) + 1);
    if (!timer) {
      timer = setTimeout(flush, API_COUNT_FLUSH_MS);
      // A count waiting to be written never keeps the process alive.
      timer.unref();
    }
  });

  // Closing writes what is still counted in memory, before the database is closed.
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    await flush();
  });
}
