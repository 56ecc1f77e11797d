import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import {
  dataEnvelope,
  errorEnvelope,
  jsonResponse,
  makeOrder,
  orderListEnvelope,
  pageEnvelope,
  stubApi,
} from './testing/order-api-stub';

const rowIn = async (tableName: string, text: string) => {
  const table = await screen.findByRole('table', { name: tableName });
  const row = (await within(table).findByText(text)).closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

const refund = (n: number, status: 'Pending' | 'Completed') => ({
  _id: `r-${n}`,
  id: `RF-00${n}`,
  orderId: `o-${n}`,
  orderNumber: `ORD-100${n}`,
  customer: `Customer ${n}`,
  amount: 500,
  currency: 'BDT',
  status,
  reason: 'Damaged in transit',
  createdAt: '2026-11-05T10:00:00.000Z',
  processedAt: status === 'Completed' ? '2026-11-06T10:00:00.000Z' : null,
  createdBy: 'Store Admin',
  processedBy: null,
  gatewayRef: null,
});

const forwarding = (n: number, status: 'Pending' | 'Forwarded' | 'Shipped' | 'Failed') => ({
  id: `FW-${n}`,
  orderId: `o-${n}`,
  orderNumber: `ORD-100${n}`,
  product: `Earbuds ${n}`,
  country: 'BD',
  shipping: 'CAINIAO_STANDARD',
  status,
  aeOrderId: status === 'Pending' ? null : `AE-${n}`,
  tracking: null,
  syncLog:
    status === 'Pending'
      ? []
      : [
          { time: '2026-11-05T10:00:00.000Z', type: 'success', message: `Supplier order AE-${n} placed` },
          { time: '2026-11-06T10:00:00.000Z', type: 'error', message: 'Tracking not yet available' },
        ],
  updatedAt: null,
});

describe('order tables', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  describe('Refund Handling', () => {
    it('lists refunds with View and, for pending ones, Process after a confirmation', async () => {
      const api = stubApi({
        'GET /refunds': () => jsonResponse(200, pageEnvelope([refund(1, 'Pending'), refund(2, 'Completed')])),
        'POST /refunds/r-1/process': () => jsonResponse(200, dataEnvelope(refund(1, 'Completed'))),
      });
      const { user } = renderApp('/manage-admin/orders/refunds');

      const pending = await rowIn('Refunds', 'RF-001');
      expect(pending.getByText('ORD-1001')).toBeInTheDocument();
      expect(pending.getByText('Customer 1')).toBeInTheDocument();
      expect(pending.getByText('BDT 500.00')).toBeInTheDocument();
      expect(pending.getByText('Damaged in transit')).toBeInTheDocument();
      expect(pending.getByRole('link', { name: 'View' })).toHaveAttribute(
        'href',
        '/manage-admin/orders/details?id=o-1',
      );
      expect(
        (await rowIn('Refunds', 'RF-002')).queryByRole('button', { name: 'Process' }),
      ).not.toBeInTheDocument();

      await user.click(pending.getByRole('button', { name: 'Process' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Process Refund' }));
      expect(api.sentTo('POST /refunds/r-1/process')).toHaveLength(0);
      await user.click(dialog.getByRole('button', { name: 'Process' }));
      await waitFor(() => expect(api.sentTo('POST /refunds/r-1/process')).toHaveLength(1));
      expect(await screen.findByText('Refund RF-001 completed.')).toBeInTheDocument();
    });

    it('filters by status through the URL', async () => {
      const api = stubApi({ 'GET /refunds': () => jsonResponse(200, pageEnvelope([])) });
      const { router, user } = renderApp('/manage-admin/orders/refunds');
      await screen.findByText('No refunds found.');

      await user.selectOptions(screen.getByLabelText('Status'), 'Pending');
      await waitFor(() => expect(router.state.location.search).toEqual({ status: 'Pending' }));
      await waitFor(() =>
        expect(api.sentTo('GET /refunds').at(-1)?.url.searchParams.get('status')).toBe('Pending'),
      );
    });
  });

  describe('Return & Refund Requests', () => {
    const request = (status: 'Requested' | 'Approved') => ({
      _id: 'rr-1',
      orderId: 'o-7',
      orderNumber: 'ORD-1007',
      customerName: 'Rita Buyer',
      totalPrice: 25,
      currency: 'USD',
      kind: 'refund',
      reason: 'The case arrived cracked.',
      status,
      note: status === 'Approved' ? 'Refunding now.' : null,
      createdAt: '2026-11-20T10:00:00.000Z',
      decidedAt: status === 'Approved' ? '2026-11-21T10:00:00.000Z' : null,
    });

    it('lists waiting requests and approves one with a note to the shopper', async () => {
      const api = stubApi({
        'GET /refunds': () => jsonResponse(200, pageEnvelope([])),
        'GET /return-requests': () => jsonResponse(200, pageEnvelope([request('Requested')])),
        'POST /return-requests/rr-1/decision': () =>
          jsonResponse(200, { ...dataEnvelope(request('Approved')), message: 'Request approved.' }),
      });
      const { user } = renderApp('/manage-admin/orders/refunds');

      const row = await rowIn('Return requests', 'ORD-1007');
      expect(row.getByText('Rita Buyer')).toBeInTheDocument();
      expect(row.getByText('Refund')).toBeInTheDocument();
      expect(row.getByText('The case arrived cracked.')).toBeInTheDocument();
      expect(api.sentTo('GET /return-requests').at(-1)?.url.searchParams.get('status')).toBe('Requested');

      await user.click(row.getByRole('button', { name: 'Approve request for ORD-1007' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Approve refund request' }));
      await user.type(dialog.getByLabelText('Note to the shopper'), 'Refunding now.');
      await user.click(dialog.getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(api.sentTo('POST /return-requests/rr-1/decision')).toHaveLength(1));
      expect(api.sentTo('POST /return-requests/rr-1/decision')[0]?.body).toEqual({
        status: 'Approved',
        note: 'Refunding now.',
      });
      expect(await screen.findByText('Request approved.')).toBeInTheDocument();
    });
  });

  describe('AliExpress Order Forwarding', () => {
    it('lists forwardings with Forward for pending and Sync tracking for forwarded ones', async () => {
      const api = stubApi({
        'GET /forwarding': () =>
          jsonResponse(200, pageEnvelope([forwarding(1, 'Pending'), forwarding(2, 'Forwarded')])),
        'POST /orders/o-1/forward': () =>
          jsonResponse(
            502,
            errorEnvelope('The supplier refused the order: address incomplete.', 'INTERNAL_ERROR'),
          ),
        'POST /orders/o-2/forward/sync': () =>
          jsonResponse(200, dataEnvelope({ ...forwarding(2, 'Shipped'), tracking: 'LP123' })),
      });
      const { user } = renderApp('/manage-admin/orders/aliexpress');

      const pending = await rowIn('Forwardings', 'ORD-1001');
      expect(pending.getByText('Earbuds 1')).toBeInTheDocument();
      expect(pending.queryByRole('button', { name: 'Sync tracking' })).not.toBeInTheDocument();
      const forwarded = await rowIn('Forwardings', 'ORD-1002');
      expect(forwarded.getByText('AE-2')).toBeInTheDocument();
      expect(forwarded.queryByRole('button', { name: 'Forward' })).not.toBeInTheDocument();

      await user.click(pending.getByRole('button', { name: 'Forward' }));
      expect(
        await screen.findByText('The supplier refused the order: address incomplete.'),
      ).toBeInTheDocument();
      expect(api.sentTo('POST /orders/o-1/forward')).toHaveLength(1);

      await user.click(forwarded.getByRole('button', { name: 'Sync tracking' }));
      expect(await screen.findByText('Tracking of order ORD-1002: LP123.')).toBeInTheDocument();
    });

    it('opens the sync log of a forwarding', async () => {
      stubApi({ 'GET /forwarding': () => jsonResponse(200, pageEnvelope([forwarding(2, 'Forwarded')])) });
      const { user } = renderApp('/manage-admin/orders/aliexpress');

      await user.click(
        (await rowIn('Forwardings', 'ORD-1002')).getByRole('button', { name: 'View log (2)' }),
      );
      const log = within(await screen.findByRole('dialog', { name: 'Sync log of ORD-1002' }));
      expect(log.getByText('Supplier order AE-2 placed')).toBeInTheDocument();
      expect(log.getByText('Tracking not yet available')).toBeInTheDocument();
    });
  });

  describe('Failed/Cancelled Orders', () => {
    it('asks for cancelled and failed orders and offers Retry or Restore with the server message on refusal', async () => {
      const api = stubApi({
        'GET /orders': () =>
          jsonResponse(
            200,
            orderListEnvelope([
              makeOrder(1, { status: 'Failed', reason: 'Supplier rejected the order' }),
              makeOrder(2, { status: 'Cancelled', reason: 'Customer request' }),
            ]),
          ),
        'POST /orders/o-2/restore': () =>
          jsonResponse(409, errorEnvelope('Not enough stock to restore this order.')),
      });
      const { user } = renderApp('/manage-admin/orders/recovery');

      const failed = await rowIn('Failed and cancelled orders', 'ORD-1001');
      expect(failed.getByText('Supplier rejected the order')).toBeInTheDocument();
      expect(failed.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      const cancelled = await rowIn('Failed and cancelled orders', 'ORD-1002');
      expect(cancelled.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(api.sentTo('GET /orders')[0]?.url.searchParams.getAll('status')).toEqual([
        'Cancelled',
        'Failed',
      ]);

      await user.click(cancelled.getByRole('button', { name: 'Restore' }));
      expect(await screen.findByText('Not enough stock to restore this order.')).toBeInTheDocument();
    });
  });

  describe('Order Status History Logs', () => {
    it('lists status changes with who made them, paged by 10', async () => {
      const api = stubApi({
        'GET /orders/status-logs': () =>
          jsonResponse(
            200,
            pageEnvelope(
              [
                {
                  _id: 'l-1',
                  orderId: 'o-1',
                  orderNumber: 'ORD-1001',
                  customer: 'Customer 1',
                  status: 'Shipped',
                  date: '2026-11-07T10:00:00.000Z',
                  by: 'Store Admin',
                  note: 'DHL TRK123',
                },
              ],
              31,
            ),
          ),
      });
      renderApp('/manage-admin/orders/status-logs');

      const row = await rowIn('Status logs', 'ORD-1001');
      expect(row.getByText('Shipped')).toBeInTheDocument();
      expect(row.getByText('Store Admin')).toBeInTheDocument();
      expect(row.getByText('DHL TRK123')).toBeInTheDocument();
      expect(screen.getByText('Showing 1 to 10 of 31 results')).toBeInTheDocument();
      expect(api.sentTo('GET /orders/status-logs')[0]?.url.searchParams.get('limit')).toBe('10');
    });
  });
});
