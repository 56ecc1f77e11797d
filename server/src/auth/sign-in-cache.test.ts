import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../db/schema.ts';
import { SIGN_IN_CACHE_MS } from '../http/short-cache.ts';
import { bearer, createStaff, demoAdminToken, loginStaff, registerShopper } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** With the production setting: a sign-in found good is reused for a second, and any change here clears it. */
describe('sign-ins reused for a moment', () => {
  let t: TestApp;
  let superAdmin: string;
  let staffCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { signInCacheMs: SIGN_IN_CACHE_MS } });
    superAdmin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  const staffList = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/product/?limit=1', headers: bearer(token) });
  const orders = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(token) });

  async function staffWith(permissions: ('orders' | 'products')[]) {
    staffCount += 1;
    const email = `cached${staffCount}@example.org`;
    const row = await createStaff(t.db, {
      email,
      password: 'cached-password-1',
      role: 'Manager',
      permissions,
    });
    return { id: row.id, token: await loginStaff(t.app, email, 'cached-password-1') };
  }

  it('ends a shopper’s token at once when they sign out', async () => {
    const { token } = await registerShopper(t.app);
    expect((await profile(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('ends a device’s token at once when staff revoke it', async () => {
    const staff = await staffWith(['orders']);
    const other = await loginStaff(t.app, `cached${staffCount}@example.org`, 'cached-password-1');
    expect((await orders(other)).statusCode).toBe(200);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sessions',
      headers: bearer(staff.token),
    });
    const target = sessions
      .json<{ data: { id: string; current: boolean }[] }>()
      .data.find((session) => !session.current);
    if (!target) throw new Error('the second device has no session');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${target.id}`,
      headers: bearer(staff.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await orders(other)).statusCode).toBe(401);
    expect((await orders(staff.token)).statusCode).toBe(200);
  });

  it('applies a suspension and a lost permission to the very next request', async () => {
    const suspended = await staffWith(['orders']);
    const narrowed = await staffWith(['orders', 'products']);
    expect((await orders(suspended.token)).statusCode).toBe(200);
    expect((await orders(narrowed.token)).statusCode).toBe(200);

    const suspend = await t.app.inject({
      method: 'PATCH',
      url: `/api/admins/${suspended.id}`,
      headers: bearer(superAdmin),
      payload: { status: 'Suspended' },
    });
    expect(suspend.statusCode).toBe(200);
    expect((await orders(suspended.token)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await orders(suspended.token)).statusCode).toBeLessThanOrEqual(403);

    const narrow = await t.app.inject({
      method: 'PATCH',
      url: `/api/admins/${narrowed.id}`,
      headers: bearer(superAdmin),
      payload: { permissions: ['products'] },
    });
    expect(narrow.statusCode).toBe(200);
    expect((await orders(narrowed.token)).statusCode).toBe(403);
    expect((await staffList(narrowed.token)).statusCode).toBe(200);
  });

  it('sees a change made elsewhere (another instance) within the second', async () => {
    const staff = await staffWith(['orders']);
    expect((await orders(staff.token)).statusCode).toBe(200);
    // Behind this instance's back, as another instance would.
    await t.db.update(admins).set({ permissions: [] }).where(eq(admins.id, staff.id));
    expect((await orders(staff.token)).statusCode).toBe(200);
    await wait(SIGN_IN_CACHE_MS + 50);
    expect((await orders(staff.token)).statusCode).toBe(403);
  });

  it('never serves a token for another kind of account from the cache', async () => {
    const { token } = await registerShopper(t.app);
    expect((await profile(token)).statusCode).toBe(200);
    expect((await orders(token)).statusCode).toBe(403);
    expect((await profile(superAdmin)).statusCode).toBe(403);
  });
});

describe('a cached sign-in', () => {
  it('never outlives its token', async () => {
    const t = await createTestApp({
      config: {
        signInCacheMs: 60_000,
        tokenTtlSeconds: { staff: 3600, customer: 2, vendor: 3600 },
      },
    });
    try {
      const { token } = await registerShopper(t.app);
      const profile = () => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
      expect((await profile()).statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(200);
      await wait(2100);
      expect((await profile()).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
