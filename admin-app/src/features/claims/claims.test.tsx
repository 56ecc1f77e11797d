import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { dataEnvelope, jsonResponse, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

type Detail = Schemas['ParcelClaimDetailEnvelope']['data'];

const claim = (overrides: Partial<Detail> = {}): Detail => ({
  _id: 'cl-1',
  orderId: 'o-1',
  parcelId: 'p-1',
  parcelNumber: 1,
  kind: 'never_arrived',
  description: 'Nothing came.',
  status: 'open',
  staffNote: null,
  reshipParcelId: null,
  photos: [{ _id: 'ph-1', url: 'http://localhost:3000/media/uploads/a.png', width: 800, height: 600 }],
  createdAt: '2026-11-22T09:15:00.000Z',
  resolvedAt: null,
  orderNumber: 'ORD-1001',
  customerName: 'Rita Buyer',
  customerEmail: 'rita@example.com',
  currency: 'BDT',
  refundId: null,
  parcel: {
    _id: 'p-1',
    number: 1,
    status: 'Shipped',
    supplierId: '912345001',
    supplierName: 'Shenzhen Audio Store',
    aeOrderId: '8183726450192837',
    trackingNumber: 'LP00183726450192',
    carrier: 'Cainiao',
    placedAt: '2026-09-20T10:00:00.000Z',
    deliveredAt: null,
    promisedBy: '2026-11-10T23:59:59.000Z',
    events: [{ time: '2026-09-24T08:00:00.000Z', description: 'Departed from the sorting centre' }],
  },
  dispute: {
    id: '60789910095804',
    status: 'accepted',
    supplierAnswer: 'We refund the order.',
    error: null,
    attempts: 1,
    checkedAt: '2026-11-22T09:15:01.000Z',
  },
  refundAmount: null,
  lines: [{ name: 'Wireless Earbuds Pro', quantity: 1, value: 1749 }],
  share: 1749,
  refundable: 1749,
  ...overrides,
});

const page = <T,>(items: T[]) => ({
  success: true,
  data: items,
  meta: { page: 1, limit: 10, total: items.length },
});
const report = {
  success: true,
  data: {
    by: 'supplier',
    currency: 'USD',
    rows: [
      { key: '912345001', label: 'Shenzhen Audio Store', claims: 3, open: 1, reshipments: 1, refunded: 18.5 },
    ],
  },
};

describe('parcel claims', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('lists open claims, opens one with its photos, parcel and supplier answer, and reships after confirming', async () => {
    const api = stubApi({
      'GET /parcel-claims': () => jsonResponse(200, page([claim()])),
      'GET /parcel-claims/report': () => jsonResponse(200, report),
      'GET /parcel-claims/cl-1': () => jsonResponse(200, dataEnvelope(claim())),
      'POST /parcel-claims/cl-1/resolution': () =>
        jsonResponse(
          200,
          dataEnvelope(claim({ status: 'reshipped' }), 'Reshipment created and placed with the supplier.'),
        ),
    });
    const { user } = renderApp('/manage-admin/orders/claims');

    const table = await screen.findByRole('table', { name: 'Parcel claims' });
    const row = within((await within(table).findByText('ORD-1001')).closest('tr') as HTMLElement);
    expect(row.getByText('Never arrived')).toBeInTheDocument();
    expect(row.getByText('Shenzhen Audio Store')).toBeInTheDocument();
    expect(api.sentTo('GET /parcel-claims').at(-1)?.url.searchParams.get('status')).toBe('open');
    expect(await screen.findByRole('table', { name: 'Claims by supplier' })).toHaveTextContent(
      'Shenzhen Audio Store',
    );

    await user.click(row.getByRole('button', { name: 'Open claim on ORD-1001 parcel 1' }));
    expect(await screen.findByAltText("Shopper's photo 1")).toBeInTheDocument();
    expect(screen.getByText(/LP00183726450192/)).toBeInTheDocument();
    expect(screen.getByText('Supplier’s answer: “We refund the order.”')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reship' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send the items again' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.sentTo('POST /parcel-claims/cl-1/resolution')).toHaveLength(1));
    expect(api.sentTo('POST /parcel-claims/cl-1/resolution')[0]?.body).toEqual({ action: 'reship' });
    expect(await screen.findByText('Reshipment created and placed with the supplier.')).toBeInTheDocument();
  });

  it('rejects only with a note, and refunds the amount staff confirm', async () => {
    const api = stubApi({
      'GET /parcel-claims': () => jsonResponse(200, page([claim()])),
      'GET /parcel-claims/report': () => jsonResponse(200, report),
      'GET /parcel-claims/cl-1': () => jsonResponse(200, dataEnvelope(claim())),
      'POST /parcel-claims/cl-1/resolution': () =>
        jsonResponse(200, dataEnvelope(claim({ status: 'refunded' }), 'Claim refunded.')),
    });
    const { user } = renderApp('/manage-admin/orders/claims?claim=cl-1');

    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const reject = within(await screen.findByRole('dialog', { name: 'Reject the claim' }));
    expect(reject.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(reject.getByRole('button', { name: 'Cancel' }));

    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const refund = within(await screen.findByRole('dialog', { name: 'Refund this parcel' }));
    const amount = refund.getByLabelText('Amount (BDT)');
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(refund.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.sentTo('POST /parcel-claims/cl-1/resolution')).toHaveLength(1));
    expect(api.sentTo('POST /parcel-claims/cl-1/resolution')[0]?.body).toEqual({
      action: 'refund',
      amount: 1000,
    });
  });
});
