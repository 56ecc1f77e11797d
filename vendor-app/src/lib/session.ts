import { createSessionStore, type SessionStore } from '@shop/sdk/session';
import { VENDOR_TOKEN_KEY } from './storage-keys';

/**
 * The vendor's session: a token in localStorage, dropped when malformed or expired. The store it names is read
 * from GET /vendor/me; the token only says whether someone is signed in.
 */
export function createVendorSession(tokens: SessionStore = createSessionStore(VENDOR_TOKEN_KEY)) {
  return {
    getToken: (): string | null => tokens.get(),
    isSignedIn: (): boolean => tokens.get() !== null,
    signIn: (token: string): void => tokens.set(token),
    signOut: (): void => tokens.clear(),
    subscribe: (listener: () => void): (() => void) => tokens.subscribe(() => listener()),
  };
}

export type VendorSession = ReturnType<typeof createVendorSession>;

export const vendorSession = createVendorSession();
