import { lt } from 'drizzle-orm';
import { LOGIN_WINDOW_MS } from '../auth/login-throttle.ts';
import type { Database } from '../db/client.ts';
import { apiCallLogs, idempotencyKeys, loginAttempts, sessions } from '../db/schema.ts';
import { IDEMPOTENCY_TTL_MS } from '../http/idempotency.ts';
import type { JobDefinition } from './job-queue.ts';

export const CLEAN_UP = 'maintenance.clean-up';
/** Ended sessions stay this long, so a device list can still say a sign-in expired. */
export const ENDED_SESSION_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** The API log (Courier Integration & API Logs) keeps three months of calls. */
export const API_LOG_KEEP_MS = 90 * 24 * 60 * 60 * 1000;

/** Removes what no request will read again, every night: old retry answers, counted sign-ins, long-ended sessions, old API log lines. */
export function cleanUpJob(deps: { db: Database; now?: () => Date }): JobDefinition {
  return {
    name: CLEAN_UP,
    cron: '40 3 * * *',
    run: async () => {
      const now = (deps.now ?? (() => new Date()))().getTime();
      const keys = await deps.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)))
        .returning({ key: idempotencyKeys.key });
      const attempts = await deps.db
        .delete(loginAttempts)
        .where(lt(loginAttempts.at, new Date(now - LOGIN_WINDOW_MS)))
        .returning({ id: loginAttempts.id });
      const ended = await deps.db
        .delete(sessions)
        .where(lt(sessions.expiresAt, new Date(now - ENDED_SESSION_KEEP_MS)))
        .returning({ id: sessions.id });
      const calls = await deps.db
        .delete(apiCallLogs)
        .where(lt(apiCallLogs.at, new Date(now - API_LOG_KEEP_MS)))
        .returning({ id: apiCallLogs.id });
      return {
        idempotencyKeys: keys.length,
        loginAttempts: attempts.length,
        sessions: ended.length,
        apiCalls: calls.length,
      };
    },
  };
}
