import { isIP } from 'node:net';
import { and, count, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Database } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Tries per account (however it was spelled) in the window. */
export const MAX_FAILED_LOGINS = 5;
/** Tries per client address, over every account, in the window. */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 20;
/** Tries per account over every address in the window: a botnet's many addresses share this one count. */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 20;
/** Accounts one address may create in the sign-in window (15 minutes). */
export const MAX_REGISTRATIONS_PER_ADDRESS = 10;
export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed login attempts. Please try again later.';
export const TOO_MANY_TRIES_MESSAGE = 'Too many attempts. Please try again later.';

/** One counter a try is taken from, and how many tries it allows in the window. */
export interface ThrottleKey {
  key: string;
  max: number;
}

export interface ThrottleTry {
  /** The keys this try took the last free try of (the next try on them is refused until the window moves). */
  readonly spent: readonly string[];
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

/**
 * What a client address is counted as: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its /64, since one home or server is handed a whole /64 and could otherwise try from 2^64
 * addresses.
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

export type SignInScope = 'staff' | 'customer' | 'vendor';

/** The count of an account over every address: reaching its limit locks the account (security/account-lock). */
export const accountKey = (scope: SignInScope, accountId: string): ThrottleKey => ({
  key: `${scope}:account:${accountId}`,
  max: MAX_FAILED_LOGINS_PER_ACCOUNT,
});

/**
 * The keys of one sign-in try: the account from this address (every spelling of its email, username or phone
 * shares one count; the identifier itself when it names no account), the address over all accounts, and, for a
 * known account, the account over all addresses. The first key comes first, as `reset` after a sign-in takes it.
 */
export function signInKeys(
  scope: SignInScope,
  account: { id: string } | null,
  identifier: string,
  ip: string,
): ThrottleKey[] {
  const who = account ? `account:${account.id}` : `id:${normalizeIdentifier(identifier)}`;
  const address = addressKey(ip);
  return [
    { key: `${scope}:${who}:${address}`, max: MAX_FAILED_LOGINS },
    { key: `${scope}:ip:${address}`, max: MAX_FAILED_LOGINS_PER_ADDRESS },
    ...(account ? [accountKey(scope, account.id)] : []),
  ];
}

/**
 * Tries counted in the database (not in memory) so the limits hold across instances. Each take runs in one
 * transaction holding an advisory lock per key, so two instances cannot both see the last free try. The clock is
 * the application's for both writing and reading, so database clock skew does not matter.
 */
export function createLoginThrottle(db: Database, now: () => number = Date.now): LoginThrottle {
  /** Refuses when any key has no try left; else answers the keys this try takes the last try of. */
  async function refuseIfSpent(tx: Database, keys: readonly ThrottleKey[], message: string) {
    const since = new Date(now() - LOGIN_WINDOW_MS);
    const spent: string[] = [];
    for (const { key, max } of keys) {
      const [row] = await tx
        .select({ tries: count(), oldest: min(loginAttempts.at) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, since)));
      const tries = row?.tries ?? 0;
      if (tries >= max) {
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : now();
        throw tooManyRequests(message, (oldest + LOGIN_WINDOW_MS - now()) / 1000);
      }
      if (tries + 1 >= max) spent.push(key);
    }
    return spent;
  }

  return {
    async take(keys, message = TOO_MANY_LOGINS_MESSAGE) {
      const at = new Date(now());
      const { ids, spent } = await db.transaction(async (tx) => {
        // Locks taken in one order, so two tries sharing keys wait for each other instead of deadlocking.
        for (const { key } of [...keys].sort((a, b) => (a.key < b.key ? -1 : 1))) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop:throttle:${key}`}))`);
        }
        const spent = await refuseIfSpent(tx, keys, message);
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
        return { ids: inserted.map((row) => row.id), spent };
      });
      return {
        spent,
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
