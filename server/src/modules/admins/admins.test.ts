import { and, desc, eq, like, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, admins, loginAttempts, sessions } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { createStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('POST /api/admin/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, remoteAddress });

  it('signs the demo super admin in with a staff token', async () => {
    const response = await login('admin@example.com', 'admin12345');
    expect(response.statusCode).toBe(200);
    assertMatchesContract('adminLogin', response);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful.',
      data: {
        admin: {
          name: 'Store Admin',
          email: 'admin@example.com',
          role: 'SuperAdmin',
          status: 'Active',
          permissions: [
            'dashboard',
            'products',
            'orders',
            'users',
            'admins',
            'reports',
            'settings',
            'disputes',
            'refunds',
            'analytics',
          ],
        },
      },
    });
    expect(body.data.admin).not.toHaveProperty('passwordHash');
    expect(Date.parse(body.data.admin.lastLogin)).toBeGreaterThan(Date.now() - 60_000);

    const payload = decodeJwt(body.data.token);
    expect(payload).toMatchObject({
      sub: body.data.admin._id,
      aud: 'shop:staff',
      email: 'admin@example.com',
      name: 'Store Admin',
      role: 'SuperAdmin',
      tv: 1,
    });
    expect(payload.exp).toBe((payload.iat ?? 0) + 8 * 60 * 60);
    expect(body.data.twoFactorSetupRequired).toBe(false);
    // Every sign-in opens a session (a trusted device) the token names, expiring with the token.
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(payload.sid)));
    expect(session).toMatchObject({ actorType: 'admin', accountId: body.data.admin._id, ip: '198.51.100.1' });
    expect(Math.round((session?.expiresAt.getTime() ?? 0) / 1000)).toBeCloseTo(payload.exp ?? 0, -1);
  });

  it('ignores the case of the email', async () => {
    expect((await login('Admin@Example.COM', 'admin12345')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    for (const [email, password] of [
      ['admin@example.com', 'admin1234'],
      ['nobody@example.com', 'admin12345'],
    ] as const) {
      const response = await login(email, password, '198.51.100.2');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNAUTHORIZED',
        message: 'Invalid email or password.',
      });
      assertMatchesContract('adminLogin', response);
    }
  });

  it('writes sign-ins and failed attempts to the activity log', async () => {
    await login('manager@example.com', 'wrong-password', '198.51.100.3');
    await login('manager@example.com', 'manager12345', '198.51.100.3');
    const rows = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.actorEmail, 'manager@example.com'), eq(activityLog.action, 'admin.login')))
      .orderBy(desc(activityLog.at));
    expect(rows.map((row) => row.outcome)).toEqual(['success', 'failed']);
    expect(rows[0]).toMatchObject({ actorName: 'Farhan Ahmed', ip: '198.51.100.3' });
  });

  describe('after five failures for one email and address', () => {
    const ip = '203.0.113.77';
    beforeAll(async () => {
      await createStaff(t.db, { email: 'locked@example.com', password: 'right-password-1' });
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login('locked@example.com', `wrong-${attempt}`, ip)).statusCode).toBe(401);
      }
    });

    it('refuses further attempts, even with the right password, for 15 minutes', async () => {
      const response = await login('locked@example.com', 'right-password-1', ip);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        success: false,
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed login attempts. Please try again later.',
      });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      assertMatchesContract('adminLogin', response);
    });

    it('still admits the same email from another address', async () => {
      expect((await login('locked@example.com', 'right-password-1', '203.0.113.78')).statusCode).toBe(200);
    });

    it('lets the email in again once the window has passed', async () => {
      await t.db
        .update(loginAttempts)
        .set({ at: sql`${loginAttempts.at} - interval '16 minutes'` })
        .where(like(loginAttempts.key, `staff:account:%:${ip}`));
      expect((await login('locked@example.com', 'right-password-1', ip)).statusCode).toBe(200);
    });
  });

  it('starts counting again after a successful sign-in', async () => {
    await createStaff(t.db, { email: 'forgetful@example.com', password: 'right-password-2' });
    const ip = '203.0.113.90';
    for (let attempt = 1; attempt <= 4; attempt++) await login('forgetful@example.com', 'wrong', ip);
    expect((await login('forgetful@example.com', 'right-password-2', ip)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login('forgetful@example.com', 'wrong', ip)).statusCode).toBe(401);
    }
  });

  it('refuses a suspended account with 403', async () => {
    const row = await createStaff(t.db, { email: 'suspended@example.com', password: 'right-password-3' });
    await t.db.update(admins).set({ status: 'Suspended' }).where(eq(admins.id, row.id));
    const response = await login('suspended@example.com', 'right-password-3');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: 'This account is suspended.',
    });
    assertMatchesContract('adminLogin', response);
  });

  it('signs the narrower staff roles in with their own permissions', async () => {
    const response = await login('editor@example.com', 'editor12345');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.admin).toMatchObject({ role: 'Editor', permissions: ['products'] });
  });
});
