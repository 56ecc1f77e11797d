import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import {
  LOGIN_WINDOW_MS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  type SignInScope,
  TOO_MANY_LOGINS_MESSAGE,
} from '../../auth/login-throttle.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accountLocks } from '../../db/schema.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { queueMail } from '../mail/index.ts';

/**
 * How long an account stays locked once it reached its failed sign-in ceiling over all addresses. Longer than the
 * counting window, so when the lock ends by itself the failures that caused it have left the count too.
 */
export const ACCOUNT_LOCK_MS = 2 * LOGIN_WINDOW_MS;

export const UNLOCK_LINK_INVALID =
  'This unlock link is not valid, or it has already been used or has expired.';
export const ACCOUNT_UNLOCKED = 'Your account is unlocked. You can sign in again.';

/** Only the hash of an unlock token is stored: a leaked database does not lift locks. */
const hashUnlockToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who a lock message goes to. */
export interface LockedAccount {
  id: string;
  email: string;
  name: string;
}

type Links = Pick<AppConfig, 'adminUrl' | 'storeUrl' | 'vendorUrl'>;

const WHERE: Record<SignInScope, string> = {
  staff: 'the back office',
  customer: 'the store',
  vendor: 'the vendor panel',
};

/** Where the unlock link lands: the app of the account, which reads the token and asks the API to unlock. */
export function unlockLink(scope: SignInScope, token: string, links: Links): string {
  const query = `token=${encodeURIComponent(token)}`;
  if (scope === 'staff') return `${links.adminUrl}/admin/auth/unlock?${query}`;
  if (scope === 'vendor') return `${links.vendorUrl}/unlock?${query}`;
  return `${links.storeUrl}/unlock?${query}`;
}

function lockMessage(scope: SignInScope, account: LockedAccount, link: string, until: Date) {
  return {
    to: account.email,
    subject: 'Your account was locked after failed sign-in attempts',
    body:
      `Hello ${account.name},\n\n` +
      `Someone tried to sign in to your account at ${WHERE[scope]} with a wrong password or code ` +
      `${MAX_FAILED_LOGINS_PER_ACCOUNT} times within ${LOGIN_WINDOW_MS / 60_000} minutes. None of these attempts ` +
      `signed in. To protect the account, sign-in is paused until ${until.toUTCString()}, even with the right ` +
      'password.\n\n' +
      `If it was you, you can lift the lock now with this link (it works once, until the lock ends):\n${link}\n\n` +
      'If it was not you, nothing else is needed; consider choosing a stronger password once you are signed in.\n',
    kind: `account.locked.${scope}`,
  };
}

/** 429 with the time left while the account is locked (the same message as any other sign-in limit). */
export async function refuseIfLocked(db: Database, scope: SignInScope, accountId: string, now = new Date()) {
  const [lock] = await db
    .select({ until: accountLocks.lockedUntil })
    .from(accountLocks)
    .where(
      and(
        eq(accountLocks.scope, scope),
        eq(accountLocks.accountId, accountId),
        gt(accountLocks.lockedUntil, now),
      ),
    )
    .limit(1);
  if (lock) throw tooManyRequests(TOO_MANY_LOGINS_MESSAGE, (lock.until.getTime() - now.getTime()) / 1000);
}

/**
 * Locks the account for ACCOUNT_LOCK_MS. Only the call that starts a lock (none in force) writes the message with
 * the unlock link, in the same transaction, so the owner gets one message per lock however many tries arrive.
 */
export async function lockAccount(
  db: Database,
  scope: SignInScope,
  account: LockedAccount,
  links: Links,
  now = new Date(),
): Promise<boolean> {
  const token = randomBytes(32).toString('base64url');
  const until = new Date(now.getTime() + ACCOUNT_LOCK_MS);
  const values = { lockedUntil: until, unlockTokenHash: hashUnlockToken(token), createdAt: now };
  return db.transaction(async (tx) => {
    const started = await tx
      .insert(accountLocks)
      .values({ scope, accountId: account.id, ...values })
      .onConflictDoUpdate({
        target: [accountLocks.scope, accountLocks.accountId],
        set: values,
        // A lock in force is left as it is: its link stays the one already sent.
        setWhere: lte(accountLocks.lockedUntil, now),
      })
      .returning({ accountId: accountLocks.accountId });
    if (started.length === 0) return false;
    await queueMail(tx, {
      ...lockMessage(scope, account, unlockLink(scope, token, links), until),
      createdAt: now,
    });
    return true;
  });
}

/** Lifts the lock an unlock token belongs to, once: the account it was, or null for an unknown or spent token. */
export async function unlockAccount(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ scope: SignInScope; accountId: string } | null> {
  const [lifted] = await db
    .delete(accountLocks)
    .where(and(eq(accountLocks.unlockTokenHash, hashUnlockToken(token)), gt(accountLocks.lockedUntil, now)))
    .returning({ scope: accountLocks.scope, accountId: accountLocks.accountId });
  return lifted ?? null;
}
