import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { jsonResponse, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const page = <T,>(data: T[], extra: object = {}) => ({
  success: true,
  data,
  meta: { page: 1, limit: 20, total: data.length },
  ...extra,
});

const payment = (n: number, overrides: Partial<Schemas['PaymentRecord']> = {}): Schemas['PaymentRecord'] => ({
  _id: `p-${n}`,
  reference: `ORD-200${n}`,
  orderId: `o-${n}`,
  orderNumber: `ORD-200${n}`,
  customer: `Customer ${n}`,
  provider: 'stripe',
  method: 'Credit Card',
  state: 'paid',
  amount: 25,
  refunded: 0,
  currency: 'USD',
  providerRef: `ch_${n}`,
  failureMessage: null,
  confirmedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  mismatch: null,
  ...overrides,
});

const codOrder = (overrides: Partial<Schemas['CodOrder']> = {}): Schemas['CodOrder'] => ({
  _id: 'o-9',
  orderNumber: 'ORD-3009',
  customer: 'Rahim',
  status: 'Delivered',
  carrier: 'Pathao',
  tracking: 'PT-77',
  currency: 'USD',
  owed: 120,
  state: 'collected',
  collectedAt: '2026-11-21T10:00:00.000Z',
  collectedBy: 'courier',
  remitted: null,
  remittedAt: null,
  remittanceRef: null,
  outstanding: 120,
  ...overrides,
});

const carrierSummary = {
  carrier: 'Pathao',
  currency: 'USD',
  orders: 1,
  owed: 120,
  collected: 120,
  remitted: 0,
  outstanding: 120,
};

const rowOf = async (table: string, text: string) => {
  const found = await screen.findByRole('table', { name: table });
  const row = (await within(found).findByText(text)).closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

describe('Payments screen', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken({ role: 'Support', permissions: ['orders'] }));
  });

  it('lists charges with their mismatch, totals per provider, and the mismatch worklist; filters reach the server', async () => {
    const api = stubApi({
      'GET /admin/payments/summary': () =>
        jsonResponse(200, {
          success: true,
          data: [
            {
              provider: 'stripe',
              currency: 'USD',
              count: 2,
              amount: 75,
              refunded: 0,
              states: [{ state: 'paid', count: 2, amount: 75 }],
            },
          ],
        }),
      'GET /admin/payments': () =>
        jsonResponse(
          200,
          page([
            payment(1),
            payment(2, {
              orderId: null,
              orderNumber: null,
              customer: null,
              mismatch: 'paid_without_order',
              amount: 50,
            }),
          ]),
        ),
      'GET /admin/payments/mismatches': () =>
        jsonResponse(
          200,
          page([
            {
              kind: 'paid_without_confirmation',
              paymentId: null,
              orderId: 'o-5',
              orderNumber: 'ORD-2005',
              customer: 'Customer 5',
              provider: null,
              method: 'PayPal',
              amount: 40,
              currency: 'USD',
              reference: null,
              at: '2026-11-22T10:00:00.000Z',
            },
          ]),
        ),
    });
    const { router, user } = renderApp('/manage-admin/orders/payments');

    expect(await screen.findByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    const orphan = await rowOf('Payments', 'ORD-2002');
    expect(orphan.getByText('Paid without order')).toBeInTheDocument();
    expect(orphan.getByText('$50.00')).toBeInTheDocument();
    const matched = await rowOf('Payments', 'Customer 1');
    expect(matched.queryByText('Paid without order')).not.toBeInTheDocument();
    expect(matched.getByRole('link', { name: 'ORD-2001' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-1',
    );

    const totals = await screen.findByRole('group', { name: 'stripe USD' });
    expect(within(totals).getByText('$75.00')).toBeInTheDocument();
    expect(
      (await rowOf('Mismatches', 'ORD-2005')).getByText('Paid without confirmation'),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Provider'), 'stripe');
    await user.selectOptions(screen.getByLabelText('State'), 'failed');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ provider: 'stripe', state: 'failed' }),
    );
    await waitFor(() => {
      const sent = api.sentTo('GET /admin/payments').at(-1)?.url.searchParams;
      expect(sent?.get('provider')).toBe('stripe');
      expect(sent?.get('state')).toBe('failed');
    });
  });

  it('shows the server message with Retry when a list fails, and an empty state once it loads', async () => {
    let failing = true;
    stubApi({
      'GET /admin/payments/summary': () => jsonResponse(200, { success: true, data: [] }),
      'GET /admin/payments/mismatches': () => jsonResponse(200, page([])),
      'GET /admin/payments/refunds': () =>
        failing
          ? jsonResponse(503, {
              success: false,
              code: 'SERVICE_UNAVAILABLE',
              message: 'The store is resting.',
            })
          : jsonResponse(200, page([])),
    });
    const { user } = renderApp('/manage-admin/orders/payments?tab=refunds');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The store is resting.')).toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No refunds found.')).toBeInTheDocument();
  });

  it('records a remittance after validating it, and shows the server message when refused', async () => {
    let answer: () => Response = () =>
      jsonResponse(409, {
        success: false,
        code: 'CONFLICT',
        message: 'A remittance is already recorded for this order. Replace it to change it.',
      });
    const api = stubApi({
      'GET /admin/payments/cash-on-delivery': () =>
        jsonResponse(200, page([codOrder()], { summary: [carrierSummary] })),
      'POST /admin/orders/o-9/cod-remittance': () => answer(),
    });
    const { user } = renderApp('/manage-admin/orders/payments?tab=cod');

    const card = await screen.findByRole('group', { name: 'Pathao USD' });
    expect(within(card).getByText('$120.00 outstanding')).toBeInTheDocument();
    const row = await rowOf('Cash on delivery orders', 'ORD-3009');
    expect(row.getByText('PT-77')).toBeInTheDocument();
    expect(row.getByText('Collected')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Record remittance' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record remittance' }));
    await user.click(dialog.getByRole('button', { name: 'Record remittance' }));
    expect(await dialog.findByText('Amount is required')).toBeInTheDocument();
    expect(dialog.getByText('Reference is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Amount handed over/), '-5');
    await user.click(dialog.getByRole('button', { name: 'Record remittance' }));
    expect(await dialog.findByText('Amount cannot be negative')).toBeInTheDocument();
    expect(api.sentTo('POST /admin/orders/o-9/cod-remittance')).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/Amount handed over/));
    await user.type(dialog.getByLabelText(/Amount handed over/), '100');
    await user.type(dialog.getByLabelText(/Remittance reference/), 'PATHAO-REM-1');
    await user.click(dialog.getByRole('button', { name: 'Record remittance' }));
    expect(
      await dialog.findByText('A remittance is already recorded for this order. Replace it to change it.'),
    ).toBeInTheDocument();

    answer = () =>
      jsonResponse(200, {
        success: true,
        message: 'Remittance recorded: short of the amount owed.',
        data: codOrder({ state: 'short', remitted: 100, remittanceRef: 'PATHAO-REM-1', outstanding: 20 }),
      });
    await user.click(dialog.getByRole('button', { name: 'Record remittance' }));
    expect(await screen.findByText('Remittance recorded: short of the amount owed.')).toBeInTheDocument();
    const sent = api.sentTo('POST /admin/orders/o-9/cod-remittance');
    expect(sent.at(-1)?.body).toEqual({ amount: 100, reference: 'PATHAO-REM-1', replace: false });
    await waitFor(() => expect(api.sentTo('GET /admin/payments/cash-on-delivery').length).toBeGreaterThan(1));
  });
});
