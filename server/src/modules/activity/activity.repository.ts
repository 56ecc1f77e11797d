import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { activityLog } from '../../db/schema.ts';

export type ActivityEntry = typeof activityLog.$inferInsert;

/** Who and from where, taken from the request; spread into an entry. */
export function requestOrigin(request: FastifyRequest): Pick<ActivityEntry, 'ip' | 'userAgent'> {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * Writes one activity log row. A failure to log is reported but never fails the action itself:
 * the action has already happened by the time it is logged.
 */
export async function recordActivity(
  db: Database,
  request: FastifyRequest,
  entry: ActivityEntry,
): Promise<void> {
  try {
    await db.insert(activityLog).values(entry);
  } catch (error) {
    request.log.error({ err: error, action: entry.action }, 'could not write the activity log');
  }
}
