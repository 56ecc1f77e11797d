import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, admins, customers, orders, outbox } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import {
  bearer,
  demoAdminToken,
  limitedStaffToken,
  loginCustomer,
  type RegisteredShopper,
  registerShopper,
} from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { hashInviteToken, STAFF_READ_ONLY, USER_NOT_FOUND } from './users.handlers.ts';

interface UserAccountBody {
  _id: string;
  name: string;
  email: string;
  role: 'admin' | 'manager' | 'user';
  status: 'Active' | 'Inactive';
  kind: 'shopper' | 'staff';
  staffRole: string | null;
  invited: boolean;
}
interface ListBody {
  data: UserAccountBody[];
  meta: { page: number; limit: number; total: number };
  stats: { total: number; active: number; admins: number; newThisMonth: number };
}

/** A storefront address other than the default, so the invitation link is seen to follow STORE_URL. */
const STORE_URL = 'https://shop.example';

describe('users management API', () => {
  let t: TestApp;
  let admin: string;
  /** Staff holding the users permission only. */
  let usersOnly: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { storeUrl: STORE_URL } });
    admin = await demoAdminToken(t.app);
    usersOnly = await limitedStaffToken(t.app, t.db, ['users'], 'Support');
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('mixes shoppers (role user) and staff (admin, manager) and counts the stat cards', async () => {
      const shopper = await registerShopper(t.app, { name: 'Listed Shopper' });
      const response = await call('GET', '/users?limit=100', usersOnly);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listUsers', response);
      const body = response.json<ListBody>();

      const row = body.data.find((entry) => entry._id === shopper.id);
      expect(row).toMatchObject({ role: 'user', kind: 'shopper', status: 'Active', staffRole: null });
      const superAdmin = body.data.find((entry) => entry.email === 'admin@example.com');
      expect(superAdmin).toMatchObject({ role: 'admin', kind: 'staff', staffRole: 'SuperAdmin' });

      const shoppers = await t.db.select().from(customers);
      const staff = await t.db.select().from(admins);
      expect(body.meta.total).toBe(shoppers.length + staff.length);
      expect(body.stats.total).toBe(shoppers.length + staff.length);
      expect(body.stats.admins).toBe(staff.filter((s) => ['SuperAdmin', 'Manager'].includes(s.role)).length);
      const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
      expect(body.stats.newThisMonth).toBe(
        [...shoppers, ...staff].filter((account) => account.createdAt >= monthStart).length,
      );
      expect(body.stats.active).toBe(
        shoppers.filter((s) => s.status === 'Active').length +
          staff.filter((s) => s.status === 'Active').length,
      );
    });

    it('searches name or email and filters by role and status, paging the result', async () => {
      await registerShopper(t.app, { name: 'Zubaida Filterable', email: 'zubaida.filter@example.org' });
      const byName = (await call('GET', '/users?q=filterable', admin)).json<ListBody>();
      expect(byName.data.map((row) => row.email)).toEqual(['zubaida.filter@example.org']);
      const byEmail = (await call('GET', '/users?q=ZUBAIDA.FILTER', admin)).json<ListBody>();
      expect(byEmail.meta.total).toBe(1);

      const users = (await call('GET', '/users?role=user&limit=100', admin)).json<ListBody>();
      expect(users.data.every((row) => row.kind === 'shopper')).toBe(true);
      const managers = (await call('GET', '/users?role=manager&limit=100', admin)).json<ListBody>();
      expect(managers.data.length).toBeGreaterThan(0);
      expect(managers.data.every((row) => row.kind === 'staff' && row.staffRole !== 'SuperAdmin')).toBe(true);

      const page = (await call('GET', '/users?limit=2&page=2', admin)).json<ListBody>();
      expect(page.meta).toMatchObject({ page: 2, limit: 2 });
      expect(page.data).toHaveLength(2);

      const none = await call('GET', '/users?q=nobody-is-called-this', admin);
      expect(none.json<ListBody>()).toMatchObject({ data: [], meta: { total: 0 } });
    });

    it('refuses a role outside admin, manager and user', async () => {
      const response = await call('GET', '/users?role=SuperAdmin', admin);
      expect(response.statusCode).toBe(400);
    });
  });

  describe('create', () => {
    it('creates a shopper who can sign in to the storefront at once, and logs it', async () => {
      const response = await call('POST', '/users', usersOnly, {
        name: 'Created Shopper',
        email: 'Created.Shopper@Example.org',
        password: 'Sunrise-2026',
        role: 'user',
      });
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('createUser', response);
      const body = response.json<{ message: string; data: UserAccountBody }>();
      expect(body.message).toBe('User created successfully!');
      expect(body.data).toMatchObject({
        email: 'created.shopper@example.org',
        role: 'user',
        kind: 'shopper',
      });
      await loginCustomer(t.app, 'created.shopper@example.org', 'Sunrise-2026');

      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.target, `user:${body.data._id}`));
      expect(entry).toMatchObject({ action: 'user.create', actorEmail: expect.stringContaining('limited') });
    });

    it('answers a message per missing or invalid field', async () => {
      const blank = await call('POST', '/users', admin, { name: ' ', email: '', password: '' });
      expect(blank.statusCode).toBe(400);
      assertMatchesContract('createUser', blank);
      expect(blank.json<{ errors: unknown[] }>().errors).toEqual([
        { path: '/name', message: 'Name is required' },
        { path: '/email', message: 'Email is required' },
        { path: '/password', message: 'Password is required' },
      ]);
      const invalid = await call('POST', '/users', admin, {
        name: 'A B',
        email: 'not-an-email',
        password: 'short',
      });
      expect(invalid.json<{ errors: unknown[] }>().errors).toEqual([
        { path: '/email', message: 'Email is invalid' },
        { path: '/password', message: 'Password must be at least 8 characters' },
      ]);
    });

    it('refuses an email that already has an account', async () => {
      const shopper = await registerShopper(t.app);
      const response = await call('POST', '/users', admin, {
        name: 'Twice',
        email: shopper.email,
        password: 'Sunrise-2026',
        role: 'user',
      });
      expect(response.statusCode).toBe(409);
      assertMatchesContract('createUser', response);
    });

    it('creates staff accounts for admin and manager, only for staff who may manage admins', async () => {
      const payload = {
        name: 'Rafiq Islam',
        email: 'rafiq.staff@example.org',
        password: 'Strong-Pass-9',
        role: 'admin',
      };
      const refused = await call('POST', '/users', usersOnly, payload);
      expect(refused.statusCode).toBe(403);

      const created = await call('POST', '/users', admin, payload);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<{ data: UserAccountBody }>().data).toMatchObject({
        role: 'admin',
        kind: 'staff',
        staffRole: 'Manager',
      });
      const [row] = await t.db.select().from(admins).where(eq(admins.email, 'rafiq.staff@example.org'));
      expect(row).toMatchObject({ firstName: 'Rafiq', lastName: 'Islam', role: 'Manager', status: 'Active' });

      const editor = await call('POST', '/users', admin, {
        name: 'Mim Chowdhury',
        email: 'mim.staff@example.org',
        password: 'Strong-Pass-9',
        role: 'manager',
      });
      expect(editor.json<{ data: UserAccountBody }>().data).toMatchObject({
        role: 'manager',
        staffRole: 'Editor',
      });

      const oneWord = await call('POST', '/users', admin, {
        ...payload,
        name: 'Rafiq',
        email: 'x@example.org',
      });
      expect(oneWord.statusCode).toBe(400);
    });
  });

  describe('deactivate, activate, edit', () => {
    let shopper: RegisteredShopper;
    beforeAll(async () => {
      shopper = await registerShopper(t.app, { name: 'Deactivated Later' });
    });

    it("ends the shopper's tokens and refuses their sign-in with a clear message", async () => {
      const profileBefore = await call('GET', '/user/profile', shopper.token);
      expect(profileBefore.statusCode).toBe(200);

      const response = await call('PATCH', `/users/${shopper.id}`, usersOnly, { status: 'Inactive' });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateUser', response);
      expect(response.json<{ data: UserAccountBody }>().data.status).toBe('Inactive');

      expect((await call('GET', '/user/profile', shopper.token)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: shopper.email, password: shopper.password },
      });
      expect(login.statusCode).toBe(403);
      assertMatchesContract('customerLogin', login);
      expect(login.json<{ message: string }>().message).toBe(
        'This account has been deactivated. Please contact the store.',
      );
      // A wrong password still says only that the credentials are wrong.
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: shopper.email, password: 'wrong-password' },
      });
      expect(guess.statusCode).toBe(401);

      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.target, `user:${shopper.id}`), eq(activityLog.action, 'user.update')))
        .orderBy(desc(activityLog.at));
      expect(entry?.details).toEqual({ before: { status: 'Active' }, after: { status: 'Inactive' } });
    });

    it('lets an activated shopper sign in again', async () => {
      const response = await call('PATCH', `/users/${shopper.id}`, admin, { status: 'Active' });
      expect(response.statusCode).toBe(200);
      await loginCustomer(t.app, shopper.email, shopper.password);
    });

    it('edits name, email, phone and address, refusing a taken email', async () => {
      const other = await registerShopper(t.app);
      const response = await call('PATCH', `/users/${shopper.id}`, admin, {
        name: 'Renamed Shopper',
        email: 'renamed.shopper@example.org',
        phone: '+880 1712-000111',
        address: 'House 1, Road 1, Gulshan',
      });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await t.db.select().from(customers).where(eq(customers.id, shopper.id));
      expect(row).toMatchObject({
        name: 'Renamed Shopper',
        email: 'renamed.shopper@example.org',
        phone: '+8801712000111',
        address: 'House 1, Road 1, Gulshan',
      });
      const clash = await call('PATCH', `/users/${shopper.id}`, admin, { email: other.email });
      expect(clash.statusCode).toBe(409);
      assertMatchesContract('updateUser', clash);
    });

    it('leaves staff accounts to the Admin list and answers 404 for unknown ids', async () => {
      const [staff] = await t.db.select().from(admins).limit(1);
      const response = await call('PATCH', `/users/${staff?.id}`, admin, { status: 'Inactive' });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(STAFF_READ_ONLY);
      const missing = await call('PATCH', '/users/3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', admin, {
        name: 'X',
      });
      expect(missing.statusCode).toBe(404);
      assertMatchesContract('updateUser', missing);
    });
  });

  describe('delete', () => {
    it('anonymises the account and keeps its orders for the books', async () => {
      const shopper = await registerShopper(t.app, { name: 'Leaving Shopper' });
      const order = await insertTestOrder(t.db, { customerId: shopper.id, customerName: 'Leaving Shopper' });

      const response = await call('DELETE', `/users/${shopper.id}`, usersOnly);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('deleteUser', response);

      const [row] = await t.db.select().from(customers).where(eq(customers.id, shopper.id));
      expect(row).toMatchObject({
        name: 'Deleted user',
        email: `deleted-${shopper.id}@invalid`,
        phone: null,
        address: null,
        deletedAt: expect.any(Date),
      });
      const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(kept?.customerId).toBe(shopper.id);

      expect((await call('GET', '/user/profile', shopper.token)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: shopper.email, password: shopper.password },
      });
      expect(login.statusCode).toBe(401);
      expect((await call('GET', `/users/${shopper.id}`, admin)).statusCode).toBe(404);
      const listed = (
        await call('GET', `/users?q=${encodeURIComponent(shopper.email)}`, admin)
      ).json<ListBody>();
      expect(listed.meta.total).toBe(0);
      expect((await call('DELETE', `/users/${shopper.id}`, admin)).statusCode).toBe(404);
    });
  });

  describe('bulk', () => {
    it('activates, deactivates and deletes each shopper, refusing staff and unknown ids', async () => {
      const a = await registerShopper(t.app);
      const b = await registerShopper(t.app);
      const [staff] = await t.db.select().from(admins).limit(1);
      const unknown = '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f';

      const off = await call('POST', '/users/bulk', usersOnly, {
        action: 'deactivate',
        ids: [a.id, b.id, staff?.id, unknown],
      });
      expect(off.statusCode, off.body).toBe(200);
      assertMatchesContract('bulkUpdateUsers', off);
      expect(off.json<{ data: unknown }>().data).toEqual({
        done: [a.id, b.id],
        failed: [
          { id: staff?.id, message: STAFF_READ_ONLY },
          { id: unknown, message: USER_NOT_FOUND },
        ],
      });
      expect((await call('GET', '/user/profile', a.token)).statusCode).toBe(401);

      const on = await call('POST', '/users/bulk', admin, { action: 'activate', ids: [a.id] });
      expect(on.json<{ data: { done: string[] } }>().data.done).toEqual([a.id]);
      await loginCustomer(t.app, a.email, a.password);

      const gone = await call('POST', '/users/bulk', admin, { action: 'delete', ids: [b.id] });
      expect(gone.json<{ data: { done: string[] } }>().data.done).toEqual([b.id]);
      const [row] = await t.db.select().from(customers).where(eq(customers.id, b.id));
      expect(row?.name).toBe('Deleted user');
    });

    it('refuses an unknown action or an empty list', async () => {
      expect((await call('POST', '/users/bulk', admin, { action: 'ban', ids: [] })).statusCode).toBe(400);
    });
  });

  describe('invite', () => {
    const latestToken = async (email: string) => {
      const [message] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.kind, 'invitation')))
        .orderBy(desc(outbox.createdAt));
      // The link is a line of its own: the storefront's invitation screen with the token (32 random bytes).
      const token = /^https:\/\/shop\.example\/invitation\?token=([A-Za-z0-9_-]{43})$/m.exec(
        message?.body ?? '',
      )?.[1];
      if (!token) throw new Error(`no invitation link for ${email} in ${JSON.stringify(message?.body)}`);
      return token;
    };

    it('writes an invitation to the outbox, keeps only its hash, and the token sets a password once', async () => {
      const email = 'invited.shopper@example.org';
      const response = await call('POST', '/users/invite', usersOnly, { email, name: 'Karim Hasan' });
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('inviteUser', response);
      const body = response.json<{ data: { user: UserAccountBody; expiresAt: string } }>().data;
      expect(body.user).toMatchObject({ email, name: 'Karim Hasan', invited: true, role: 'user' });
      const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);

      const token = await latestToken(email);
      const [message] = await t.db.select().from(outbox).where(eq(outbox.to, email));
      expect(message?.body).toBe(
        'Hello Karim Hasan,\n\nYou have been invited to open an account at the store. To accept, open this ' +
          'link and choose a password (it works once, for 7 days):\n\n' +
          `${STORE_URL}/invitation?token=${token}\n`,
      );
      const [row] = await t.db.select().from(customers).where(eq(customers.email, email));
      expect(row?.inviteTokenHash).toBe(hashInviteToken(token));
      expect(row?.inviteTokenHash).not.toContain(token);

      const accept = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/invitation/accept',
          payload: { token, password: 'Chosen-Pass-1' },
        });
      const accepted = await accept();
      expect(accepted.statusCode, accepted.body).toBe(200);
      assertMatchesContract('acceptInvitation', accepted);
      await loginCustomer(t.app, email, 'Chosen-Pass-1');

      const again = await accept();
      expect(again.statusCode).toBe(400);
      assertMatchesContract('acceptInvitation', again);
      expect(again.json<{ message: string }>().message).toBe(
        'This invitation link is invalid or has expired.',
      );

      // An account that has accepted is no longer waiting for an invitation.
      expect((await call('POST', '/users/invite', admin, { email })).statusCode).toBe(409);
    });

    it('re-invites a pending account with a new token, and refuses an expired one', async () => {
      const email = 'reinvited@example.org';
      await call('POST', '/users/invite', admin, { email });
      const first = await latestToken(email);
      const renewed = await call('POST', '/users/invite', admin, { email });
      expect(renewed.statusCode).toBe(201);
      const second = await latestToken(email);
      expect(second).not.toBe(first);

      const accept = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/invitation/accept',
          payload: { token, password: 'Chosen-Pass-1' },
        });
      expect((await accept(first)).statusCode).toBe(400);
      await t.db
        .update(customers)
        .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(customers.email, email));
      expect((await accept(second)).statusCode).toBe(400);
    });

    it('cannot sign in to an invited account before it is accepted', async () => {
      const email = 'not.yet@example.org';
      await call('POST', '/users/invite', admin, { email });
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email, password: 'anything-at-all' },
      });
      expect(guess.statusCode).toBe(401);
    });
  });

  describe('details', () => {
    it('shows the profile, orders, disputes, wishlist and recent activity of a shopper', async () => {
      const shopper = await registerShopper(t.app, { name: 'Detailed Shopper' });
      const order = await insertTestOrder(t.db, {
        customerId: shopper.id,
        lines: [{ productId: null, name: 'Desk Lamp', quantity: 3, unitPriceMinor: 4_115 }],
      });
      await call('PATCH', `/users/${shopper.id}`, admin, { address: 'House 9, Road 3, Uttara' });

      const response = await call('GET', `/users/${shopper.id}`, usersOnly);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('getUser', response);
      const data = response.json<{
        data: {
          user: UserAccountBody;
          profile: { address: string; totalOrders: number };
          orders: Array<{ id: string; total: number }>;
          activity: Array<{ action: string }>;
        };
      }>().data;
      expect(data.user.name).toBe('Detailed Shopper');
      expect(data.profile).toMatchObject({ address: 'House 9, Road 3, Uttara', totalOrders: 1 });
      // User Details counts the order's items.
      expect(data.orders).toEqual([
        expect.objectContaining({ id: order.orderNumber, total: 123.45, items: 3 }),
      ]);
      // The staff change and the shopper's own order both show, newest first.
      expect(data.activity.map((entry) => entry.action)).toEqual([
        'user.update',
        `Placed order ${order.orderNumber}`,
      ]);

      const [staff] = await t.db.select().from(admins).limit(1);
      expect((await call('GET', `/users/${staff?.id}`, admin)).statusCode).toBe(404);
    });
  });
});
