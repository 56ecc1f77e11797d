import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const ALL = [
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
];

type Role = { name: string; description: string; permissions: string[]; admins: number; updatedAt: string };

/** The roles as the migration seeds them. */
const seededRoles = (): Role[] => [
  {
    name: 'SuperAdmin',
    description: 'Full system access',
    permissions: [...ALL],
    admins: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    name: 'Manager',
    description: 'Manage products, orders, users',
    permissions: ['dashboard', 'products', 'orders', 'users', 'reports', 'refunds', 'analytics'],
    admins: 2,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    name: 'Support',
    description: 'Customer support',
    permissions: ['dashboard', 'orders', 'disputes'],
    admins: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    name: 'Editor',
    description: 'Edit products and content',
    permissions: ['dashboard', 'products'],
    admins: 3,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    name: 'Viewer',
    description: 'View-only',
    permissions: ['dashboard'],
    admins: 0,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
];

type Sent = { method: string; path: string; body: unknown };

/**
 * A stand-in for the roles API that keeps its rows, so a save shows on the next read, as the server would.
 * `refuse` answers the next PUT with that error envelope instead.
 */
function rolesServer() {
  const state = {
    roles: seededRoles(),
    sent: [] as Sent[],
    refuse: null as null | { status: number; message: string },
    /** Who GET /admin/me says is signed in. */
    me: { role: 'SuperAdmin', permissions: ALL },
  };
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const text = await request.text();
    state.sent.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    if (request.method === 'GET' && path === '/roles')
      return jsonResponse(200, { success: true, data: state.roles });
    if (request.method === 'GET' && path === '/admin/me') {
      return jsonResponse(200, {
        success: true,
        data: {
          _id: 'admin-1',
          name: 'Store Admin',
          email: 'admin@example.com',
          ...state.me,
          status: 'Active',
        },
      });
    }
    const match = /^\/roles\/(\w+)$/.exec(path);
    if (request.method === 'PUT' && match) {
      if (state.refuse) {
        const { status, message } = state.refuse;
        state.refuse = null;
        return jsonResponse(status, { success: false, code: 'CONFLICT', message });
      }
      const role = state.roles.find((r) => r.name === match[1]);
      if (!role) throw new Error(`no role ${match[1]}`);
      const asked = (JSON.parse(text) as { permissions: string[] }).permissions;
      role.permissions = ALL.filter((key) => asked.includes(key));
      role.updatedAt = new Date(Date.parse(role.updatedAt) + 1000).toISOString();
      return jsonResponse(200, {
        success: true,
        message: `${role.name} permissions saved; ${role.admins} staff members updated.`,
        data: role,
      });
    }
    throw new Error(`Unexpected request: ${request.method} ${path}`);
  });
  return state;
}

const roleSection = (name: string) => screen.getByRole('region', { name });
const puts = (state: ReturnType<typeof rolesServer>) => state.sent.filter((s) => s.method === 'PUT');

beforeEach(() => {
  adminSession.login(makeAdminToken());
});

describe('Roles & Permissions (Admin group)', () => {
  it('shows each role with its description, staff count and permission keys', async () => {
    rolesServer();
    renderApp('/manage-admin/admin/roles');

    expect(await screen.findByRole('region', { name: 'Editor' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Roles & Permissions' })).toBeInTheDocument();
    const editor = roleSection('Editor');
    expect(within(editor).getByText('Edit products and content')).toBeInTheDocument();
    expect(within(editor).getByText('3 staff members')).toBeInTheDocument();
    expect(within(editor).getByRole('checkbox', { name: 'products' })).toBeChecked();
    expect(within(editor).getByRole('checkbox', { name: 'orders' })).not.toBeChecked();
    expect(within(editor).getByRole('button', { name: 'Save' })).toBeDisabled();

    const superAdmin = roleSection('SuperAdmin');
    expect(within(superAdmin).getByText('SuperAdmin always holds every permission.')).toBeInTheDocument();
    for (const box of within(superAdmin).getAllByRole('checkbox')) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(within(superAdmin).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("saves one role's keys to the server and shows the server's message", async () => {
    const state = rolesServer();
    const { user } = renderApp('/manage-admin/admin/roles');
    const editor = await screen.findByRole('region', { name: 'Editor' });

    await user.click(within(editor).getByRole('checkbox', { name: 'orders' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Editor permissions saved; 3 staff members updated.')).toBeInTheDocument();
    expect(puts(state)).toEqual([
      { method: 'PUT', path: '/roles/Editor', body: { permissions: ['dashboard', 'products', 'orders'] } },
    ]);
    await waitFor(() =>
      expect(within(roleSection('Editor')).getByRole('button', { name: 'Save' })).toBeDisabled(),
    );
    expect(within(roleSection('Editor')).getByRole('checkbox', { name: 'orders' })).toBeChecked();
  });

  it('offers a staff member only the keys they hold, and not their own role', async () => {
    const state = rolesServer();
    state.me = { role: 'Support', permissions: ['admins', 'orders'] };
    // Another staff member than the earlier tests', so their cached profile does not stand in.
    adminSession.login(makeAdminToken({ ...state.me, sub: 'admin-support' }));
    renderApp('/manage-admin/admin/roles');

    const own = await screen.findByRole('region', { name: 'Support' });
    await waitFor(() =>
      expect(
        within(own).getByText('You cannot change the role you are in. Ask a SuperAdmin.'),
      ).toBeInTheDocument(),
    );
    for (const box of within(own).getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(within(own).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    const viewer = roleSection('Viewer');
    // Held, so it can be granted; not held, so it cannot; already in the role, so it can be taken away.
    expect(within(viewer).getByRole('checkbox', { name: 'orders' })).toBeEnabled();
    expect(within(viewer).getByRole('checkbox', { name: 'settings' })).toBeDisabled();
    expect(within(viewer).getByRole('checkbox', { name: 'dashboard' })).toBeEnabled();
  });

  it("shows the server's refusal beside the role", async () => {
    const state = rolesServer();
    state.refuse = { status: 409, message: 'You cannot remove the admins permission from your own role.' };
    const { user } = renderApp('/manage-admin/admin/roles');
    const support = await screen.findByRole('region', { name: 'Support' });

    await user.click(within(support).getByRole('checkbox', { name: 'refunds' }));
    await user.click(within(support).getByRole('button', { name: 'Save' }));

    expect(await within(support).findByRole('alert')).toHaveTextContent(
      'You cannot remove the admins permission from your own role.',
    );
    expect(within(support).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('Roles & Permissions matrix (Users group)', () => {
  const box = (name: string) => screen.getByRole('checkbox', { name });

  it("shows spec 2 §6's keys and roles over the staff roles they stand for", async () => {
    rolesServer();
    renderApp('/manage-admin/users/roles');

    expect(await screen.findByRole('checkbox', { name: 'admin manage_users' })).toBeChecked();
    for (const key of ['manage_users', 'edit_products', 'view_orders', 'refunds', 'analytics']) {
      expect(screen.getByRole('columnheader', { name: key })).toBeInTheDocument();
    }
    expect(screen.getByText(/admin is Manager, manager is Editor and user is\s+Support/)).toBeInTheDocument();
    // admin = Manager: every key of the matrix.
    for (const key of ['manage_users', 'edit_products', 'view_orders', 'refunds', 'analytics']) {
      expect(box(`admin ${key}`)).toBeChecked();
    }
    // manager = Editor: edit_products only; user = Support: view_orders only.
    expect(box('manager edit_products')).toBeChecked();
    expect(box('manager view_orders')).not.toBeChecked();
    expect(box('user view_orders')).toBeChecked();
    expect(box('user edit_products')).not.toBeChecked();
  });

  it('saves a toggle to the role at once, and the Admin group screen shows the same row', async () => {
    const state = rolesServer();
    const { user, router } = renderApp('/manage-admin/users/roles');
    await user.click(await screen.findByRole('checkbox', { name: 'manager view_orders' }));

    expect(await screen.findByText('Editor permissions saved; 3 staff members updated.')).toBeInTheDocument();
    expect(puts(state)).toEqual([
      { method: 'PUT', path: '/roles/Editor', body: { permissions: ['dashboard', 'products', 'orders'] } },
    ]);
    await waitFor(() => expect(box('manager view_orders')).toBeChecked());

    await router.navigate({ to: '/manage-admin/admin/roles' });
    const editor = await screen.findByRole('region', { name: 'Editor' });
    expect(within(editor).getByRole('checkbox', { name: 'orders' })).toBeChecked();
  });

  it('turns a key off for the role, keeping its other keys', async () => {
    const state = rolesServer();
    const { user } = renderApp('/manage-admin/users/roles');
    await user.click(await screen.findByRole('checkbox', { name: 'admin refunds' }));

    await waitFor(() => expect(box('admin refunds')).not.toBeChecked());
    expect(puts(state)[0]?.body).toEqual({
      permissions: ['dashboard', 'products', 'orders', 'users', 'reports', 'analytics'],
    });
  });

  it("shows the server's refusal and leaves the box as the server has it", async () => {
    const state = rolesServer();
    state.refuse = { status: 409, message: 'You cannot remove the admins permission from your own role.' };
    const { user } = renderApp('/manage-admin/users/roles');
    await user.click(await screen.findByRole('checkbox', { name: 'user refunds' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot remove the admins permission from your own role.',
    );
    expect(box('user refunds')).not.toBeChecked();
  });
});
