import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';

type Shopper = Schemas['Shopper'];

const LIST = 'GET /b2c/shoppers';
const STATS: Schemas['ShopperStats'] = {
  shoppers: 1284,
  active: 1100,
  suspended: 12,
  guests: 172,
  b2cOrders: 342,
  b2cRevenue: 18_420.5,
  currency: 'USD',
};

function makeShopper(n: number, overrides: Partial<Shopper> = {}): Shopper {
  return {
    _id: `c-${n}`,
    name: `Shopper ${n}`,
    email: `shopper${n}@example.com`,
    status: 'active',
    orders: 3,
    totalSpent: 120.5,
    lastOrder: '2026-11-20T09:15:00.000Z',
    joined: '2026-10-02T09:15:00.000Z',
    invited: false,
    ...overrides,
  };
}

const guest = makeShopper(9, {
  _id: 'rahim@example.com',
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  status: 'guest',
  orders: 2,
  totalSpent: 35,
  joined: null,
});

const listEnvelope = (shoppers: Shopper[], total = shoppers.length) => ({
  success: true,
  data: shoppers,
  meta: { page: 1, limit: 10, total },
  stats: STATS,
});

const table = () => screen.findByRole('table', { name: 'Shoppers' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

describe('B2C Management', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('says 10000+ when the server counted only part of a search’s matches', async () => {
    const crowd = {
      ...listEnvelope([makeShopper(1)], 10_000),
      meta: { page: 1, limit: 10, total: 10_000, capped: true },
    };
    stubApi({ [LIST]: () => jsonResponse(200, crowd) });
    renderApp('/manage-admin/b2c?q=shopper');
    expect(await screen.findByText('Showing 1 to 10 of 10000+ results')).toBeInTheDocument();
  });

  it('shows the summary cards and the shoppers of page 1 of 10', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([makeShopper(1), guest], 23)) });
    renderApp('/manage-admin/b2c');

    expect(await screen.findByRole('heading', { name: 'B2C Management' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('region', { name: 'Shopper counts' }));
    expect(
      await within(cards.getByRole('group', { name: 'Shoppers' })).findByText('1,284'),
    ).toBeInTheDocument();
    expect(within(cards.getByRole('group', { name: 'Active' })).getByText('1,100')).toBeInTheDocument();
    expect(within(cards.getByRole('group', { name: 'Suspended' })).getByText('12')).toBeInTheDocument();
    expect(within(cards.getByRole('group', { name: 'Guests' })).getByText('172')).toBeInTheDocument();
    expect(
      within(cards.getByRole('group', { name: 'B2C Orders (30 days)' })).getByText('342'),
    ).toBeInTheDocument();
    expect(
      within(cards.getByRole('group', { name: 'B2C Revenue (30 days)' })).getByText('$18,420.50'),
    ).toBeInTheDocument();

    const account = await rowOf('Shopper 1');
    expect(account.getByText('shopper1@example.com')).toBeInTheDocument();
    expect(account.getByRole('combobox', { name: 'Status of Shopper 1' })).toHaveValue('active');
    expect(account.getByText('$120.50')).toBeInTheDocument();
    expect(account.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(account.getByText('Oct 2, 2026')).toBeInTheDocument();
    expect(account.getByRole('link', { name: 'View Shopper 1' })).toHaveAttribute(
      'href',
      '/manage-admin/users/details?id=c-1',
    );
    expect(account.queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();

    // A guest has no status to change: a badge, and Invite.
    const row = await rowOf('Rahim Uddin');
    expect(row.getByText('guest')).toBeInTheDocument();
    expect(row.queryByRole('combobox')).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Invite Rahim Uddin' })).toBeInTheDocument();
    expect(row.getByText('$35.00')).toBeInTheDocument();

    expect(screen.getByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    const query = Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? []);
    expect(query).toEqual({ page: '1', limit: '10' });
  });

  it("shows 'No shoppers found.' when nothing matches", async () => {
    stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([])) });
    renderApp('/manage-admin/b2c');
    expect(await screen.findByText('No shoppers found.')).toBeInTheDocument();
  });

  it('keeps the status filter, the search and the page in the URL and asks the server with them', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, listEnvelope([makeShopper(1)], 25)) });
    const { user, router } = renderApp('/manage-admin/b2c?status=suspended');
    await rowOf('Shopper 1');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('suspended');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'active', 'suspended', 'guest']);

    await user.selectOptions(status, 'guest');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rahim{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'guest', q: 'rahim' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => {
      const last = api.sentTo(LIST).at(-1);
      expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
        page: '3',
        limit: '10',
        status: 'guest',
        q: 'rahim',
      });
    });
  });

  it('suspends an account after a confirmation, and makes it active again at once', async () => {
    let current = makeShopper(1);
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([current])),
      'PUT /b2c/shoppers/c-1/status': (request) => {
        const { status } = request.body as { status: Shopper['status'] };
        current = { ...current, status };
        return jsonResponse(200, { ...dataEnvelope(current), message: `Shopper 1 is ${status}.` });
      },
    });
    const { user } = renderApp('/manage-admin/b2c');
    await rowOf('Shopper 1');
    // Rows are drawn again on every change: the select is looked up each time.
    const statusSelect = () => screen.getByRole('combobox', { name: 'Status of Shopper 1' });

    await user.selectOptions(statusSelect(), 'suspended');
    expect(statusSelect()).toHaveValue('suspended');
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend this shopper?' }));
    expect(dialog.getByText(/cannot sign in or place orders/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentTo('PUT /b2c/shoppers/c-1/status')).toHaveLength(0);
    expect(statusSelect()).toHaveValue('active');

    await user.selectOptions(statusSelect(), 'suspended');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Suspend this shopper?' })).getByRole('button', {
        name: 'Suspend',
      }),
    );
    expect(await screen.findByText('Shopper 1 is suspended.')).toBeInTheDocument();
    expect(api.sentTo('PUT /b2c/shoppers/c-1/status')[0]?.body).toEqual({ status: 'suspended' });
    await waitFor(() => expect(statusSelect()).toHaveValue('suspended'));

    await user.selectOptions(statusSelect(), 'active');
    expect(await screen.findByText('Shopper 1 is active.')).toBeInTheDocument();
    expect(api.sentTo('PUT /b2c/shoppers/c-1/status')[1]?.body).toEqual({ status: 'active' });
  });

  it("shows the server's message when the status cannot be changed", async () => {
    stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeShopper(1, { status: 'suspended' })])),
      'PUT /b2c/shoppers/c-1/status': () =>
        jsonResponse(404, errorEnvelope('Shopper not found.', 'NOT_FOUND')),
    });
    const { user } = renderApp('/manage-admin/b2c');
    await user.selectOptions(
      (await rowOf('Shopper 1')).getByRole('combobox', { name: 'Status of Shopper 1' }),
      'active',
    );
    expect(await screen.findByText('Shopper not found.')).toBeInTheDocument();
  });

  it('invites a guest to open an account under the email they ordered with', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([guest])),
      'POST /users/invite': () =>
        jsonResponse(201, {
          success: true,
          message: 'Invitation sent to rahim@example.com.',
          data: { user: {}, expiresAt: '2026-12-01T00:00:00.000Z' },
        }),
    });
    const { user } = renderApp('/manage-admin/b2c');
    await user.click((await rowOf('Rahim Uddin')).getByRole('button', { name: 'Invite Rahim Uddin' }));
    expect(await screen.findByText('Invitation sent to rahim@example.com.')).toBeInTheDocument();
    expect(api.sentTo('POST /users/invite')[0]?.body).toEqual({
      email: 'rahim@example.com',
      name: 'Rahim Uddin',
    });
    // The list is asked again: the guest is now an invited account.
    await waitFor(() => expect(api.sentTo(LIST).length).toBeGreaterThan(1));
  });
});
