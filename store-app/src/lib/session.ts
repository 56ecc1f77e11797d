import { createSessionStore, type SessionStore } from '@shop/sdk/session';
import { useSyncExternalStore } from 'react';
import { USER_TOKEN_KEY } from './storage-keys';

/** Spec §3: the user is what the token says, its username and expiry. */
export type SessionUser = { username: string; email: string | null; expiresAt: number };

// setTimeout overflows past about 24.8 days and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

function userFromPayload(payload: unknown): SessionUser | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { username, email, exp } = payload as Record<string, unknown>;
  if (typeof username !== 'string' || typeof exp !== 'number') return null;
  return { username, email: typeof email === 'string' ? email : null, expiresAt: exp };
}

function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  return a?.username === b?.username && a?.expiresAt === b?.expiresAt;
}

/**
 * The shopper's session. The token lives in localStorage (a malformed or expired one is dropped when read);
 * the user is derived from it at start, after sign-in, and when another tab changes the token.
 */
export function createCustomerSession(tokens: SessionStore = createSessionStore(USER_TOKEN_KEY)) {
  const listeners = new Set<() => void>();
  let user: SessionUser | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function refresh() {
    const next = userFromPayload(tokens.payload());
    if (sameUser(user, next)) return;
    user = next;
    clearTimeout(expiryTimer);
    const msLeft = next ? next.expiresAt * 1000 - Date.now() : 0;
    if (next && msLeft < MAX_TIMER_MS) expiryTimer = setTimeout(signOut, Math.max(msLeft, 0));
    for (const listener of listeners) listener();
  }

  function signOut() {
    tokens.clear();
    refresh();
  }

  refresh();
  tokens.subscribe(refresh);

  return {
    getUser: (): SessionUser | null => user,
    getToken: (): string | null => tokens.get(),
    /** Re-reads the stored token as a page load does: a malformed or expired one is dropped. */
    restore: refresh,
    /** Spec §2 Access: a user in state and a usable token in storage. A user whose token is gone is signed out. */
    isSignedIn(): boolean {
      if (tokens.get() !== null) return user !== null;
      if (user) refresh();
      return false;
    },
    /** Stores the token and returns the user it names, or null (and nothing kept) when it names none. */
    signIn(token: string): SessionUser | null {
      tokens.set(token);
      refresh();
      if (!user) tokens.clear();
      return user;
    },
    signOut,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CustomerSession = ReturnType<typeof createCustomerSession>;

export const customerSession = createCustomerSession();

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(customerSession.subscribe, customerSession.getUser, customerSession.getUser);
}
