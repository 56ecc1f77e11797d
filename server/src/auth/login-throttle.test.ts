import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerShopper } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_ADDRESS,
  MAX_REGISTRATIONS_PER_ADDRESS,
  normalizeIdentifier,
} from './login-throttle.ts';

describe('throttles that cannot be sidestepped', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress });

  it('counts every spelling of a phone number as one identifier', () => {
    const spellings = ['+1 415 555 0142', '+1-415-555-0142', '(415) 555-0142', '+14155550142'];
    expect(
      new Set(spellings.map((s) => normalizeIdentifier(s)).map((s) => s.replace(/^phone:1?/, ''))).size,
    ).toBe(1);
    expect(normalizeIdentifier(' Shopper@Example.com ')).toBe('shopper@example.com');
  });

  it('lets at most five of twenty concurrent wrong passwords through, whatever spelling names the account', async () => {
    const shopper = await registerShopper(t.app);
    const spellings = [shopper.email, shopper.email.toUpperCase(), ` ${shopper.email} `, shopper.username];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(spellings[i % spellings.length] ?? '', `wrong-${i}`, '198.51.100.20'),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILED_LOGINS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_FAILED_LOGINS);
    // Even the right password waits now, from that address.
    expect((await login(shopper.email, shopper.password, '198.51.100.20')).statusCode).toBe(429);
    expect((await login(shopper.email, shopper.password, '198.51.100.21')).statusCode).toBe(200);
  });

  it('limits one address over many accounts', async () => {
    const address = '198.51.100.30';
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ADDRESS + 2; i++) {
      statuses.push((await login(`nobody${i}@example.com`, 'wrong-password', address)).statusCode);
    }
    expect(statuses.slice(0, MAX_FAILED_LOGINS_PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(MAX_FAILED_LOGINS_PER_ADDRESS)).toEqual([429, 429]);
  });

  it('throttles registration per address and password changes per account', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        remoteAddress: '198.51.100.40',
        payload: {
          name: `Bulk ${i}`,
          email: `bulk${i}@example.com`,
          password: 'pass-word-1',
          confirmPassword: 'pass-word-1',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_REGISTRATIONS_PER_ADDRESS; i++) statuses.push((await register(i)).statusCode);
    expect(statuses.slice(0, MAX_REGISTRATIONS_PER_ADDRESS).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const shopper = await registerShopper(t.app);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/password',
        headers: bearer(shopper.token),
        payload: { currentPassword, newPassword: 'new-pass-word-2', confirmPassword: 'new-pass-word-2' },
      });
    const tries: number[] = [];
    for (let i = 0; i <= MAX_FAILED_LOGINS; i++) tries.push((await change(`wrong-${i}`)).statusCode);
    expect(tries.slice(0, MAX_FAILED_LOGINS).every((s) => s === 400)).toBe(true);
    expect(tries.at(-1)).toBe(429);
  });
});
