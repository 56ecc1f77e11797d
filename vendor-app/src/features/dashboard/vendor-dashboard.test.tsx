import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../test/fixtures';
import { jsonResponse, routeStub, sentRoutes } from '../../test/network';
import { renderApp } from '../../test/render-app';

type Dashboard = Schemas['VendorDashboard'];

function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    storeName: 'Dhaka Crafts',
    orders: 1234,
    revenue: 5678.9,
    currency: 'USD',
    activeProducts: 17,
    recentOrders: [
      {
        _id: 'o-1',
        orderNumber: 'ORD-20261201-0042',
        customer: 'Nusrat Jahan',
        date: '2026-12-01T10:00:00.000Z',
        amount: 2500,
        currency: 'BDT',
        status: 'Confirmed',
      },
      {
        _id: 'o-2',
        orderNumber: 'ORD-20261130-0007',
        customer: 'Karim Hasan',
        date: '2026-11-30T10:00:00.000Z',
        amount: 19.99,
        currency: 'USD',
        status: 'Shipped',
      },
    ],
    ...overrides,
  };
}

function answer(dashboard: () => Response) {
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    'GET /vendor/dashboard': dashboard,
  });
}

describe('vendor dashboard', () => {
  it("welcomes the vendor beside the store's name, with the three cards and the recent orders", async () => {
    answer(() => jsonResponse(200, { success: true, data: makeDashboard() }));
    renderApp('/manage-vandor/dashboard', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Welcome, Vendor!' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Dhaka Crafts')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Orders' })).getByText('1,234')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Revenue' })).getByText('$5,678.90')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Active Products' })).getByText('17'),
    ).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Recent Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order ID', 'Customer', 'Date', 'Amount', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['ORD-20261201-0042', 'Nusrat Jahan', 'Dec 1, 2026', formatMoney(2500, 'BDT'), 'Confirmed'],
      ['ORD-20261130-0007', 'Karim Hasan', 'Nov 30, 2026', '$19.99', 'Shipped'],
    ]);
    expect(sentRoutes()).toContain('GET /vendor/dashboard');
  });

  it('says when there are no orders yet', async () => {
    answer(() =>
      jsonResponse(200, {
        success: true,
        data: makeDashboard({ orders: 0, revenue: 0, activeProducts: 0, recentOrders: [] }),
      }),
    );
    renderApp('/manage-vandor/dashboard', { signedIn: true });

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent Orders' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Revenue' })).getByText('$0.00')).toBeInTheDocument();
  });

  it("shows the server's message when the figures cannot be loaded", async () => {
    answer(() =>
      jsonResponse(503, {
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The store is temporarily unavailable. Please try again shortly.',
      }),
    );
    renderApp('/manage-vandor/dashboard', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent('The store is temporarily unavailable.');
    expect(within(screen.getByRole('group', { name: 'Orders' })).getByText('—')).toBeInTheDocument();
  });
});
