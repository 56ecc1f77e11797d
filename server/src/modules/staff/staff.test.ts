import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, activityLog, admins, outbox, roles } from '../../db/schema.ts';
import { DEMO_ADMIN } from '../../db/seed/accounts.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, limitedStaffToken, loginStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SUPER_ADMIN_ONLY } from '../roles/index.ts';
import { changeStaff, LAST_SUPER_ADMIN, OWN_ACCOUNT, StaffRefusal } from './staff.repository.ts';

interface StaffBody {
  _id: string;
  name: string;
  email: string;
  role: string;
  department: string | null;
  permissions: string[];
  status: string;
}
interface ListBody {
  data: StaffBody[];
  meta: { page: number; limit: number; total: number };
  stats: { total: number; active: number; suspended: number; pending: number };
}

const GOOD_PASSWORD = 'Catalog-Keeper-7';

let created = 0;
function newAdmin(overrides: Record<string, unknown> = {}) {
  created += 1;
  return {
    firstName: 'Farhana',
    lastName: `Akter${created}`,
    email: `staff${created}.${Date.now()}@example.org`,
    phone: '+8801712345678',
    role: 'Editor',
    department: 'Product Management',
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    isActive: true,
    sendWelcomeEmail: false,
    ...overrides,
  };
}

describe('admin accounts API', () => {
  let t: TestApp;
  let superAdmin: string;
  let superAdminId: string;
  /** A Manager holding the admins permission (not a SuperAdmin) and those of the roles it hands out here. */
  let adminsHolder: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  const create = async (token: string, overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/admins', token, newAdmin(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: StaffBody }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    superAdmin = await demoAdminToken(t.app);
    const [row] = await t.db.select().from(admins).where(eq(admins.email, DEMO_ADMIN.email));
    superAdminId = row?.id ?? '';
    adminsHolder = await limitedStaffToken(
      t.app,
      t.db,
      ['admins', 'dashboard', 'products', 'orders', 'disputes'],
      'Manager',
    );
  });
  afterAll(() => t.close());

  describe('create', () => {
    it("answers spec 2 §5's message for each field", async () => {
      const blank = await call('POST', '/admins', superAdmin, {
        firstName: '',
        lastName: ' ',
        email: '',
        password: '',
        confirmPassword: '',
      });
      expect(blank.statusCode).toBe(400);
      assertMatchesContract('createAdmin', blank);
      expect(blank.json<{ errors: unknown[] }>().errors).toEqual([
        { path: '/firstName', message: 'First name is required' },
        { path: '/lastName', message: 'Last name is required' },
        { path: '/email', message: 'Email is required' },
        { path: '/role', message: 'Role is required' },
        { path: '/password', message: 'Password is required' },
      ]);

      const wrong = await call(
        'POST',
        '/admins',
        superAdmin,
        newAdmin({ email: 'farhana-at-example', password: 'Short1!', confirmPassword: 'Other1!' }),
      );
      expect(wrong.json<{ errors: unknown[] }>().errors).toEqual([
        { path: '/email', message: 'Email is invalid' },
        { path: '/password', message: 'Password must be at least 8 characters' },
        { path: '/confirmPassword', message: 'Passwords do not match' },
      ]);
    });

    it("enforces the store's password policy", async () => {
      const weak = await call(
        'POST',
        '/admins',
        superAdmin,
        newAdmin({ password: 'alllowercase', confirmPassword: 'alllowercase' }),
      );
      expect(weak.statusCode).toBe(400);
      assertMatchesContract('createAdmin', weak);
    });

    it("creates the account with the role's default permissions, logs it and can sign in", async () => {
      const body = newAdmin();
      const response = await call('POST', '/admins', adminsHolder, body);
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('createAdmin', response);
      expect(response.json<{ message: string }>().message).toBe('Admin user created successfully!');
      const data = response.json<{ data: StaffBody }>().data;
      const [editor] = await t.db.select().from(roles).where(eq(roles.name, 'Editor'));
      expect(data).toMatchObject({
        name: `Farhana ${body.lastName}`,
        role: 'Editor',
        department: 'Product Management',
        status: 'Active',
        permissions: editor?.permissions,
      });
      await loginStaff(t.app, body.email, GOOD_PASSWORD);

      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.target, `admin:${data._id}`));
      expect(entry).toMatchObject({ action: 'admin.create', outcome: 'success' });
      expect(entry?.details).toMatchObject({ before: null, after: { email: body.email, role: 'Editor' } });
      const mail = await t.db.select().from(outbox).where(eq(outbox.to, body.email));
      expect(mail).toEqual([]);
    });

    it('keeps the chosen permissions, writes a welcome message, and makes an inactive account Pending', async () => {
      const body = newAdmin({
        role: 'Support',
        permissions: ['orders', 'dashboard', 'disputes'],
        isActive: false,
        sendWelcomeEmail: true,
      });
      const response = await call('POST', '/admins', superAdmin, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ data: StaffBody }>().data).toMatchObject({
        permissions: ['dashboard', 'orders', 'disputes'],
        status: 'Pending',
      });
      const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, body.email));
      expect(mail).toMatchObject({ kind: 'welcome', subject: 'Welcome to the store back office' });
      expect(mail?.body).not.toContain(GOOD_PASSWORD);

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: body.email, password: GOOD_PASSWORD },
      });
      expect(login.statusCode).toBe(403);
    });

    it('refuses a taken email, and a SuperAdmin made by anyone but a SuperAdmin', async () => {
      const taken = await call('POST', '/admins', superAdmin, newAdmin({ email: DEMO_ADMIN.email }));
      expect(taken.statusCode).toBe(409);
      assertMatchesContract('createAdmin', taken);

      const escalation = await call('POST', '/admins', adminsHolder, newAdmin({ role: 'SuperAdmin' }));
      expect(escalation.statusCode).toBe(403);
      expect(escalation.json<{ message: string }>().message).toBe(SUPER_ADMIN_ONLY);
    });
  });

  describe('list', () => {
    it('pages, searches and filters, with the stat cards over every account', async () => {
      const pending = await create(superAdmin, { lastName: 'Listable', isActive: false, role: 'Viewer' });
      const response = await call('GET', '/admins?limit=100', adminsHolder);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listAdmins', response);
      const body = response.json<ListBody>();
      const rows = await t.db.select().from(admins);
      expect(body.stats).toEqual({
        total: rows.length,
        active: rows.filter((row) => row.status === 'Active').length,
        suspended: rows.filter((row) => row.status === 'Suspended').length,
        pending: rows.filter((row) => row.status === 'Pending').length,
      });
      expect(body.meta.total).toBe(rows.length);

      const found = (await call('GET', '/admins?q=listable', superAdmin)).json<ListBody>();
      expect(found.data.map((row) => row._id)).toEqual([pending._id]);
      const filtered = (
        await call('GET', '/admins?q=listable&status=Pending&role=Viewer', superAdmin)
      ).json<ListBody>();
      expect(filtered.meta.total).toBe(1);
      const other = (await call('GET', '/admins?q=listable&status=Active', superAdmin)).json<ListBody>();
      expect(other.data).toEqual([]);
      expect((await call('GET', '/admins?status=Gone', superAdmin)).statusCode).toBe(400);
    });
  });

  describe('update', () => {
    it("changes role (to that role's defaults), department and names, logging before and after", async () => {
      const staff = await create(superAdmin);
      const response = await call('PATCH', `/admins/${staff._id}`, adminsHolder, {
        role: 'Support',
        department: 'Customer Support',
        lastName: 'Renamed',
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateAdmin', response);
      const [support] = await t.db.select().from(roles).where(eq(roles.name, 'Support'));
      expect(response.json<{ data: StaffBody }>().data).toMatchObject({
        role: 'Support',
        department: 'Customer Support',
        name: 'Farhana Renamed',
        permissions: support?.permissions,
      });
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.target, `admin:${staff._id}`), eq(activityLog.action, 'admin.update')));
      expect(entry?.details).toMatchObject({
        before: { role: 'Editor', department: 'Product Management' },
        after: { role: 'Support', department: 'Customer Support' },
      });
    });

    it('ends the tokens of a suspended account', async () => {
      const body = newAdmin();
      const staff = await create(superAdmin, body);
      const token = await loginStaff(t.app, body.email as string, GOOD_PASSWORD);
      expect((await call('GET', '/admin/me', token)).statusCode).toBe(200);
      const response = await call('PATCH', `/admins/${staff._id}`, superAdmin, { status: 'Suspended' });
      expect(response.statusCode).toBe(200);
      expect((await call('GET', '/admin/me', token)).statusCode).toBe(401);
    });

    it('refuses to suspend, demote or change the permissions of your own account', async () => {
      for (const change of [{ status: 'Suspended' }, { role: 'Viewer' }, { permissions: ['dashboard'] }]) {
        const response = await call('PATCH', `/admins/${superAdminId}`, superAdmin, change);
        expect(response.statusCode, JSON.stringify(change)).toBe(409);
        assertMatchesContract('updateAdmin', response);
        expect(response.json<{ message: string }>().message).toBe(OWN_ACCOUNT);
      }
      const own = await call('PATCH', `/admins/${superAdminId}`, superAdmin, { department: 'IT' });
      expect(own.statusCode).toBe(200);
    });

    it('leaves SuperAdmins to SuperAdmins', async () => {
      const response = await call('PATCH', `/admins/${superAdminId}`, adminsHolder, { status: 'Suspended' });
      expect(response.statusCode).toBe(403);
      const staff = await create(superAdmin);
      const promote = await call('PATCH', `/admins/${staff._id}`, adminsHolder, { role: 'SuperAdmin' });
      expect(promote.statusCode).toBe(403);
    });

    it('never takes away the last active SuperAdmin', async () => {
      const actives = await t.db
        .select()
        .from(admins)
        .where(and(eq(admins.role, 'SuperAdmin'), eq(admins.status, 'Active')));
      expect(actives.map((row) => row.id)).toEqual([superAdminId]);
      // Another SuperAdmin cannot exist and still be active here, so ask the rule directly on behalf of one.
      const someoneElse = {
        id: '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f',
        role: 'SuperAdmin',
        permissions: [...ADMIN_PERMISSIONS],
        activity: { actorType: 'admin' as const, action: 'admin.update' },
      };
      for (const change of [{ status: 'Suspended' as const }, { role: 'Manager' as const }]) {
        await expect(changeStaff(t.db, superAdminId, change, someoneElse)).rejects.toThrow(
          new StaffRefusal('conflict', LAST_SUPER_ADMIN),
        );
      }
    });

    it('lets one of two SuperAdmins suspend the other, but not both at once', async () => {
      const body = newAdmin({ role: 'SuperAdmin' });
      const second = await create(superAdmin, body);
      const secondToken = await loginStaff(t.app, body.email as string, GOOD_PASSWORD);
      const [a, b] = await Promise.all([
        call('PATCH', `/admins/${second._id}`, superAdmin, { status: 'Suspended' }),
        call('PATCH', `/admins/${superAdminId}`, secondToken, { status: 'Suspended' }),
      ]);
      expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
      const actives = await t.db
        .select()
        .from(admins)
        .where(and(eq(admins.role, 'SuperAdmin'), eq(admins.status, 'Active')));
      expect(actives).toHaveLength(1);
      // Put the demo SuperAdmin back in charge for the tests that follow.
      if (actives[0]?.id !== superAdminId) {
        await t.db.update(admins).set({ status: 'Active' }).where(eq(admins.id, superAdminId));
      }
      await t.db.update(admins).set({ status: 'Suspended' }).where(eq(admins.id, second._id));
      superAdmin = await demoAdminToken(t.app);
    });

    it('answers 404 for an unknown account', async () => {
      const response = await call('PATCH', '/admins/3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', superAdmin, {
        status: 'Active',
      });
      expect(response.statusCode).toBe(404);
      assertMatchesContract('updateAdmin', response);
    });
  });

  describe('delete and bulk', () => {
    it('deletes an account while the activity log keeps its name', async () => {
      const body = newAdmin();
      const staff = await create(superAdmin, body);
      const token = await loginStaff(t.app, body.email as string, GOOD_PASSWORD);
      const response = await call('DELETE', `/admins/${staff._id}`, adminsHolder);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('deleteAdmin', response);
      expect((await call('GET', '/admin/me', token)).statusCode).toBe(401);
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.target, `admin:${staff._id}`), eq(activityLog.action, 'admin.delete')));
      expect(entry?.details).toMatchObject({ before: { name: staff.name, email: body.email } });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: body.email, password: GOOD_PASSWORD },
      });
      expect(login.statusCode).toBe(401);

      const self = await call('DELETE', `/admins/${superAdminId}`, superAdmin);
      expect(self.statusCode).toBe(409);
      expect((await call('DELETE', `/admins/${staff._id}`, superAdmin)).statusCode).toBe(404);
    });

    it('suspends, activates and deletes each account, refusing your own', async () => {
      const one = await create(superAdmin);
      const two = await create(superAdmin);
      const suspend = await call('POST', '/admins/bulk', superAdmin, {
        action: 'suspend',
        ids: [one._id, two._id, superAdminId],
      });
      expect(suspend.statusCode, suspend.body).toBe(200);
      assertMatchesContract('bulkUpdateAdmins', suspend);
      expect(suspend.json<{ data: unknown }>().data).toEqual({
        done: [one._id, two._id],
        failed: [{ id: superAdminId, message: OWN_ACCOUNT }],
      });
      const activate = await call('POST', '/admins/bulk', superAdmin, { action: 'activate', ids: [one._id] });
      expect(activate.json<{ data: { done: string[] } }>().data.done).toEqual([one._id]);
      const remove = await call('POST', '/admins/bulk', superAdmin, { action: 'delete', ids: [two._id] });
      expect(remove.json<{ data: { done: string[] } }>().data.done).toEqual([two._id]);

      const rows = await t.db.select().from(admins).where(eq(admins.id, one._id));
      expect(rows[0]?.status).toBe('Active');
      const log = await t.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.target, `admin:${one._id}`))
        .orderBy(desc(activityLog.at));
      expect(log.map((entry) => entry.action)).toEqual(['admin.activate', 'admin.suspend', 'admin.create']);
    });

    it('refuses staff without the admins permission', async () => {
      const usersOnly = await limitedStaffToken(t.app, t.db, ['users']);
      expect((await call('GET', '/admins', usersOnly)).statusCode).toBe(403);
    });
  });
});
