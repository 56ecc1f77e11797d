import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const overview = {
  salesToday: 184.5,
  salesWeek: 1290.75,
  salesMonth: 5420.1,
  orders: { b2c: 42, d2c: 7, b2b: 3 },
  traffic: { visitors: 1830, pageviews: 6212 },
  conversion: 2.84,
  topProducts: ['Earbuds', 'Smart Watch', 'USB-C Hub', 'Desk Lamp', 'Phone Case', 'Yoga Mat', 'Kettle'],
  revenueVsRefund: [
    { date: '2026-11-20', revenue: 240.5, refund: 19.99 },
    { date: '2026-11-21', revenue: 312, refund: 0 },
  ],
  geo: [
    { country: 'BD', orders: 21 },
    { country: 'US', orders: 12 },
  ],
  recoveredOrders: { count: 3, revenue: 84.2 },
};

type Answers = Record<string, () => Response | Promise<Response>>;

const okAnswers = (): Answers => ({
  '/stats/overview': () => jsonResponse(200, { success: true, data: overview }),
  '/admin/alerts': () =>
    jsonResponse(200, {
      success: true,
      data: [{ message: '3 products are out of stock.', severity: 'medium', kind: 'stock' }],
    }),
  '/admin/pending-actions': () =>
    jsonResponse(200, { success: true, data: { products: 4, orders: 6, vendors: 1, support: 2 } }),
  '/suppliers/alerts': () =>
    jsonResponse(200, { success: true, data: [], meta: { page: 1, limit: 100, total: 0 } }),
  '/stats/daily-count': () =>
    jsonResponse(200, {
      success: true,
      data: [
        { date: '2026-11-22', count: 1342 },
        { date: '2026-11-21', count: 2210 },
      ],
    }),
});

/** Answers each API path with its own envelope and records which paths were asked. */
function answerByPath(answers: Answers) {
  const asked: string[] = [];
  fetchStub.mockImplementation(async (input) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname.replace(/^\/api/, '');
    asked.push(path);
    const answer = answers[path];
    if (!answer) throw new Error(`Unexpected request: ${path}`);
    return answer();
  });
  return asked;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('asks for the four data sets together and shows skeletons until they answer', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answers = okAnswers();
    const asked = answerByPath(
      Object.fromEntries(Object.entries(answers).map(([path, answer]) => [path, () => held.then(answer)])),
    );
    renderApp('/manage-admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByTestId('dashboard-skeleton').length).toBeGreaterThan(0);
    // All four are in flight before any has answered (with the supplier alerts, shown to staff with products).
    await vi.waitFor(() => expect(asked).toHaveLength(5));
    expect(new Set(asked)).toEqual(
      new Set([
        '/stats/overview',
        '/admin/alerts',
        '/admin/pending-actions',
        '/stats/daily-count',
        '/suppliers/alerts',
      ]),
    );

    release();
    expect(await screen.findByText('$184.50')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-skeleton')).not.toBeInTheDocument();
  });

  it('shows the figures the server computed', async () => {
    answerByPath(okAnswers());
    renderApp('/manage-admin/dashboard');

    const sales = within(await screen.findByRole('region', { name: 'Total Sales' }, { timeout: 3000 }));
    expect(await sales.findByText('$184.50')).toBeInTheDocument();
    expect(sales.getByText('$1,290.75')).toBeInTheDocument();
    expect(sales.getByText('$5,420.10')).toBeInTheDocument();

    const orders = within(region('Orders Count'));
    expect(orders.getByText('B2C').nextSibling).toHaveTextContent('42');
    expect(orders.getByText('D2C').nextSibling).toHaveTextContent('7');
    expect(orders.getByText('B2B').nextSibling).toHaveTextContent('3');

    const traffic = within(region('Traffic Summary'));
    expect(traffic.getByText('Visitors').nextSibling).toHaveTextContent('1,830');
    expect(traffic.getByText('Pageviews').nextSibling).toHaveTextContent('6,212');

    expect(within(region('Conversion Rate')).getByText('2.84%')).toBeInTheDocument();
    expect(within(region('Top Products')).getByText('Earbuds')).toBeInTheDocument();
    const recovered = within(region('Recovered Orders'));
    expect(recovered.getByText('Orders (30 days)').nextSibling).toHaveTextContent('3');
    expect(recovered.getByText('Revenue').nextSibling).toHaveTextContent('$84.20');
    // The first (newest) item of the daily-count list is today.
    expect(within(region('API Calls Today')).getByText('1,342')).toBeInTheDocument();

    expect(within(region('System Alerts')).getByText('3 products are out of stock.')).toBeInTheDocument();

    const pending = within(region('Pending Actions Overview'));
    expect(pending.getByText('Products Pending Approval').nextSibling).toHaveTextContent('4');
    expect(pending.getByText('Orders Awaiting Fulfillment').nextSibling).toHaveTextContent('6');
    expect(pending.getByText('Factory/Vendor Applications').nextSibling).toHaveTextContent('1');
    expect(pending.getByText('Unread Support Messages').nextSibling).toHaveTextContent('2');

    // The charts arrive after the first paint (their library loads on its own).
    expect(await within(region('Revenue vs Refund')).findByRole('img')).toBeInTheDocument();
    expect(await within(region('Customer Geo Distribution')).findByRole('img')).toBeInTheDocument();
  });

  it('lists at most five top-selling products, best first', async () => {
    answerByPath(okAnswers());
    renderApp('/manage-admin/dashboard');

    const top = within(await screen.findByRole('region', { name: 'Top 5 Selling Products' }));
    const items = await top.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Earbuds',
      'Smart Watch',
      'USB-C Hub',
      'Desk Lamp',
      'Phone Case',
    ]);
  });

  it("says 'No alerts' when there are none", async () => {
    answerByPath({
      ...okAnswers(),
      '/admin/alerts': () => jsonResponse(200, { success: true, data: [] }),
    });
    renderApp('/manage-admin/dashboard');

    expect(await screen.findByText('No alerts')).toBeInTheDocument();
  });

  it('shows the failure text in the cards and in the pending actions when one call fails', async () => {
    answerByPath({
      ...okAnswers(),
      '/admin/pending-actions': () =>
        jsonResponse(500, { success: false, code: 'INTERNAL_ERROR', message: 'Internal server error.' }),
    });
    renderApp('/manage-admin/dashboard');

    const pending = within(await screen.findByRole('region', { name: 'Pending Actions Overview' }));
    expect(await pending.findByText('Failed to load dashboard data.')).toBeInTheDocument();
    const cards = within(region('Overview'));
    expect(cards.getAllByText('Failed to load dashboard data.')).toHaveLength(7);
    expect(screen.queryByText('$184.50')).not.toBeInTheDocument();
  });

  it('links the quick actions to their screens', async () => {
    answerByPath(okAnswers());
    renderApp('/manage-admin/dashboard');

    const actions = within(await screen.findByRole('region', { name: 'Quick Actions' }));
    expect(actions.getByRole('link', { name: 'Add Product' })).toHaveAttribute(
      'href',
      '/manage-admin/products/add-product',
    );
    expect(actions.getByRole('link', { name: 'Import from AliExpress' })).toHaveAttribute(
      'href',
      '/manage-admin/products/add-product/aliexpress',
    );
    expect(actions.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/manage-admin/orders');
    expect(actions.getByRole('link', { name: 'Disputes' })).toHaveAttribute('href', '/manage-admin/disputes');
  });

  it('links Products Pending Approval to Product Management filtered to pending approval', async () => {
    const waiting = () => new Promise<Response>(() => {});
    answerByPath({ ...okAnswers(), '/product/': waiting, '/product/stats': waiting });
    const { router, user } = renderApp('/manage-admin/dashboard');

    const pending = within(await screen.findByRole('region', { name: 'Pending Actions Overview' }));
    const link = await pending.findByRole('link', { name: 'Products Pending Approval' });
    expect(link).toHaveAttribute('href', '/manage-admin/products?approval=pending');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/manage-admin/products');
    expect(router.state.location.search).toEqual({ approval: 'pending' });
  });

  it("shows a parcel's alert with a link to its order, dismissable once seen to", async () => {
    const parcel = {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      kind: 'parcel.no_tracking',
      status: 'open',
      message: 'ORD-20261120-0004, parcel 2: no tracking number 7 days after the supplier order was placed.',
      productId: null,
      productTitle: null,
      skuId: null,
      orderId: 'f1e2d3c4-0000-4000-8000-000000000002',
      details: {},
      resolution: null,
      resolvedBy: null,
      resolvedAt: null,
      createdAt: '2026-11-27T09:15:00.000Z',
    };
    answerByPath({
      ...okAnswers(),
      '/suppliers/alerts': () =>
        jsonResponse(200, { success: true, data: [parcel], meta: { page: 1, limit: 100, total: 1 } }),
    });
    renderApp('/manage-admin/dashboard');
    // The panel renders once the session's permissions are known: on a busy machine that can pass a second.
    const row = within(await screen.findByRole('group', { name: parcel.message }, { timeout: 10_000 }));
    expect(row.getByText('No tracking number')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      `/manage-admin/orders/details?id=${parcel.orderId}`,
    );
    // No supplier decision applies to a parcel: only Dismiss.
    expect(row.getAllByRole('button').map((button) => button.textContent)).toEqual(['Dismiss']);
  });
});
