import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, customers, stores } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { assertMatchesContract } from '../test/contract.ts';
import {
  bearer,
  createStaff,
  loginStaff,
  type RegisteredShopper,
  registerShopper,
} from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { TEST_TOKEN_SECRET } from '../test/test-config.ts';
import type { StaffAuth } from './auth-context.ts';
import { hasPermission, requirePermission } from './permissions.ts';
import { createTokenService } from './tokens.ts';

const key = new TextEncoder().encode(TEST_TOKEN_SECRET);
const tokens = createTokenService({
  secret: TEST_TOKEN_SECRET,
  ttlSeconds: { staff: 3600, customer: 3600, vendor: 3600 },
});
const UNAUTHORIZED = { success: false, code: 'UNAUTHORIZED', message: 'Please sign in again.' };
const FORBIDDEN = { success: false, code: 'FORBIDDEN', message: 'You do not have permission to do this.' };
/** The session id a token carries. */
const sidOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid;
const NO_SESSION = '00000000-0000-4000-8000-000000000001';

describe('bearer token guards', () => {
  let t: TestApp;
  let shopper: RegisteredShopper;
  let staffToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await registerShopper(t.app);
    await createStaff(t.db, {
      email: 'ops@example.com',
      password: 'ops-password-1',
      role: 'Manager',
      permissions: ['orders', 'dashboard', 'disputes'],
    });
    staffToken = await loginStaff(t.app, 'ops@example.com', 'ops-password-1');
  });
  afterAll(() => t.close());

  const profile = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/user/profile', headers });

  it('lets a shopper token through to a customer operation', async () => {
    const response = await profile(bearer(shopper.token));
    expect(response.statusCode).toBe(200);
  });

  describe('answers 401 for', () => {
    const cases: Array<[string, () => Promise<Record<string, string>>]> = [
      ['no Authorization header', async () => ({})],
      ['another scheme', async () => ({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })],
      ['a bearer that is no token', async () => ({ authorization: 'Bearer not-a-token' })],
      [
        'a token cut short',
        async () => ({ authorization: `Bearer ${shopper.token.split('.').slice(0, 2).join('.')}` }),
      ],
      [
        'an expired token',
        async () =>
          bearer(
            await new SignJWT({ username: shopper.username, email: shopper.email, tv: 1 })
              .setProtectedHeader({ alg: 'HS256' })
              .setSubject(shopper.id)
              .setAudience('shop:customer')
              .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
              .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
              .sign(key),
          ),
      ],
      [
        'a wrongly signed token',
        async () =>
          bearer(
            await new SignJWT({ tv: 1 })
              .setProtectedHeader({ alg: 'HS256' })
              .setSubject(shopper.id)
              .setAudience('shop:customer')
              .setExpirationTime('1h')
              .sign(new TextEncoder().encode('somebody-elses-secret-of-enough-length')),
          ),
      ],
      [
        'an alg none token',
        async () =>
          bearer(
            new UnsecuredJWT({ tv: 1 })
              .setSubject(shopper.id)
              .setAudience('shop:customer')
              .setExpirationTime('1h')
              .encode(),
          ),
      ],
      [
        'a token for another audience',
        async () =>
          bearer(
            await new SignJWT({ tv: 1 })
              .setProtectedHeader({ alg: 'HS256' })
              .setSubject(shopper.id)
              .setAudience('billing:customer')
              .setExpirationTime('1h')
              .sign(key),
          ),
      ],
      [
        'a token whose subject is no account id',
        async () =>
          bearer(
            await tokens.signCustomer({
              sub: "1' OR '1'='1",
              sid: NO_SESSION,
              username: 'x',
              email: 'x@example.com',
              tv: 1,
            }),
          ),
      ],
      [
        'a token for an account that does not exist',
        async () =>
          bearer(
            await tokens.signCustomer({
              sub: '00000000-0000-4000-8000-000000000000',
              sid: NO_SESSION,
              username: 'x',
              email: 'x@example.com',
              tv: 1,
            }),
          ),
      ],
      [
        'a token older than the account’s token version',
        async () =>
          bearer(
            await tokens.signCustomer({
              sub: shopper.id,
              sid: sidOf(shopper.token),
              username: shopper.username,
              email: shopper.email,
              tv: 0,
            }),
          ),
      ],
      [
        'a token that names no session',
        async () =>
          bearer(
            await new SignJWT({ username: shopper.username, email: shopper.email, tv: 1 })
              .setProtectedHeader({ alg: 'HS256' })
              .setSubject(shopper.id)
              .setAudience('shop:customer')
              .setExpirationTime('1h')
              .sign(key),
          ),
      ],
      [
        'a token whose session does not exist',
        async () =>
          bearer(
            await tokens.signCustomer({
              sub: shopper.id,
              sid: NO_SESSION,
              username: shopper.username,
              email: shopper.email,
              tv: 1,
            }),
          ),
      ],
    ];

    it.each(cases)('%s', async (_label, headers) => {
      const response = await profile(await headers());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
      assertMatchesContract('getProfile', response);
    });
  });

  it('ends a token once the account’s token version moves on', async () => {
    const other = await registerShopper(t.app);
    expect((await profile(bearer(other.token))).statusCode).toBe(200);
    await t.db
      .update(customers)
      .set({ tokenVersion: sql`${customers.tokenVersion} + 1` })
      .where(eq(customers.id, other.id));
    expect((await profile(bearer(other.token))).statusCode).toBe(401);
  });

  it('answers 403 to a shopper token on a staff operation', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stats/overview',
      headers: bearer(shopper.token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
    assertMatchesContract('getStatsOverview', response);
  });

  it('answers 403 to a staff token on a shopper operation', async () => {
    const response = await profile(bearer(staffToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
  });

  it('lets a staff token through to a staff operation', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stats/overview',
      headers: bearer(staffToken),
    });
    // Past the guard: the operation answers.
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getStatsOverview', response);
  });

  it('checks the token before the body, so callers without one learn nothing about inputs', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(401);
  });

  describe('an operation open to staff or shoppers', () => {
    const stats = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/dispute/stats', headers });

    it('admits both', async () => {
      expect((await stats(bearer(shopper.token))).statusCode).toBe(200);
      expect((await stats(bearer(staffToken))).statusCode).toBe(200);
    });

    it('answers 401 without a token and 403 to a vendor', async () => {
      expect((await stats()).statusCode).toBe(401);
      const [store] = await t.db
        .insert(stores)
        .values({ name: 'Vendor Co', email: 'vendor@example.com' })
        .returning();
      const vendorToken = await tokens.signVendor({
        sub: store?.id ?? '',
        sid: randomUUID(),
        name: 'Vendor Co',
        email: 'vendor@example.com',
        tv: 1,
      });
      const response = await stats(bearer(vendorToken));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    });

    it('answers 401 to a stale shopper token', async () => {
      const stale = await tokens.signCustomer({
        sub: shopper.id,
        sid: sidOf(shopper.token),
        username: shopper.username,
        email: shopper.email,
        tv: 7,
      });
      expect((await stats(bearer(stale))).statusCode).toBe(401);
    });
  });

  it('answers 403 to a suspended staff member’s token', async () => {
    const row = await createStaff(t.db, { email: 'gone@example.com', password: 'gone-password-1' });
    const token = await loginStaff(t.app, 'gone@example.com', 'gone-password-1');
    await t.db.update(admins).set({ status: 'Suspended' }).where(eq(admins.id, row.id));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stats/overview',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This account is suspended.' });
  });
});

describe('staff permissions', () => {
  const staff = (role: string, permissions: StaffAuth['permissions']): StaffAuth => ({
    kind: 'staff',
    sessionId: NO_SESSION,
    id: '0b6f4c3e-2a51-4d8e-9f27-3c1a5e7d9b20',
    name: 'Someone',
    email: 'someone@example.com',
    role,
    permissions,
  });
  const requestAs = (auth: StaffAuth | null) => ({ auth }) as FastifyRequest;

  it('grants what the account lists, and everything to a SuperAdmin', () => {
    expect(hasPermission(staff('Editor', ['products']), 'products')).toBe(true);
    expect(hasPermission(staff('Editor', ['products']), 'orders')).toBe(false);
    expect(hasPermission(staff('SuperAdmin', []), 'admins')).toBe(true);
  });

  it('refuses with 403, or 401 without a staff member', () => {
    expect(requirePermission(requestAs(staff('Support', ['disputes'])), 'disputes').role).toBe('Support');
    expect(() => requirePermission(requestAs(staff('Support', ['disputes'])), 'settings')).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'FORBIDDEN' }),
    );
    const error = (() => {
      try {
        requirePermission(requestAs(null), 'settings');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(401);
  });
});
