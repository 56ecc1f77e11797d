import { and, count, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Tries per account (however it was spelled) in the window. */
export const MAX_FAILED_LOGINS = 5;
/** Tries per client address, over every account, in the window. */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 20;
export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed login attempts. Please try again later.';
export const TOO_MANY_TRIES_MESSAGE = 'Too many attempts. Please try again later.';

/** One counter a try is taken from, and how many tries it allows in the window. */
export interface ThrottleKey {
  key: string;
  max: number;
}

export interface ThrottleTry {
  /** The try did not fail (a right password): it no longer counts. */
  giveBack(): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Takes one try from every key at once, before the password is checked, so a burst of concurrent guesses
   * cannot pass the limit: 429 when any key has no try left. A failed try simply stays taken.
   */
  take(keys: readonly ThrottleKey[], message?: string): Promise<ThrottleTry>;
  /** A completed sign-in: the account's earlier failures are forgotten. */
  reset(key: ThrottleKey): Promise<void>;
}

/** What a sign-in identifier is counted as: emails and usernames lower-cased, phone numbers by their digits. */
export function normalizeIdentifier(identifier: string): string {
  const trimmed = identifier.trim().toLowerCase();
  return /^\+?[\d\s().-]{6,}$/.test(trimmed) ? `phone:${trimmed.replace(/\D/g, '')}` : trimmed;
}

type Scope = 'staff' | 'customer' | 'vendor';

/**
 * The keys of one sign-in try: the account from this address (every spelling of its email, username or phone
 * shares one count; the identifier itself when it names no account), and the address over all accounts. An
 * account is not locked for everyone by someone guessing from elsewhere.
 */
export function signInKeys(
  scope: Scope,
  account: { id: string } | null,
  identifier: string,
  ip: string,
): ThrottleKey[] {
  const who = account ? `account:${account.id}` : `id:${normalizeIdentifier(identifier)}`;
  return [
    { key: `${scope}:${who}:${ip}`, max: MAX_FAILED_LOGINS },
    { key: `${scope}:ip:${ip}`, max: MAX_FAILED_LOGINS_PER_ADDRESS },
  ];
}

/**
 * Tries counted in the database (not in memory) so the limits hold across instances. Each take runs in one
 * transaction holding an advisory lock per key, so two instances cannot both see the last free try. The clock is
 * the application's for both writing and reading, so database clock skew does not matter.
 */
export function createLoginThrottle(db: Database, now: () => number = Date.now): LoginThrottle {
  async function refuseIfSpent(tx: Database, keys: readonly ThrottleKey[], message: string) {
    const since = new Date(now() - LOGIN_WINDOW_MS);
    for (const { key, max } of keys) {
      const [row] = await tx
        .select({ tries: count(), oldest: min(loginAttempts.at) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, since)));
      if (row && row.tries >= max) {
        const oldest = row.oldest ? new Date(row.oldest).getTime() : now();
        throw tooManyRequests(message, (oldest + LOGIN_WINDOW_MS - now()) / 1000);
      }
    }
  }

  return {
    async take(keys, message = TOO_MANY_LOGINS_MESSAGE) {
      const at = new Date(now());
      const ids = await db.transaction(async (tx) => {
        // Locks taken in one order, so two tries sharing keys wait for each other instead of deadlocking.
        for (const { key } of [...keys].sort((a, b) => (a.key < b.key ? -1 : 1))) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop:throttle:${key}`}))`);
        }
        await refuseIfSpent(tx, keys, message);
        const inserted = await tx
          .insert(loginAttempts)
          .values(keys.map(({ key }) => ({ key, at })))
          .returning({ id: loginAttempts.id });
        // Rows that left the window are never read again.
        await tx.delete(loginAttempts).where(
          and(
            inArray(
              loginAttempts.key,
              keys.map(({ key }) => key),
            ),
            lte(loginAttempts.at, new Date(at.getTime() - LOGIN_WINDOW_MS)),
          ),
        );
        return inserted.map((row) => row.id);
      });
      return {
        async giveBack() {
          await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
        },
      };
    },
    async reset({ key }) {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
    },
  };
}
