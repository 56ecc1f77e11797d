import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, type AdminPermission } from '../db/schema.ts';
import type { OperationId } from '../http/contract-types.ts';
import { assertMatchesContract, type ContractOperation, contractOperations } from '../test/contract.ts';
import { bearer, limitedStaffToken } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const FORBIDDEN = { success: false, code: 'FORBIDDEN', message: 'You do not have permission to do this.' };
const SOME_UUID = '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f';

/**
 * Staff operations any signed-in staff member may call, with why. Every other operation that takes a staff
 * token must name the permission it needs; a new one missing from both fails the test below.
 */
const ANY_STAFF: Partial<Record<OperationId, string>> = {
  getAdminMe: "the shell's own profile: who is signed in and what they may do",
  adminLogout: 'ends the caller’s own session',
  getTwoFactorStatus: 'the caller’s own two-factor state',
  startTwoFactorSetup: 'every staff member enrols their own account (settings may require it)',
  confirmTwoFactor: 'every staff member enrols their own account (settings may require it)',
  disableTwoFactor: 'the caller’s own account, and it needs a current code',
  listStaffSessions: 'the caller’s own trusted devices',
  revokeStaffSession: 'the caller’s own trusted devices',
};

/** The security alternatives of an operation that take a staff token. */
const staffAlternatives = (op: ContractOperation) => op.security.filter((alt) => 'adminBearer' in alt);

/** Each staff alternative's scopes: the permissions it asks for (`adminBearer: [orders]`). */
const scopeSets = (op: ContractOperation): AdminPermission[][] =>
  staffAlternatives(op).map((alt) => (alt.adminBearer ?? []) as AdminPermission[]);

const scopesOf = (op: ContractOperation): AdminPermission[] => scopeSets(op).flat();

/** Public operations where a staff token shows more (`{}` is one alternative): they never answer 403. */
const isPublic = (op: ContractOperation) => op.security.some((alt) => Object.keys(alt).length === 0);

const staffOperations = contractOperations.filter((op) => staffAlternatives(op).length > 0);

/** Every staff operation that names the permission it needs and refuses staff without it. */
const scoped = staffOperations.filter((op) => scopesOf(op).length > 0 && !isPublic(op));

/** A path parameter's value: the contract's example (an enum such as a role name), else a well-formed uuid. */
function pathValue(op: ContractOperation, name: string): string {
  const parameter = op.spec.parameters?.find((p) => p.name === name && p.in === 'path');
  return typeof parameter?.example === 'string' ? parameter.example : SOME_UUID;
}

/** A call the contract accepts apart from the permission: valid path parameters and the example body. */
function callOf(op: ContractOperation, token: string) {
  const payload = op.spec.requestBody?.content?.['application/json']?.example as object | undefined;
  return {
    method: op.method.toUpperCase() as 'GET',
    url: `/api${op.path.replaceAll(/\{(\w+)\}/g, (_, name: string) => pathValue(op, name))}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  };
}

describe('permission scopes of staff operations', () => {
  let t: TestApp;
  /** A Viewer as the roles table defines one: the dashboard and nothing else. */
  let dashboardOnly: string;
  /** For operations that ask for the dashboard itself: a viewer with no permission at all. */
  let nothing: string;
  const holders = new Map<AdminPermission, string>();

  beforeAll(async () => {
    t = await createTestApp();
    dashboardOnly = await limitedStaffToken(t.app, t.db, ['dashboard']);
    nothing = await limitedStaffToken(t.app, t.db, []);
    for (const scope of new Set(staffOperations.flatMap(scopesOf))) {
      holders.set(scope, await limitedStaffToken(t.app, t.db, [scope], 'Support'));
    }
  });
  afterAll(() => t.close());

  it('finds a permission on every staff operation, apart from the commented few any staff may call', () => {
    const unscoped = staffOperations
      .filter((op) => scopeSets(op).some((scopes) => scopes.length === 0))
      .map((op) => op.operationId);
    expect(unscoped.filter((id) => !(id in ANY_STAFF))).toEqual([]);
    // An allow-listed operation that gained a scope (or went away) should leave the list too.
    expect(Object.keys(ANY_STAFF).filter((id) => !unscoped.includes(id as OperationId))).toEqual([]);
  });

  it('covers the catalogue, dashboard, order, refund and role operations of the contract', () => {
    const ids = scoped.map((op) => op.operationId);
    expect(ids).toEqual(
      expect.arrayContaining([
        'listAdminOrders',
        'changeOrderStatus',
        'exportOrders',
        'createRefund',
        'createProduct',
        'importMarketplaceProduct',
        'uploadMedia',
        'getStatsOverview',
        'listRoles',
        'updateRole',
      ]),
    );
    expect(ids.length).toBeGreaterThanOrEqual(32);
  });

  it.each(scoped.map((op) => [op.operationId, op] as const))(
    '%s answers 403 to staff without its permission',
    async (_id, op) => {
      const token = scopesOf(op).includes('dashboard') ? nothing : dashboardOnly;
      const response = await t.app.inject(callOf(op, token));
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
      assertMatchesContract(op.operationId, response);
    },
  );

  it.each(
    scoped.flatMap((op) => scopeSets(op).map((scopes) => [op.operationId, scopes.join(', '), op] as const)),
  )('%s lets staff holding exactly [%s] past the check', async (_id, _scopes, op) => {
    const [scope] = scopeSets(op).find((scopes) => scopes.join(', ') === _scopes) ?? [];
    const token = scope ? holders.get(scope) : undefined;
    if (!token) throw new Error(`no staff holds ${scope}`);
    const response = await t.app.inject(callOf(op, token));
    // Whatever the call finds (a missing order is 404), it is not refused for want of permission. Holding only
    // `admins`, creating the example's Editor is a grant beyond the caller's own: that refusal names the rule.
    if (response.statusCode === 403)
      expect(response.json().message).toMatch(/^You can only grant permissions/);
    else expect(response.statusCode, response.body).not.toBe(403);
    expect(response.statusCode, response.body).not.toBe(401);
  });

  it('lets a Viewer read the dashboard, while every change above refused them', async () => {
    for (const url of ['/stats/overview', '/admin/alerts', '/admin/pending-actions', '/stats/daily-count']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: bearer(dashboardOnly),
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const changes = scoped.filter((op) => op.method !== 'get' && !scopesOf(op).includes('dashboard'));
    expect(changes.length).toBeGreaterThanOrEqual(20);
  });

  it('shows staff without the products permission the catalogue as a shopper sees it', async () => {
    const products = holders.get('products');
    if (!products) throw new Error('no staff holds products');
    const create = contractOperations.find((op) => op.operationId === 'createProduct');
    if (!create) throw new Error('no createProduct');
    const created = await t.app.inject({
      ...callOf(create, products),
      payload: {
        ...(create.spec.requestBody?.content?.['application/json']?.example as object),
        status: 'draft',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { _id: string } }>().data._id;

    const read = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/product/${id}?currency=USD`, headers: bearer(token) });
    const staffRead = await read(products);
    expect(staffRead.statusCode, staffRead.body).toBe(200);
    // A draft is not for shoppers, so staff lacking `products` are told it does not exist.
    expect((await read(dashboardOnly)).statusCode).toBe(404);
  });
});

describe('nobody grants what they do not hold', () => {
  let t: TestApp;
  let superAdmin: string;
  /** Holds only `admins`, in the Support role. */
  let adminsOnly: string;
  /** Holds `admins` and `orders`, in the Editor role. */
  let adminsAndOrders: string;
  let created = 0;

  const GRANT_REFUSED = expect.stringContaining('You can only grant permissions you hold yourself.');
  const newAccount = (overrides: Record<string, unknown>) => {
    created += 1;
    return {
      firstName: 'Nadia',
      lastName: `Rahman${created}`,
      email: `grant${created}.${Date.now()}@example.org`,
      role: 'Viewer',
      password: 'Str0ng-Passw0rd!',
      confirmPassword: 'Str0ng-Passw0rd!',
      isActive: true,
      sendWelcomeEmail: false,
      ...overrides,
    };
  };
  const call = (method: 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const rolePermissions = async (name: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(superAdmin) }))
      .json<{ data: { name: string; permissions: string[] }[] }>()
      .data.find((role) => role.name === name)?.permissions;
  const accountByEmail = async (email: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admins?q=${encodeURIComponent(email)}`,
        headers: bearer(superAdmin),
      })
    ).json<{ data: { _id: string; permissions: string[] }[] }>().data[0];

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await limitedStaffToken(t.app, t.db, [], 'SuperAdmin');
    adminsOnly = await limitedStaffToken(t.app, t.db, ['admins'], 'Support');
    adminsAndOrders = await limitedStaffToken(t.app, t.db, ['admins', 'orders'], 'Editor');
  });
  afterAll(() => t.close());

  it.each([
    [
      'their own role, with every permission',
      'PUT',
      '/roles/Support',
      { permissions: [...ADMIN_PERMISSIONS] },
    ],
    ['their own role, unchanged but saved', 'PUT', '/roles/Support', { permissions: ['admins'] }],
  ] as const)(
    'refuses staff editing %s (409), and the role is unchanged',
    async (_case, method, url, body) => {
      const before = await rolePermissions('Support');
      const response = await call(method, url, adminsOnly, body);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe('You cannot change the role you are in. Ask a SuperAdmin.');
      assertMatchesContract('updateRole', response);
      expect(await rolePermissions('Support')).toEqual(before);
    },
  );

  it('refuses adding to another role a permission the editor does not hold (403), and changes nothing', async () => {
    const before = await rolePermissions('Viewer');
    const response = await call('PUT', '/roles/Viewer', adminsOnly, {
      permissions: ['dashboard', 'settings'],
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'FORBIDDEN', message: GRANT_REFUSED });
    expect(response.json().message).toContain('settings');
    assertMatchesContract('updateRole', response);
    expect(await rolePermissions('Viewer')).toEqual(before);
  });

  it.each([
    ['all ten permissions', { permissions: [...ADMIN_PERMISSIONS] }],
    ['a role whose defaults they lack', { role: 'Manager' }],
    ['one permission beyond theirs', { permissions: ['admins', 'settings'] }],
  ])('refuses creating an account with %s (403), and no account is made', async (_case, overrides) => {
    const body = newAccount(overrides);
    const response = await call('POST', '/admins', adminsOnly, body);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toEqual(GRANT_REFUSED);
    assertMatchesContract('createAdmin', response);
    expect(await accountByEmail(body.email)).toBeUndefined();
  });

  it('refuses Create New User making a staff member with more than the creator holds', async () => {
    const email = `newuser${Date.now()}@example.org`;
    const response = await call('POST', '/users', adminsOnly, {
      name: 'Karim Uddin',
      email,
      password: 'Str0ng-Passw0rd!',
      role: 'admin',
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(await accountByEmail(email)).toBeUndefined();
  });

  it('lets staff grant exactly what they hold, and take away what they do not', async () => {
    const body = newAccount({ permissions: ['orders'] });
    const created = await call('POST', '/admins', adminsAndOrders, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { _id: string } }>().data._id;

    const more = await call('PATCH', `/admins/${id}`, adminsAndOrders, {
      permissions: ['orders', 'refunds'],
    });
    expect(more.statusCode, more.body).toBe(403);
    expect(more.json().message).toEqual(GRANT_REFUSED);
    expect((await accountByEmail(body.email))?.permissions).toEqual(['orders']);

    // A SuperAdmin gave the account `refunds`; the staff member may take it back without holding it.
    expect(
      (await call('PATCH', `/admins/${id}`, superAdmin, { permissions: ['orders', 'refunds'] })).statusCode,
    ).toBe(200);
    const fewer = await call('PATCH', `/admins/${id}`, adminsAndOrders, { permissions: ['orders'] });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect((await accountByEmail(body.email))?.permissions).toEqual(['orders']);

    const promoted = await call('PATCH', `/admins/${id}`, adminsAndOrders, { role: 'Manager' });
    expect(promoted.statusCode, promoted.body).toBe(403);
  });

  it('leaves SuperAdmin to a SuperAdmin', async () => {
    const made = await call(
      'POST',
      '/admins',
      adminsOnly,
      newAccount({ role: 'SuperAdmin', permissions: [] }),
    );
    expect(made.statusCode).toBe(403);
    const role = await call('PUT', '/roles/SuperAdmin', adminsOnly, { permissions: [...ADMIN_PERMISSIONS] });
    expect(role.statusCode).toBe(403);
  });
});
