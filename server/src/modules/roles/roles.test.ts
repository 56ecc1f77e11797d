import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, type AdminPermission, activityLog, admins } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, loginStaff, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { OWN_ROLE_LOCKOUT, SUPERADMIN_LOCKED } from './roles.handlers.ts';
import { roleDefaults } from './roles.repository.ts';

const PASSWORD = 'role-test-password-1';
let created = 0;

describe('roles and the signed-in staff member', () => {
  let t: TestApp;
  let superAdmin: string;

  /** A new staff account signed in; answers its id and token. */
  async function staff(role: (typeof admins.$inferInsert)['role'], permissions: AdminPermission[]) {
    created += 1;
    const email = `roles${created}@example.org`;
    const row = await createStaff(t.db, { email, password: PASSWORD, role, permissions });
    return { id: row.id, token: await loginStaff(t.app, email, PASSWORD) };
  }

  const putRole = (token: string, name: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/roles/${name}`, headers: bearer(token), payload });

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = (await staff('SuperAdmin', ['dashboard'])).token;
  });
  afterAll(() => t.close());

  describe('GET /api/admin/me', () => {
    it('answers a SuperAdmin with every permission, whatever the stored list says', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: bearer(superAdmin),
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('getAdminMe', response);
      expect(response.json().data).toMatchObject({ role: 'SuperAdmin', permissions: [...ADMIN_PERMISSIONS] });
    });

    it('answers other staff with their own list, and any signed-in staff member may ask', async () => {
      const viewer = await staff('Viewer', []);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: bearer(viewer.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ _id: viewer.id, role: 'Viewer', permissions: [] });
    });

    it('refuses a visitor (401) and a shopper (403)', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
      expect(anonymous.statusCode).toBe(401);
      assertMatchesContract('getAdminMe', anonymous);
      const shopper = await registerShopper(t.app);
      const asShopper = await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: bearer(shopper.token),
      });
      expect(asShopper.statusCode).toBe(403);
    });
  });

  describe('GET /api/roles', () => {
    it('lists the five roles with the descriptions of spec 2 §6, their defaults and how many hold each', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(superAdmin) });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listRoles', response);
      const roles = response.json().data as Array<{ name: string; description: string; admins: number }>;
      expect(roles.map((role) => [role.name, role.description])).toEqual([
        ['SuperAdmin', 'Full system access'],
        ['Manager', 'Manage products, orders, users'],
        ['Support', 'Customer support'],
        ['Editor', 'Edit products and content'],
        ['Viewer', 'View-only'],
      ]);
      expect(roles[0]).toMatchObject({ permissions: [...ADMIN_PERMISSIONS] });
      expect(roles[0]?.admins).toBeGreaterThanOrEqual(1);
    });

    it('is refused without the admins permission', async () => {
      const manager = await staff('Manager', ['dashboard', 'products', 'orders', 'users']);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/roles',
        headers: bearer(manager.token),
      });
      expect(response.statusCode).toBe(403);
      assertMatchesContract('listRoles', response);
    });
  });

  describe('PUT /api/roles/{name}', () => {
    it("saves the role's defaults, gives every admin of the role the new set and logs before and after", async () => {
      const editorA = await staff('Editor', ['dashboard', 'products']);
      const editorB = await staff('Editor', ['products', 'reports']);
      const support = await staff('Support', ['dashboard', 'orders', 'disputes']);
      const ordersBefore = await t.app.inject({
        method: 'GET',
        url: '/api/orders',
        headers: bearer(editorA.token),
      });
      expect(ordersBefore.statusCode).toBe(403);

      // Sent out of order and the server keeps the one order of the keys.
      const response = await putRole(superAdmin, 'Editor', {
        permissions: ['orders', 'products', 'dashboard'],
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateRole', response);
      const editors = await t.db.select().from(admins).where(eq(admins.role, 'Editor'));
      expect(response.json()).toMatchObject({
        success: true,
        message: `Editor permissions saved; ${editors.length} staff members updated.`,
        data: { name: 'Editor', permissions: ['dashboard', 'products', 'orders'], admins: editors.length },
      });

      for (const editor of [editorA, editorB]) {
        const [row] = await t.db.select().from(admins).where(eq(admins.id, editor.id));
        expect(row?.permissions).toEqual(['dashboard', 'products', 'orders']);
      }
      const [untouched] = await t.db.select().from(admins).where(eq(admins.id, support.id));
      expect(untouched?.permissions).toEqual(['dashboard', 'orders', 'disputes']);
      expect(await roleDefaults(t.db, 'Editor')).toEqual(['dashboard', 'products', 'orders']);

      // The same token now passes: permissions are read from the database on every call.
      const ordersAfter = await t.app.inject({
        method: 'GET',
        url: '/api/orders',
        headers: bearer(editorB.token),
      });
      expect(ordersAfter.statusCode, ordersAfter.body).toBe(200);

      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'role.update'), eq(activityLog.target, 'role:Editor')))
        .orderBy(desc(activityLog.at))
        .limit(1);
      expect(entry).toMatchObject({
        actorType: 'admin',
        outcome: 'success',
        details: {
          before: { permissions: ['dashboard', 'products'] },
          after: { permissions: ['dashboard', 'products', 'orders'] },
          admins: editors.length,
        },
      });
    });

    it.each([
      ['an unknown permission key', { permissions: ['dashboard', 'everything'] }],
      ['a repeated key', { permissions: ['dashboard', 'dashboard'] }],
      ['no permissions field', {}],
      ['permissions that are not a list', { permissions: 'dashboard' }],
    ])('refuses %s (400)', async (_, payload) => {
      const response = await putRole(superAdmin, 'Viewer', payload);
      expect(response.statusCode, response.body).toBe(400);
      assertMatchesContract('updateRole', response);
      expect(await roleDefaults(t.db, 'Viewer')).toEqual(['dashboard']);
    });

    it('refuses a role that does not exist (400)', async () => {
      const response = await putRole(superAdmin, 'Owner', { permissions: ['dashboard'] });
      expect(response.statusCode).toBe(400);
    });

    it('is refused without the admins permission, and nothing changes', async () => {
      const viewer = await staff('Viewer', ['dashboard']);
      const response = await putRole(viewer.token, 'Viewer', { permissions: [...ADMIN_PERMISSIONS] });
      expect(response.statusCode).toBe(403);
      assertMatchesContract('updateRole', response);
      expect(await roleDefaults(t.db, 'Viewer')).toEqual(['dashboard']);
    });

    it('never reduces SuperAdmin (409), and accepts its full set', async () => {
      const reduced = await putRole(superAdmin, 'SuperAdmin', {
        permissions: ADMIN_PERMISSIONS.filter((key) => key !== 'settings'),
      });
      expect(reduced.statusCode).toBe(409);
      expect(reduced.json()).toEqual({ success: false, code: 'CONFLICT', message: SUPERADMIN_LOCKED });
      assertMatchesContract('updateRole', reduced);
      expect(await roleDefaults(t.db, 'SuperAdmin')).toEqual([...ADMIN_PERMISSIONS]);

      const full = await putRole(superAdmin, 'SuperAdmin', { permissions: [...ADMIN_PERMISSIONS] });
      expect(full.statusCode, full.body).toBe(200);
    });

    it('does not let staff change the role they are in (409)', async () => {
      const manager = await staff('Manager', ['dashboard', 'users', 'admins']);
      for (const permissions of [['dashboard', 'users'], [...ADMIN_PERMISSIONS]] as AdminPermission[][]) {
        const response = await putRole(manager.token, 'Manager', { permissions });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(OWN_ROLE_LOCKOUT);
      }
      expect(await roleDefaults(t.db, 'Manager')).toContain('refunds');

      // Another role is theirs to change, with the permissions they hold.
      const other = await putRole(manager.token, 'Support', {
        permissions: ['dashboard', 'users', 'orders'],
      });
      expect(other.statusCode, other.body).toBe(200);
      expect(await roleDefaults(t.db, 'Support')).toEqual(['dashboard', 'orders', 'users']);
    });
  });
});
