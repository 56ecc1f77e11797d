import { createSessionStore } from '@shop/sdk/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerToken } from '../test/tokens';
import { createCustomerSession } from './session';

const KEY = 'test.userToken';

afterEach(() => {
  vi.useRealTimers();
});

describe('customer session', () => {
  it('restores the user, with username and expiry, from a stored token', () => {
    localStorage.setItem(KEY, customerToken({ username: 'ada', expiresInSeconds: 600 }));
    const session = createCustomerSession(createSessionStore(KEY));

    expect(session.getUser()).toMatchObject({ username: 'ada', email: 'shopper@example.com' });
    expect(session.getUser()?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(session.isSignedIn()).toBe(true);
  });

  it.each([
    ['malformed', 'abc.def'],
    ['expired', customerToken({ expiresInSeconds: -1 })],
  ])('drops a %s token at start', (_, token) => {
    localStorage.setItem(KEY, token);
    const session = createCustomerSession(createSessionStore(KEY));

    expect(session.getUser()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('refuses to keep a token that names no shopper', () => {
    const session = createCustomerSession(createSessionStore(KEY));

    expect(session.signIn('not.a.token')).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('ends the session when the token expires', () => {
    vi.useFakeTimers();
    const session = createCustomerSession(createSessionStore(KEY));
    const listener = vi.fn();
    session.subscribe(listener);

    session.signIn(customerToken({ expiresInSeconds: 30 }));
    expect(session.getUser()).not.toBeNull();
    vi.advanceTimersByTime(31_000);

    expect(session.getUser()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
