/**
 * Browser sessions: a JWT kept in storage, dropped as soon as it is malformed or expired.
 * Decoding uses only `atob` and `TextDecoder`, so it runs in browsers and in Node alike.
 * The payload is read, never verified: the server remains the judge of every token.
 */

/** The claims the server puts in its tokens (docs/conventions.md); staff and customers each get some of them. */
export interface TokenPayload {
  /** The account's `_id`. */
  sub?: string;
  aud?: string | string[];
  /** Expiry, in seconds since the epoch. */
  exp?: number;
  iat?: number;
  /** The account's token version. */
  tv?: number;
  email?: string;
  /** Staff tokens. */
  name?: string;
  role?: string;
  permissions?: string[];
  /** Customer tokens. */
  username?: string;
  [claim: string]: unknown;
}

const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+$/;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The payload of a token with three base64url parts and a JSON object in the middle, else null. */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL_SEGMENT.test(part))) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1] ?? ''));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const { exp } = payload as { exp?: unknown };
    if (exp !== undefined && (typeof exp !== 'number' || !Number.isFinite(exp))) return null;
    return payload as TokenPayload;
  } catch {
    return null;
  }
}

/** False when the token is missing, malformed, undecodable, or its `exp` is earlier than now. */
export function isTokenUsable(token: string | null | undefined, nowSeconds = Date.now() / 1000): boolean {
  if (!token) return false;
  const payload = decodeToken(token);
  if (payload === null) return false;
  return payload.exp === undefined || payload.exp >= nowSeconds;
}

export type SessionListener = (token: string | null) => void;

export interface SessionStore {
  /** The stored token if it is usable; an unusable one is removed and null returned. */
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** The decoded payload of the usable token, or null. */
  payload(): TokenPayload | null;
  /** Called after set and clear (and, in browsers, when another tab changes the key). Returns the unsubscribe. */
  subscribe(listener: SessionListener): () => void;
}

/** A session kept under `storageKey`; pass `storage` where there is no `localStorage` (Node, tests). */
export function createSessionStore(
  storageKey: string,
  storage: Storage = globalThis.localStorage,
): SessionStore {
  const listeners = new Set<SessionListener>();
  // Used only when storage refuses access (disabled storage, private modes), so sign-in still lasts the page.
  let fallback: string | null = null;

  const read = (): string | null => {
    try {
      return storage.getItem(storageKey);
    } catch {
      return fallback;
    }
  };
  const write = (token: string | null): void => {
    fallback = token;
    try {
      if (token === null) storage.removeItem(storageKey);
      else storage.setItem(storageKey, token);
    } catch {
      // Keep the in-memory copy only.
    }
  };
  const notify = (token: string | null): void => {
    for (const listener of listeners) listener(token);
  };

  const onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== storage || (event.key !== null && event.key !== storageKey)) return;
    notify(store.get());
  };
  const canListen = typeof window !== 'undefined' && typeof window.addEventListener === 'function';

  const store: SessionStore = {
    get() {
      const token = read();
      if (token === null) return null;
      if (isTokenUsable(token)) return token;
      write(null);
      notify(null);
      return null;
    },
    set(token) {
      write(token);
      notify(token);
    },
    clear() {
      write(null);
      notify(null);
    },
    payload() {
      const token = store.get();
      return token === null ? null : decodeToken(token);
    },
    subscribe(listener) {
      if (listeners.size === 0 && canListen) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && canListen) window.removeEventListener('storage', onStorage);
      };
    },
  };
  return store;
}
