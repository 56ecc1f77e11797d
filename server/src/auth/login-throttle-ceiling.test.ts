import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.ts';
import { ACCOUNT_LOCK_MS } from '../modules/security/account-lock.ts';
import { createStaff, registerShopper } from '../test/sessions.ts';
import { hasRedisServer, startRedis } from '../test/shared-services.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createVendor } from '../test/vendors.ts';
import {
  addressKey,
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  TOO_MANY_LOGINS_MESSAGE,
} from './login-throttle.ts';

describe('addresses as the limits count them', () => {
  it('counts IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });
});

// In CI the services are installed (.ci/run): a missing redis-server there is a failure, not a skip.
const withRedis = hasRedisServer() || process.env.CI === 'true';

type Account = { email: string; password: string };
type Scope = {
  name: string;
  url: string;
  create: (t: TestApp) => Promise<Account>;
  kind: string;
  link: RegExp;
};

const SCOPES: Scope[] = [
  {
    name: 'staff',
    url: '/api/admin/login',
    create: async (t) => {
      const account = { email: `staff.${Date.now()}@example.com`, password: 'Staff-password-1' };
      await createStaff(t.db, account);
      return account;
    },
    kind: 'account.locked.staff',
    link: /http:\/\/localhost:5173\/admin\/auth\/unlock\?token=([\w-]+)/,
  },
  {
    name: 'shopper',
    url: '/api/user/login',
    create: (t) => registerShopper(t.app),
    kind: 'account.locked.customer',
    link: /http:\/\/localhost:5174\/unlock\?token=([\w-]+)/,
  },
  {
    name: 'vendor',
    url: '/api/vendor/login',
    create: (t) => createVendor(t.db),
    kind: 'account.locked.vendor',
    link: /http:\/\/localhost:5175\/unlock\?token=([\w-]+)/,
  },
];

describe.each([
  { throttle: 'the database', redis: false },
  { throttle: 'Redis', redis: true },
])('the sign-in ceiling per account, counted in $throttle', ({ redis: onRedis }) => {
  let t: TestApp;
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;

  beforeAll(async () => {
    if (onRedis && !withRedis) return;
    redis = onRedis ? await startRedis() : undefined;
    t = await createTestApp(redis ? { config: { redisUrl: redis.url } } : {});
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const signIn = (scope: Scope, account: Account, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: scope.url,
      payload: { email: account.email, password },
      remoteAddress,
    });

  const lockMessages = (scope: Scope, account: Account) =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, account.email), eq(outbox.kind, scope.kind)));

  describe.skipIf(onRedis && !withRedis).each(SCOPES)('for $name', (scope) => {
    it('checks 20 of 50 wrong passwords from 10 addresses, then refuses even the right one and mails the owner once', async () => {
      const account = await scope.create(t);
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const answer = await signIn(scope, account, `wrong-${i}`, `203.0.113.${10 + (i % 10)}`);
        statuses.push(answer.statusCode);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILED_LOGINS_PER_ACCOUNT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50 - MAX_FAILED_LOGINS_PER_ACCOUNT);

      // From an address that never failed, the right password waits out the lock too.
      const refused = await signIn(scope, account, account.password, '198.51.100.200');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        code: 'TOO_MANY_REQUESTS',
        message: TOO_MANY_LOGINS_MESSAGE,
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(ACCOUNT_LOCK_MS / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_LOCK_MS / 1000);

      const messages = await lockMessages(scope, account);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.body).toContain(`${MAX_FAILED_LOGINS_PER_ACCOUNT} times`);
      expect(messages[0]?.body).toMatch(scope.link);
      // Fifty sign-ins, each hashing a password: slow on a busy machine.
    }, 60_000);

    it('lifts the lock with the emailed link, once', async () => {
      const account = await scope.create(t);
      for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT; i++) {
        await signIn(scope, account, `wrong-${i}`, `203.0.113.${50 + (i % 4)}`);
      }
      expect((await signIn(scope, account, account.password, '198.51.100.201')).statusCode).toBe(429);
      const [message] = await lockMessages(scope, account);
      const token = message?.body.match(scope.link)?.[1] ?? '';
      expect(token).not.toBe('');

      const unlock = (value: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/unlock', payload: { token: value } });
      const unlocked = await unlock(token);
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      expect(unlocked.json()).toEqual({
        success: true,
        message: 'Your account is unlocked. You can sign in again.',
      });
      expect((await signIn(scope, account, account.password, '198.51.100.201')).statusCode).toBe(200);

      const again = await unlock(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ path: '/token', message: expect.stringMatching(/not valid/) }],
      });
      expect((await unlock('not-a-token')).statusCode).toBe(400);
    }, 60_000);
  });

  describe.skipIf(onRedis && !withRedis)('addresses', () => {
    it('counts the addresses of one IPv6 /64 as one, and an IPv4-mapped address as the IPv4 one', async () => {
      const shopper = await registerShopper(t.app);
      const account = { email: shopper.email, password: shopper.password };
      const shopperScope = SCOPES[1] as Scope;
      for (let i = 1; i <= MAX_FAILED_LOGINS; i++) {
        const answer = await signIn(shopperScope, account, `wrong-${i}`, `2001:db8:7:7::${i.toString(16)}`);
        expect(answer.statusCode).toBe(401);
      }
      expect((await signIn(shopperScope, account, account.password, '2001:db8:7:7:abcd::1')).statusCode).toBe(
        429,
      );
      expect((await signIn(shopperScope, account, account.password, '2001:db8:7:8::1')).statusCode).toBe(200);

      const other = await registerShopper(t.app);
      const second = { email: other.email, password: other.password };
      for (let i = 1; i <= MAX_FAILED_LOGINS; i++) {
        const address = i % 2 === 0 ? '198.51.100.77' : '::ffff:198.51.100.77';
        expect((await signIn(shopperScope, second, `wrong-${i}`, address)).statusCode).toBe(401);
      }
      expect((await signIn(shopperScope, second, second.password, '198.51.100.77')).statusCode).toBe(429);
    });

    it('writes no lock message for an identifier that names no account', async () => {
      const email = `nobody.${Date.now()}@example.org`;
      for (let i = 0; i < 25; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email, password: 'wrong-password' },
          remoteAddress: `203.0.113.${100 + (i % 5)}`,
        });
      }
      expect(
        await t.db.select().from(outbox).where(like(outbox.kind, 'account.locked.%')),
      ).not.toContainEqual(expect.objectContaining({ to: email }));
    });
  });
});
