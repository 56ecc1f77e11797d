import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, jsonResponse, makeOrder, orderListEnvelope, stubApi } from './testing/order-api-stub';

const LIST = 'GET /orders';

const table = () => screen.findByRole('table', { name: 'Orders' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('Order list', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the stat cards from the server and asks for page 1 of 10', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1)])) });
    renderApp('/manage-admin/orders');

    const counts = within(await screen.findByRole('region', { name: 'Order counts' }));
    expect(
      await within(counts.getByRole('group', { name: 'Total Orders' })).findByText('42'),
    ).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Pending' })).getByText('7')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Shipped' })).getByText('12')).toBeInTheDocument();
    expect(within(counts.getByRole('group', { name: 'Revenue' })).getByText('$1,234.50')).toBeInTheDocument();

    await rowOf('ORD-1001');
    const query = Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? []);
    expect(query).toEqual({ page: '1', limit: '10', sort: 'newest' });
  });

  it('shows a search matching more orders than the server sums as 10,000+, asking for a narrower search', async () => {
    const capped = {
      total: 10_000,
      capped: true,
      pending: null,
      shipped: null,
      revenue: null,
      currency: 'USD',
    };
    stubApi({ [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1)], 10_000, capped)) });
    renderApp('/manage-admin/orders?q=ORD');

    const counts = within(await screen.findByRole('region', { name: 'Order counts' }));
    expect(
      await within(counts.getByRole('group', { name: 'Total Orders' })).findByText('10,000+'),
    ).toBeInTheDocument();
    for (const card of ['Pending', 'Shipped', 'Revenue'])
      expect(within(counts.getByRole('group', { name: card })).getByText('—')).toBeInTheDocument();
    expect(
      screen.getByText(
        'More than 10,000 orders match this search: narrow it to see pending, shipped and revenue.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 10 of 10000+ results')).toBeInTheDocument();
  });

  it('shows id, customer, date, items, total in the order currency, payment and status of each order', async () => {
    stubApi({ [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1)])) });
    renderApp('/manage-admin/orders');

    const row = await rowOf('ORD-1001');
    expect(row.getByText('Customer 1')).toBeInTheDocument();
    expect(row.getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(row.getByText('2')).toBeInTheDocument();
    expect(row.getByText('BDT 2,640.00')).toBeInTheDocument();
    expect(row.getByText('Credit Card')).toBeInTheDocument();
    expect(row.getByText('Paid')).toBeInTheDocument();
    expect(row.getByText('Confirmed')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-1',
    );
    expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-1&mode=edit',
    );
    expect(row.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-1&mode=print',
    );
    // Delete archives, and only a cancelled or failed order can be archived.
    expect(row.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("shows 'No orders found.' when nothing matches", async () => {
    stubApi({ [LIST]: () => jsonResponse(200, orderListEnvelope([])) });
    renderApp('/manage-admin/orders');

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it('shows the server message when the list fails', async () => {
    stubApi({
      [LIST]: () =>
        jsonResponse(403, { success: false, code: 'FORBIDDEN', message: 'You may not see orders.' }),
    });
    renderApp('/manage-admin/orders');

    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see orders.');
  });

  it('keeps the search, status and page in the URL and sends them to the server', async () => {
    const api = stubApi({ [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1)], 25)) });
    const { router, user } = renderApp('/manage-admin/orders?page=2');
    await screen.findByText('Showing 11 to 20 of 25 results');

    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'Shipped' }));
    await user.type(screen.getByLabelText('Search'), 'Rahim{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'Shipped', q: 'Rahim' }));
    await waitFor(() => {
      const query = api.sentTo(LIST).at(-1)?.url.searchParams;
      expect(query?.get('q')).toBe('Rahim');
      expect(query?.getAll('status')).toEqual(['Shipped']);
      expect(query?.get('page')).toBe('1');
    });
  });

  it('moves the ticked orders with Update Status and lists the ones the server refused', async () => {
    const api = stubApi({
      [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1), makeOrder(2), makeOrder(3)])),
      'POST /orders/bulk-status': () =>
        jsonResponse(
          200,
          dataEnvelope({
            updated: ['o-1'],
            failed: [{ id: 'o-2', message: 'Cannot move from Delivered to Shipped.' }],
          }),
        ),
    });
    const { user } = renderApp('/manage-admin/orders');

    await user.click((await rowOf('ORD-1001')).getByRole('checkbox', { name: 'Select ORD-1001' }));
    await user.click((await rowOf('ORD-1002')).getByRole('checkbox', { name: 'Select ORD-1002' }));
    const bar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Update Status' })).toBeDisabled();

    await user.selectOptions(bar.getByLabelText('New status'), 'Shipped');
    await user.click(bar.getByRole('button', { name: 'Update Status' }));

    await waitFor(() => expect(api.sentTo('POST /orders/bulk-status')).toHaveLength(1));
    expect(api.sentTo('POST /orders/bulk-status')[0]?.body).toEqual({
      ids: ['o-1', 'o-2'],
      status: 'Shipped',
    });
    const report = await screen.findByRole('alert', { name: '1 order could not be moved to Shipped' });
    expect(report).toHaveTextContent('ORD-1002: Cannot move from Delivered to Shipped.');
    expect(await screen.findByText('Moved to Shipped: 1 order.')).toBeInTheDocument();
  });

  it('selects every order of the page with select-all', async () => {
    stubApi({ [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1), makeOrder(2)])) });
    const { user } = renderApp('/manage-admin/orders');
    await rowOf('ORD-1001');

    await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('deletes (archives) the ticked orders after the confirmation and says which were refused', async () => {
    const cancelled = makeOrder(1, { status: 'Cancelled', reason: 'Out of stock' });
    const api = stubApi({
      [LIST]: () => jsonResponse(200, orderListEnvelope([cancelled, makeOrder(2)])),
      'POST /orders/bulk-archive': () =>
        jsonResponse(
          200,
          dataEnvelope({
            updated: ['o-1'],
            failed: [{ id: 'o-2', message: 'Only cancelled or failed orders can be archived.' }],
          }),
        ),
    });
    const { user } = renderApp('/manage-admin/orders');

    await rowOf('ORD-1001');
    await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
    );

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByText(/1 of them will be refused/)).toBeInTheDocument();
    expect(api.sentTo('POST /orders/bulk-archive')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(api.sentTo('POST /orders/bulk-archive')[0]?.body).toEqual({ ids: ['o-1', 'o-2'] }),
    );
    expect(await screen.findByRole('alert', { name: '1 order could not be deleted' })).toHaveTextContent(
      'ORD-1002: Only cancelled or failed orders can be archived.',
    );
    expect(await screen.findByText('Deleted 1 order.')).toBeInTheDocument();
  });

  it('offers Delete on a cancelled row', async () => {
    stubApi({ [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1, { status: 'Failed' })])) });
    const { user } = renderApp('/manage-admin/orders');

    await user.click((await rowOf('ORD-1001')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Delete' })).toHaveTextContent(
      'Delete order ORD-1001?',
    );
  });

  it('downloads the CSV of the current filters with Export', async () => {
    const createObjectURL = vi.fn(() => 'blob:orders');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const api = stubApi({
      [LIST]: () => jsonResponse(200, orderListEnvelope([makeOrder(1)])),
      'GET /orders/export': () =>
        new Response('orderId,total\nORD-1001,2640\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="orders-2026.csv"',
          },
        }),
    });
    const { user } = renderApp('/manage-admin/orders?status=Cancelled&q=rahim&channel=b2c');
    await rowOf('ORD-1001');

    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const query = api.sentTo('GET /orders/export')[0]?.url.searchParams;
    expect(query?.get('q')).toBe('rahim');
    expect(query?.getAll('status')).toEqual(['Cancelled']);
    expect(query?.get('channel')).toBe('b2c');
    expect(query?.has('page')).toBe(false);
  });
});
