import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../test/fixtures';
import { jsonResponse, type RouteHandler, routeStub } from '../../test/network';
import { renderApp } from '../../test/render-app';

type Earnings = Schemas['VendorEarnings'];
type LedgerEntry = Schemas['VendorLedgerEntry'];

const EARNINGS: Earnings = {
  balance: 62.5,
  earned: 100,
  commission: 7.5,
  refunded: 10,
  paidOut: 20,
  currency: 'USD',
  commissionPercent: 12.5,
  commissionIsDefault: false,
};

function makeEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    _id: 'e0000000-0000-4000-8000-000000000001',
    date: '2026-12-01T10:00:00.000Z',
    kind: 'sale',
    orderNumber: 'ORD-20261201-0042',
    lineName: 'Leather Wallet',
    amount: 20.83,
    orderAmount: 2500,
    orderCurrency: 'BDT',
    reference: null,
    note: null,
    ...overrides,
  };
}

const ledgerPage = (entries: LedgerEntry[], total = entries.length, page = 1) =>
  jsonResponse(200, { success: true, data: entries, meta: { page, limit: 10, total } });

function serve(routes: Record<string, RouteHandler>) {
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    'GET /vendor/earnings': () => jsonResponse(200, { success: true, data: EARNINGS }),
    ...routes,
  });
}

const card = (label: string) => screen.findByRole('group', { name: label });

describe('vendor earnings', () => {
  it('shows the balance, earned, commission, refunded and paid out, and the commission percent', async () => {
    serve({ 'GET /vendor/earnings/ledger': () => ledgerPage([]) });
    renderApp('/manage-vandor/earnings', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
    expect(within(await card('Balance')).getByText('$62.50')).toBeInTheDocument();
    expect(within(await card('Earned')).getByText('$100.00')).toBeInTheDocument();
    expect(within(await card('Commission')).getByText('$7.50')).toBeInTheDocument();
    expect(within(await card('Refunded')).getByText('$10.00')).toBeInTheDocument();
    expect(within(await card('Paid out')).getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByText(/commission on your sales is 12.5%/)).toBeInTheDocument();
    expect(await screen.findByText(/No earnings yet/)).toBeInTheDocument();
  });

  it('lists the ledger rows with the order’s own amount, and pages through the server', async () => {
    const queried: string[] = [];
    serve({
      'GET /vendor/earnings/ledger': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        queried.push(new URL(request.url).search);
        return page === 1
          ? ledgerPage(
              [
                makeEntry(),
                makeEntry({
                  _id: 'e0000000-0000-4000-8000-000000000002',
                  kind: 'payout',
                  orderNumber: null,
                  lineName: null,
                  amount: -20,
                  orderAmount: null,
                  orderCurrency: null,
                  reference: 'TRF-0042',
                  note: 'November',
                }),
              ],
              12,
            )
          : ledgerPage(
              [makeEntry({ _id: 'e0000000-0000-4000-8000-000000000003', kind: 'refund', amount: -5 })],
              12,
              2,
            );
      },
    });
    const { router } = renderApp('/manage-vandor/earnings', { signedIn: true });

    const table = await screen.findByRole('table', { name: 'Ledger' });
    expect(await within(table).findByText('ORD-20261201-0042')).toBeInTheDocument();
    expect(within(table).getByText('Leather Wallet')).toBeInTheDocument();
    expect(within(table).getByText('Sale')).toBeInTheDocument();
    expect(within(table).getByText('$20.83')).toBeInTheDocument();
    expect(within(table).getByText('BDT 2,500.00')).toBeInTheDocument();
    expect(within(table).getByText('Payout')).toBeInTheDocument();
    expect(within(table).getByText('TRF-0042')).toBeInTheDocument();
    expect(within(table).getByText('-$20.00')).toBeInTheDocument();
    expect(queried[0]).toContain('limit=10');

    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await within(table).findByText('Refund')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  it('shows the server’s message when the ledger fails, and Retry asks again', async () => {
    let attempts = 0;
    serve({
      'GET /vendor/earnings/ledger': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(503, {
              success: false,
              code: 'SERVICE_UNAVAILABLE',
              message: 'The store is resting.',
            })
          : ledgerPage([makeEntry()]);
      },
    });
    renderApp('/manage-vandor/earnings', { signedIn: true });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The store is resting.')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ORD-20261201-0042')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(attempts).toBe(2);
  });
});
