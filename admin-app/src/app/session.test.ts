import { createSessionStore } from '@shop/sdk/session';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../lib/storage-keys';
import { makeAdminToken } from '../test/tokens';
import { createAdminSession } from './session';

/** A session over its own storage, as the app would find it at start. */
function startSession(storedToken?: string) {
  const storage = new Storage();
  if (storedToken !== undefined) storage.setItem(ADMIN_TOKEN_KEY, storedToken);
  return { session: createAdminSession(createSessionStore(ADMIN_TOKEN_KEY, storage)), storage };
}

describe('admin session', () => {
  it('starts signed in from a usable stored token', () => {
    const { session } = startSession(makeAdminToken({ name: 'Store Admin' }));
    expect(session.getUser()).toMatchObject({
      name: 'Store Admin',
      email: 'admin@example.com',
      role: 'SuperAdmin',
    });
    expect(session.isSignedIn()).toBe(true);
  });

  it("keeps when the token was signed, so the shell knows how current the token's permissions are", () => {
    const before = Math.floor(Date.now() / 1000);
    const { session } = startSession(makeAdminToken());
    expect(session.getUser()?.issuedAt).toBeGreaterThanOrEqual(before);
    expect(session.getUser()?.permissions).toEqual(['dashboard', 'products']);
  });

  it.each([
    ['malformed (not three parts)', 'not-a-token'],
    ['expired', makeAdminToken({ expiresInSeconds: -1 })],
  ])('drops a %s stored token at start', (_, token) => {
    const { session, storage } = startSession(token);
    expect(session.getUser()).toBeNull();
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('login stores the token and decodes the admin; logout clears both', () => {
    const { session, storage } = startSession();
    const token = makeAdminToken({ name: 'Ops Lead' });

    expect(session.login(token)?.name).toBe('Ops Lead');
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBe(token);
    expect(session.getToken()).toBe(token);

    session.logout();
    expect(session.getUser()).toBeNull();
    expect(session.getToken()).toBeNull();
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('refuses a token that is not a staff token', () => {
    const { session, storage } = startSession();
    const [header, , signature] = makeAdminToken().split('.');
    const customerPayload = btoa(
      JSON.stringify({ sub: 'c1', aud: 'shop:customer', username: 'shopper', exp: 9e9 }),
    );
    expect(session.login(`${header}.${customerPayload.replace(/=+$/, '')}.${signature}`)).toBeNull();
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('tells subscribers when the session ends', () => {
    const { session } = startSession(makeAdminToken());
    let changes = 0;
    session.subscribe(() => {
      changes += 1;
    });
    session.logout();
    expect(changes).toBe(1);
  });
});
