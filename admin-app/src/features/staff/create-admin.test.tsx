import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, makeAdmin, stubApi } from './testing/staff-api-stub';

const CREATE = 'POST /admins';

const ROLES = [
  {
    name: 'SuperAdmin',
    description: 'Full system access',
    permissions: [],
    admins: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    name: 'Manager',
    description: 'Manage products, orders, users',
    permissions: ['dashboard', 'products', 'orders', 'users'],
    admins: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    name: 'Support',
    description: 'Customer support',
    permissions: ['dashboard', 'orders', 'disputes'],
    admins: 0,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    name: 'Editor',
    description: 'Edit products and content',
    permissions: ['dashboard', 'products'],
    admins: 0,
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

const rolesAnswer = () => jsonResponse(200, dataEnvelope(ROLES));

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: /First Name/ }), 'Farhana');
  await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Akter');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'farhana@example.com');
  await user.click(screen.getByRole('combobox', { name: /^Role/ }));
  await user.click(
    await screen.findByRole('option', { name: 'Editor (edit products and content)', hidden: true }),
  );
  await user.type(screen.getByLabelText(/^Password/), 'Catalog-Keeper-7');
  await user.type(screen.getByLabelText(/Confirm Password/), 'Catalog-Keeper-7');
}

describe('Create Admin', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it("shows spec 2 §5's messages, each cleared when its field is edited", async () => {
    const api = stubApi({ 'GET /roles': rolesAnswer });
    const { user } = renderApp('/manage-admin/admin/create');
    await user.click(await screen.findByRole('button', { name: 'Create Admin' }));

    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Role is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'F');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'farhana-at-example');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/Confirm Password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Confirm Password/), 'x');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(api.sentTo(CREATE)).toHaveLength(0);
  });

  it("fills the permissions from the role's defaults and creates the admin", async () => {
    const api = stubApi({
      'GET /roles': rolesAnswer,
      [CREATE]: () => jsonResponse(201, dataEnvelope(makeAdmin(1), 'Admin user created successfully!')),
    });
    const { user } = renderApp('/manage-admin/admin/create');
    await fillValidForm(user);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'products' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'orders' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'reports' }));
    await user.click(screen.getByRole('combobox', { name: /Department/ }));
    await user.click(await screen.findByRole('option', { name: 'Marketing', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));

    expect(await screen.findByText('Admin user created successfully!')).toBeInTheDocument();
    expect(api.sentTo(CREATE)[0]?.body).toEqual({
      firstName: 'Farhana',
      lastName: 'Akter',
      email: 'farhana@example.com',
      role: 'Editor',
      department: 'Marketing',
      password: 'Catalog-Keeper-7',
      confirmPassword: 'Catalog-Keeper-7',
      permissions: ['dashboard', 'products', 'reports'],
      isActive: true,
      sendWelcomeEmail: true,
    });
  });

  it('offers a creator only the permissions they hold', async () => {
    const me = { role: 'Support', permissions: ['admins', 'orders', 'dashboard'] };
    adminSession.login(makeAdminToken({ ...me, sub: 'admin-support' }));
    stubApi({
      'GET /roles': rolesAnswer,
      'GET /admin/me': () =>
        jsonResponse(200, dataEnvelope({ ...makeAdmin(2), _id: 'admin-support', ...me })),
    });
    const { user } = renderApp('/manage-admin/admin/create');
    expect(await screen.findByText('You can grant only the permissions you hold.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: /^Manager/, hidden: true }));
    // Manager's defaults are dashboard, products, orders and users: only the held ones are filled in.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'orders' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'dashboard' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'products' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'products' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'settings' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'orders' })).toBeEnabled();
  });

  it('shows the password policy the server names beside the password', async () => {
    stubApi({
      'GET /roles': rolesAnswer,
      [CREATE]: () =>
        jsonResponse(
          400,
          errorEnvelope('Password must contain a special character.', 'VALIDATION_ERROR', [
            { path: '/password', message: 'Password must contain a special character.' },
          ]),
        ),
    });
    const { user } = renderApp('/manage-admin/admin/create');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));
    await waitFor(() =>
      expect(screen.getAllByText('Password must contain a special character.').length).toBeGreaterThanOrEqual(
        2,
      ),
    );
    expect(screen.queryByText('Admin user created successfully!')).not.toBeInTheDocument();
  });
});
