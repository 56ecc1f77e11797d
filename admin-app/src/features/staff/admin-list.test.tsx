import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { adminListEnvelope, dataEnvelope, jsonResponse, makeAdmin, stubApi } from './testing/staff-api-stub';

const LIST = 'GET /admins';
const BULK = 'POST /admins/bulk';

const rowOf = async (text: string) => {
  const cell = await within(await screen.findByRole('table', { name: 'Admins' })).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

describe('Admin list', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the stat cards and each admin, asking for page 1 of 10 with the URL filters', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, adminListEnvelope([makeAdmin(1)])) });
    renderApp('/manage-admin/admin/users?role=Editor&q=staff');

    const counts = within(await screen.findByRole('region', { name: 'Admin counts' }));
    expect(
      await within(counts.getByRole('group', { name: 'Total Admins' })).findByText('9'),
    ).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Active' })).getByText('6')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Suspended' })).getByText('2')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Pending' })).getByText('1')).toBeInTheDocument();

    const row = await rowOf('Staff 1');
    expect(row.getByText('Editor')).toBeInTheDocument();
    expect(row.getByText('Product Management')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      limit: '10',
      q: 'staff',
      role: 'Editor',
    });
  });

  it("shows 'No admins found.' when nothing matches", async () => {
    stubApi({ [LIST]: () => jsonResponse(200, adminListEnvelope([])) });
    renderApp('/manage-admin/admin/users');
    expect(await screen.findByText('No admins found.')).toBeInTheDocument();
  });

  it('suspends the ticked admins after a confirmation and reports the refused ones', async () => {
    const api = stubApi({
      [LIST]: () =>
        jsonResponse(200, adminListEnvelope([makeAdmin(1), makeAdmin(2, { name: 'Store Admin' })])),
      [BULK]: () =>
        jsonResponse(
          200,
          dataEnvelope({
            done: ['a-1'],
            failed: [{ id: 'a-2', message: 'You cannot suspend, delete or demote your own account.' }],
          }),
        ),
    });
    const { user } = renderApp('/manage-admin/admin/users');
    await rowOf('Staff 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all admins on this page' }));
    const bar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Suspend' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Suspend' }));
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.sentTo(BULK)).toHaveLength(1));
    expect(api.sentTo(BULK)[0]?.body).toEqual({ action: 'suspend', ids: ['a-1', 'a-2'] });
    expect(
      await screen.findByText('Store Admin: You cannot suspend, delete or demote your own account.'),
    ).toBeInTheDocument();
  });

  it('edits an admin, sending only what changed', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, adminListEnvelope([makeAdmin(1)])),
      'PATCH /admins/a-1': () => jsonResponse(200, dataEnvelope(makeAdmin(1, { department: 'IT' }))),
    });
    const { user } = renderApp('/manage-admin/admin/users');
    await user.click((await rowOf('Staff 1')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Admin' }));
    await user.clear(dialog.getByRole('textbox', { name: /Last Name/ }));
    await user.type(dialog.getByRole('textbox', { name: /Last Name/ }), 'Rahman');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sentTo('PATCH /admins/a-1')).toHaveLength(1));
    expect(api.sentTo('PATCH /admins/a-1')[0]?.body).toEqual({ lastName: 'Rahman' });
  });
});
