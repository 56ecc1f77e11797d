import { createSessionStore } from '@shop/sdk/session';
import { useSyncExternalStore } from 'react';
import { ADMIN_TOKEN_KEY } from '../lib/storage-keys';

/** The signed-in staff member, as the token's payload names them (docs/conventions.md, staff payload). */
export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  permissions: string[];
  /** When the token was signed, seconds since the epoch: its claims are as current as that moment. */
  issuedAt: number;
  /** Token expiry, seconds since the epoch. */
  expiresAt: number;
};

type TokenStore = ReturnType<typeof createSessionStore>;

// setTimeout overflows past about 24.8 days and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;
const STAFF_AUDIENCE = 'shop:staff';

function adminFromPayload(payload: unknown): AdminUser | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, email, name, role, permissions, iat, exp, aud } = payload as Record<string, unknown>;
  const audiences = Array.isArray(aud) ? aud : [aud];
  // A customer or vendor token under the admin key is not an admin session.
  if (aud !== undefined && !audiences.includes(STAFF_AUDIENCE)) return null;
  if (typeof sub !== 'string' || typeof exp !== 'number' || typeof name !== 'string') return null;
  return {
    id: sub,
    email: typeof email === 'string' ? email : '',
    name,
    role: typeof role === 'string' ? role : '',
    permissions: Array.isArray(permissions)
      ? permissions.filter((p): p is string => typeof p === 'string')
      : [],
    // Without `iat` the claims' age is unknown, so they count as old and the shell asks the server at once.
    issuedAt: typeof iat === 'number' ? iat : 0,
    expiresAt: exp,
  };
}

function sameUser(a: AdminUser | null, b: AdminUser | null): boolean {
  return a?.id === b?.id && a?.expiresAt === b?.expiresAt;
}

/**
 * The admin session (spec 1 §4). At start the stored token is checked: a malformed or expired one is dropped.
 * Login stores the token and decodes the user; logout clears both. The session also ends by itself when the
 * token expires while the app is open, and when another tab changes the stored token.
 */
export function createAdminSession(tokens: TokenStore = createSessionStore(ADMIN_TOKEN_KEY)) {
  const listeners = new Set<() => void>();
  let user: AdminUser | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function check() {
    const next = adminFromPayload(tokens.payload());
    if (next === null && tokens.get() !== null) tokens.clear();
    if (sameUser(user, next)) return;
    user = next;
    clearTimeout(expiryTimer);
    const msLeft = next ? next.expiresAt * 1000 - Date.now() : 0;
    if (next && msLeft < MAX_TIMER_MS) expiryTimer = setTimeout(logout, Math.max(msLeft, 0));
    for (const listener of listeners) listener();
  }

  function logout() {
    tokens.clear();
    check();
  }

  check();
  tokens.subscribe(check);

  return {
    getUser: (): AdminUser | null => user,
    getToken: (): string | null => (user ? tokens.get() : null),
    /** Re-reads the stored token first, so a token changed or expired since start is noticed here. */
    isSignedIn(): boolean {
      check();
      return user !== null;
    },
    /** Stores the token and returns the admin it names, or null (and nothing kept) when it names none. */
    login(token: string): AdminUser | null {
      tokens.set(token);
      check();
      return user;
    },
    logout,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AdminSession = ReturnType<typeof createAdminSession>;

export const adminSession = createAdminSession();

export function useAdminUser(): AdminUser | null {
  return useSyncExternalStore(adminSession.subscribe, adminSession.getUser, adminSession.getUser);
}
