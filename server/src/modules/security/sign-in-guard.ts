import { accountKey, type LoginThrottle, type SignInScope, signInKeys } from '../../auth/login-throttle.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type LockedAccount, lockAccount, refuseIfLocked } from './account-lock.ts';

/** One counted sign-in try (a password, or a code): it either passed or failed. */
export interface SignInTry {
  /** The secret was right: the try no longer counts. */
  passed(): Promise<void>;
  /** The try failed and stays counted; when it used the account's last try, the account is locked. */
  failed(): Promise<void>;
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

/**
 * The limits every sign-in of staff, shoppers and vendors goes through: a locked account is refused before
 * anything is checked (even the right password), then one try is taken from the account-from-this-address,
 * the address and the account-over-all-addresses counts. The failure that reaches the account's ceiling locks it
 * and mails its owner an unlock link.
 */
export function createSignInGuard(deps: {
  db: Database;
  throttle: LoginThrottle;
  config: Pick<AppConfig, 'adminUrl' | 'storeUrl' | 'vendorUrl'>;
}) {
  const { db, throttle, config } = deps;
  return {
    async begin(
      scope: SignInScope,
      account: LockedAccount | null,
      identifier: string,
      ip: string,
    ): Promise<SignInTry> {
      if (account) await refuseIfLocked(db, scope, account.id);
      const attempt = await throttle.take(signInKeys(scope, account, identifier, ip));
      return {
        passed: () => attempt.giveBack(),
        async failed() {
          if (account && attempt.spent.includes(accountKey(scope, account.id).key)) {
            await lockAccount(db, scope, account, config);
          }
        },
      };
    },

    /** A completed sign-in: the account's failures from this address are forgotten (not those from elsewhere). */
    async signedIn(scope: SignInScope, account: LockedAccount, ip: string) {
      const [fromHere] = signInKeys(scope, account, account.email, ip);
      if (fromHere) await throttle.reset(fromHere);
    },

    /** The unlock link was followed: the account's count over all addresses starts again. */
    unlocked: (scope: SignInScope, accountId: string) => throttle.reset(accountKey(scope, accountId)),
  };
}
