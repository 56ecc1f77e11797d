import { and, count, eq, gt, lte, min } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 5;
export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed login attempts. Please try again later.';

export interface LoginThrottle {
  /** 429 once the key has MAX_FAILED_LOGINS failures inside the window. */
  assertAllowed(key: string): Promise<void>;
  recordFailure(key: string): Promise<void>;
  /** A successful sign-in starts the count again. */
  reset(key: string): Promise<void>;
}

/** The throttle key: who is being signed in to, by which identifier, from which address. */
export function loginKey(scope: 'staff' | 'customer' | 'vendor', identifier: string, ip: string): string {
  return `${scope}:${identifier.trim().toLowerCase()}:${ip}`;
}

/**
 * Failed sign-ins counted in the database (not in memory) so the limit holds across instances.
 * The clock is the application's for both writing and reading, so database clock skew does not matter.
 */
export function createLoginThrottle(db: Database, now: () => number = Date.now): LoginThrottle {
  return {
    async assertAllowed(key) {
      const since = new Date(now() - LOGIN_WINDOW_MS);
      const [row] = await db
        .select({ failures: count(), oldest: min(loginAttempts.at) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, since)));
      if (!row || row.failures < MAX_FAILED_LOGINS) return;
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now();
      throw tooManyRequests(TOO_MANY_LOGINS_MESSAGE, (oldest + LOGIN_WINDOW_MS - now()) / 1000);
    },
    async recordFailure(key) {
      const at = new Date(now());
      await db.insert(loginAttempts).values({ key, at });
      // Rows that left the window are never read again.
      await db
        .delete(loginAttempts)
        .where(
          and(eq(loginAttempts.key, key), lte(loginAttempts.at, new Date(at.getTime() - LOGIN_WINDOW_MS))),
        );
    },
    async reset(key) {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
    },
  };
}
