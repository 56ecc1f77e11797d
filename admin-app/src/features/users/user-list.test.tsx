import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, jsonResponse, makeUser, stubApi, userListEnvelope } from './testing/users-api-stub';

const LIST = 'GET /users';
const BULK = 'POST /users/bulk';

const table = () => screen.findByRole('table', { name: 'Users' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

describe('User list', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the stat cards and the rows of page 1 of 10', async () => {
    const api = stubApi({
      [LIST]: () =>
        jsonResponse(
          200,
          userListEnvelope([
            makeUser(1),
            makeUser(2, { name: 'Store Admin', role: 'admin', kind: 'staff', staffRole: 'SuperAdmin' }),
          ]),
        ),
    });
    renderApp('/manage-admin/users');

    const counts = within(await screen.findByRole('region', { name: 'User counts' }));
    expect(
      await within(counts.getByRole('group', { name: 'Total Users' })).findByText('120'),
    ).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Active Users' })).getByText('110')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Admins' })).getByText('3')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'New This Month' })).getByText('14')).toBeInTheDocument();

    const shopper = await rowOf('Shopper 1');
    expect(shopper.getByText('shopper1@example.com')).toBeInTheDocument();
    expect(shopper.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/manage-admin/users/details?id=u-1',
    );
    expect(shopper.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(shopper.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(shopper.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    // Staff accounts are read-only here: no tick box, and their action leads to the Admin list.
    const staff = await rowOf('Store Admin');
    expect(staff.getByText('SuperAdmin')).toBeInTheDocument();
    expect(staff.getByRole('checkbox')).toBeDisabled();
    expect(staff.getByRole('link', { name: 'Manage in Admin List' })).toHaveAttribute(
      'href',
      '/manage-admin/admin/users?q=shopper2%40example.com',
    );

    const query = Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? []);
    expect(query).toEqual({ page: '1', limit: '10' });
  });

  it("shows 'No users found.' when nothing matches", async () => {
    stubApi({ [LIST]: () => jsonResponse(200, userListEnvelope([])) });
    renderApp('/manage-admin/users');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('keeps the role and status filters in the URL and asks the server with them', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, userListEnvelope([makeUser(1)])) });
    const { user, router } = renderApp('/manage-admin/users?status=Inactive');
    await rowOf('Shopper 1');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ role: 'admin', status: 'Inactive' }),
    );
    await waitFor(() => {
      const last = api.sentTo(LIST).at(-1);
      expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
        page: '1',
        limit: '10',
        role: 'admin',
        status: 'Inactive',
      });
    });
  });

  it('deactivates the ticked users after a confirmation and reports the ones refused', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, userListEnvelope([makeUser(1), makeUser(2), makeUser(3)])),
      [BULK]: () =>
        jsonResponse(
          200,
          dataEnvelope(
            { done: ['u-1'], failed: [{ id: 'u-2', message: 'User not found.' }] },
            '1 updated, 1 refused.',
          ),
        ),
    });
    const { user } = renderApp('/manage-admin/users');
    await user.click((await rowOf('Shopper 1')).getByRole('checkbox'));
    await user.click((await rowOf('Shopper 2')).getByRole('checkbox'));

    const bar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Deactivate' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Deactivate' }));
    expect(dialog.getByText(/Deactivate the 2 selected users\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(api.sentTo(BULK)).toHaveLength(1));
    expect(api.sentTo(BULK)[0]?.body).toEqual({ action: 'deactivate', ids: ['u-1', 'u-2'] });
    expect(await screen.findByText('Shopper 2: User not found.')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('deletes one user from its row after a confirmation', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, userListEnvelope([makeUser(1)])),
      'DELETE /users/u-1': () => jsonResponse(200, dataEnvelope({ _id: 'u-1' }, 'User deleted.')),
    });
    const { user } = renderApp('/manage-admin/users');
    await user.click((await rowOf('Shopper 1')).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByText(/their orders are kept for the books/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sentTo('DELETE /users/u-1')).toHaveLength(1));
  });

  it('invites a user by email', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, userListEnvelope([])),
      'POST /users/invite': () =>
        jsonResponse(
          201,
          dataEnvelope(
            { user: makeUser(9, { invited: true }), expiresAt: '2026-11-09T00:00:00.000Z' },
            'Invitation sent to new@example.com.',
          ),
        ),
    });
    const { user } = renderApp('/manage-admin/users');
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite User' }));
    await user.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    expect(await dialog.findByText('Email is required')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /Email/ }), 'new@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(api.sentTo('POST /users/invite')).toHaveLength(1));
    expect(api.sentTo('POST /users/invite')[0]?.body).toEqual({ email: 'new@example.com' });
    expect(await screen.findByText('Invitation sent to new@example.com.')).toBeInTheDocument();
  });
});
