import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';

type Vendor = Schemas['VendorProfile'];

const LIST = 'GET /vendor-applications';
const PENDING_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ACTIVE_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const COUNTS: Schemas['VendorStatusCounts'] = { pending: 3, active: 12, rejected: 2, suspended: 1 };

function makeVendor(overrides: Partial<Vendor> = {}): Vendor {
  return {
    _id: PENDING_ID,
    name: 'Dhaka Leather Works',
    email: 'hello@dhakaleather.example.com',
    phone: '+8801711000000',
    address: '12 Tanner Lane, Dhaka',
    description: 'Hand-stitched leather bags.',
    logoUrl: null,
    status: 'pending',
    reviewNote: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const ACTIVE = makeVendor({
  _id: ACTIVE_ID,
  name: 'Sylhet Tea House',
  email: 'tea@sylhet.example.com',
  phone: null,
  status: 'active',
  createdAt: '2026-10-02T08:00:00.000Z',
});

const listEnvelope = (vendors: Vendor[], total = vendors.length) => ({
  success: true,
  data: vendors,
  meta: { page: 1, limit: 10, total },
  counts: COUNTS,
});

const table = () => screen.findByRole('table', { name: 'Vendor applications' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A staff token with just these permissions and no SuperAdmin role. */
function staffToken(sub: string, permissions: string[]) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub,
    aud: 'shop:staff',
    email: 'mia@example.com',
    name: 'Mia Manager',
    role: 'Manager',
    permissions,
    tv: 1,
    iat: now,
    exp: now + 3600,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

describe('Vendor Applications', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the status cards and the stores of page 1 of 10', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([makeVendor(), ACTIVE], 14)) });
    renderApp('/manage-admin/vendors');

    expect(await screen.findByRole('heading', { name: 'Vendor Applications' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('region', { name: 'Vendor counts' }));
    expect(await within(cards.getByRole('group', { name: 'Pending' })).findByText('3')).toBeInTheDocument();
    expect(within(cards.getByRole('group', { name: 'Active' })).getByText('12')).toBeInTheDocument();
    expect(within(cards.getByRole('group', { name: 'Rejected' })).getByText('2')).toBeInTheDocument();
    expect(within(cards.getByRole('group', { name: 'Suspended' })).getByText('1')).toBeInTheDocument();

    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Store', 'Email', 'Phone', 'Applied', 'Status', 'Actions']);
    const pending = await rowOf('Dhaka Leather Works');
    expect(pending.getByText('hello@dhakaleather.example.com')).toBeInTheDocument();
    expect(pending.getByText('+8801711000000')).toBeInTheDocument();
    expect(pending.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Approve Dhaka Leather Works' })).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Reject Dhaka Leather Works' })).toBeInTheDocument();
    const active = await rowOf('Sylhet Tea House');
    expect(active.getByText('—')).toBeInTheDocument();
    expect(active.getByRole('button', { name: 'Suspend Sylhet Tea House' })).toBeInTheDocument();
    expect(active.queryByRole('button', { name: 'Approve Sylhet Tea House' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 14 results')).toBeInTheDocument();
    expect(Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      limit: '10',
    });
  });

  it('keeps the status filter and the search in the URL and asks the server with them', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([])) });
    const { user, router } = renderApp('/manage-admin/vendors');
    expect(await screen.findByText('No vendor applications found.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'pending' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'leather');
    await waitFor(() =>
      expect(Object.fromEntries(api.sentTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '1',
        limit: '10',
        status: 'pending',
        q: 'leather',
      }),
    );
    expect(router.state.location.search).toMatchObject({ status: 'pending', q: 'leather' });
  });

  it('approves an application and reloads the list', async () => {
    let approved = false;
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeVendor(approved ? { status: 'active' } : {})])),
      [`POST /vendor-applications/${PENDING_ID}/approve`]: () => {
        approved = true;
        return jsonResponse(200, {
          ...dataEnvelope(makeVendor({ status: 'active' })),
          message: 'Dhaka Leather Works is approved: it can sign in to the vendor panel.',
        });
      },
    });
    const { user } = renderApp('/manage-admin/vendors');
    await user.click(
      (await rowOf('Dhaka Leather Works')).getByRole('button', { name: 'Approve Dhaka Leather Works' }),
    );
    expect(await screen.findByText(/is approved: it can sign in/)).toBeInTheDocument();
    expect(api.sentTo(`POST /vendor-applications/${PENDING_ID}/approve`)).toHaveLength(1);
    expect(
      await (await rowOf('Dhaka Leather Works')).findByRole('button', {
        name: 'Suspend Dhaka Leather Works',
      }),
    ).toBeInTheDocument();
  });

  it('rejects only with a reason, and shows the server refusing', async () => {
    const REJECT = `POST /vendor-applications/${PENDING_ID}/reject`;
    let answer = () => jsonResponse(409, errorEnvelope('An active store cannot be rejected.'));
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeVendor()])),
      [REJECT]: () => answer(),
    });
    const { user } = renderApp('/manage-admin/vendors');
    await user.click(
      (await rowOf('Dhaka Leather Works')).getByRole('button', { name: 'Reject Dhaka Leather Works' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject application' }));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Give the reason for rejecting the application.')).toBeInTheDocument();
    expect(api.sentTo(REJECT)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), '  We could not verify the address. ');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('An active store cannot be rejected.');
    expect(api.sentTo(REJECT)[0]?.body).toEqual({ reason: 'We could not verify the address.' });

    answer = () =>
      jsonResponse(200, {
        ...dataEnvelope(makeVendor({ status: 'rejected', reviewNote: 'We could not verify the address.' })),
        message: 'The application of Dhaka Leather Works was rejected.',
      });
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('The application of Dhaka Leather Works was rejected.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject application' })).not.toBeInTheDocument(),
    );
  });

  it('asks before suspending and before reactivating', async () => {
    let status: Vendor['status'] = 'active';
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([{ ...ACTIVE, status }])),
      [`POST /vendor-applications/${ACTIVE_ID}/suspend`]: () => {
        status = 'suspended';
        return jsonResponse(200, dataEnvelope({ ...ACTIVE, status }));
      },
      [`POST /vendor-applications/${ACTIVE_ID}/reactivate`]: () => {
        status = 'active';
        return jsonResponse(200, dataEnvelope({ ...ACTIVE, status }));
      },
    });
    const { user } = renderApp('/manage-admin/vendors');
    await user.click(
      (await rowOf('Sylhet Tea House')).getByRole('button', { name: 'Suspend Sylhet Tea House' }),
    );
    let dialog = within(await screen.findByRole('dialog', { name: 'Suspend this store?' }));
    expect(dialog.getByText(/its products leave the storefront/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.sentTo(`POST /vendor-applications/${ACTIVE_ID}/suspend`)).toHaveLength(0);

    await user.click(
      (await rowOf('Sylhet Tea House')).getByRole('button', { name: 'Suspend Sylhet Tea House' }),
    );
    dialog = within(await screen.findByRole('dialog', { name: 'Suspend this store?' }));
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.sentTo(`POST /vendor-applications/${ACTIVE_ID}/suspend`)).toHaveLength(1));

    const reactivate = await (await rowOf('Sylhet Tea House')).findByRole('button', {
      name: 'Reactivate Sylhet Tea House',
    });
    await user.click(reactivate);
    dialog = within(await screen.findByRole('dialog', { name: 'Reactivate this store?' }));
    await user.click(dialog.getByRole('button', { name: 'Reactivate' }));
    await waitFor(() =>
      expect(api.sentTo(`POST /vendor-applications/${ACTIVE_ID}/reactivate`)).toHaveLength(1),
    );
  });

  it('shows the server message when the list cannot be loaded', async () => {
    stubApi({
      [LIST]: () => jsonResponse(403, errorEnvelope('You do not have permission to do this.', 'FORBIDDEN')),
    });
    renderApp('/manage-admin/vendors');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  });

  it('is in the navigation only for staff holding the admins permission', async () => {
    stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([])) });
    const nav = () => screen.getByRole('navigation', { name: 'Admin navigation' });
    const navShown = () => screen.findByRole('navigation', { name: 'Admin navigation' });

    adminSession.login(staffToken('staff-products', ['dashboard', 'products']));
    const first = renderApp('/manage-admin/about');
    await navShown();
    await first.user.click(await within(nav()).findByRole('button', { name: 'Analytics & System' }));
    expect(await within(nav()).findByRole('link', { name: 'Domestic D2C Management' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Vendor Applications' })).not.toBeInTheDocument();
    first.unmount();

    adminSession.login(staffToken('staff-admins', ['admins']));
    const second = renderApp('/manage-admin/about');
    await navShown();
    await second.user.click(await within(nav()).findByRole('button', { name: 'Analytics & System' }));
    expect(await within(nav()).findByRole('link', { name: 'Vendor Applications' })).toHaveAttribute(
      'href',
      '/manage-admin/vendors',
    );
  });

  it("links the dashboard's Factory/Vendor Applications to the pending applications", async () => {
    const api = stubApi({
      'GET /stats/overview': () =>
        jsonResponse(
          200,
          dataEnvelope({
            salesToday: 0,
            salesWeek: 0,
            salesMonth: 0,
            orders: { b2c: 0, d2c: 0, b2b: 0 },
            traffic: { visitors: 0, pageviews: 0 },
            conversion: 0,
            topProducts: [],
            revenueVsRefund: [],
            geo: [],
            recoveredOrders: { count: 0, revenue: 0 },
          }),
        ),
      'GET /admin/alerts': () => jsonResponse(200, dataEnvelope([])),
      'GET /admin/pending-actions': () =>
        jsonResponse(200, dataEnvelope({ products: 0, orders: 0, vendors: 3, support: 0 })),
      'GET /stats/daily-count': () => jsonResponse(200, dataEnvelope([])),
      [LIST]: () => jsonResponse(200, listEnvelope([makeVendor()])),
    });
    const { user, router } = renderApp('/manage-admin/dashboard');
    const link = await screen.findByRole('link', { name: 'Factory/Vendor Applications' });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-admin/vendors'));
    expect(router.state.location.search).toMatchObject({ status: 'pending' });
    await waitFor(() => expect(api.sentTo(LIST).at(-1)?.url.searchParams.get('status')).toBe('pending'));
  });
});
