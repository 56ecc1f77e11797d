import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';

type Vendor = Schemas['VendorProfile'];
type Earnings = Schemas['VendorEarnings'];
type LedgerEntry = Schemas['VendorLedgerEntry'];

const VENDOR_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const EARNINGS_PATH = `/admin/vendors/${VENDOR_ID}/earnings`;
const LEDGER = `GET ${EARNINGS_PATH}/ledger`;
const PAYOUT = `POST /admin/vendors/${VENDOR_ID}/payouts`;
const COMMISSION = `PATCH /admin/vendors/${VENDOR_ID}/commission`;

const VENDOR: Vendor = {
  _id: VENDOR_ID,
  name: 'Sylhet Tea House',
  email: 'tea@sylhet.example.com',
  phone: null,
  address: null,
  description: null,
  logoUrl: null,
  status: 'active',
  reviewNote: null,
  createdAt: '2026-10-02T08:00:00.000Z',
};

const EARNINGS: Earnings = {
  balance: 90,
  earned: 100,
  commission: 10,
  refunded: 0,
  paidOut: 0,
  currency: 'USD',
  commissionPercent: 10,
  commissionIsDefault: true,
};

const SALE: LedgerEntry = {
  _id: 'e0000000-0000-4000-8000-000000000001',
  date: '2026-11-20T10:00:00.000Z',
  kind: 'sale',
  orderNumber: 'ORD-20261120-0007',
  lineName: 'Darjeeling Tin',
  amount: 100,
  orderAmount: 12000,
  orderCurrency: 'BDT',
  reference: null,
  note: null,
};

const listEnvelope = {
  success: true,
  data: [VENDOR],
  meta: { page: 1, limit: 10, total: 1 },
  counts: { pending: 0, active: 1, rejected: 0, suspended: 0 },
};
const ledgerEnvelope = (entries: LedgerEntry[]) => ({
  success: true,
  data: entries,
  meta: { page: 1, limit: 10, total: entries.length },
});

function serve(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /vendor-applications': () => jsonResponse(200, listEnvelope),
    [`GET ${EARNINGS_PATH}`]: () => jsonResponse(200, dataEnvelope(EARNINGS)),
    [LEDGER]: () => jsonResponse(200, ledgerEnvelope([SALE])),
    ...extra,
  });
}

const drawer = () => screen.findByRole('dialog', { name: 'Sylhet Tea House: Earnings' });

describe('a vendor’s earnings (Vendor Applications)', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('opens from the store’s row with its balance, commission and ledger, kept in the URL', async () => {
    serve();
    const { user, router } = renderApp('/manage-admin/vendors');
    await user.click(await screen.findByRole('button', { name: 'Earnings Sylhet Tea House' }));

    const panel = within(await drawer());
    expect(await panel.findByText('$90.00')).toBeInTheDocument();
    expect(within(panel.getByRole('group', { name: 'Earned' })).getByText('$100.00')).toBeInTheDocument();
    expect(within(panel.getByRole('group', { name: 'Commission' })).getByText('$10.00')).toBeInTheDocument();
    expect(panel.getByText(/pays System Settings' default, 10%/)).toBeInTheDocument();
    const ledger = within(panel.getByRole('table', { name: 'Vendor ledger' }));
    expect(await ledger.findByText('ORD-20261120-0007')).toBeInTheDocument();
    expect(ledger.getByText('Darjeeling Tin')).toBeInTheDocument();
    expect(ledger.getByText('BDT 12,000.00')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ vendor: VENDOR_ID });
  });

  it('checks a payout before sending, then records it and reloads the figures', async () => {
    let paid = false;
    const api = serve({
      [`GET ${EARNINGS_PATH}`]: () =>
        jsonResponse(200, dataEnvelope(paid ? { ...EARNINGS, balance: 40, paidOut: 50 } : EARNINGS)),
      [PAYOUT]: () => {
        paid = true;
        return jsonResponse(201, {
          ...dataEnvelope({ ...EARNINGS, balance: 40, paidOut: 50 }),
          message: 'Payout recorded.',
        });
      },
    });
    const { user } = renderApp(`/manage-admin/vendors?vendor=${VENDOR_ID}`);
    const panel = within(await drawer());
    const form = within(await panel.findByRole('form', { name: 'Record payout' }));

    await user.type(form.getByRole('textbox', { name: /Amount/ }), '95');
    await user.click(form.getByRole('button', { name: 'Record payout' }));
    expect(await form.findByText('Amount cannot be more than the balance')).toBeInTheDocument();
    expect(form.getByText('Reference is required')).toBeInTheDocument();
    expect(api.sentTo(PAYOUT)).toHaveLength(0);

    await user.clear(form.getByRole('textbox', { name: /Amount/ }));
    await user.type(form.getByRole('textbox', { name: /Amount/ }), '50');
    await user.type(form.getByRole('textbox', { name: /Transfer reference/ }), 'TRF-0042');
    await user.click(form.getByRole('button', { name: 'Record payout' }));

    await waitFor(() => expect(api.sentTo(PAYOUT)).toHaveLength(1));
    expect(api.sentTo(PAYOUT)[0]?.body).toEqual({ amount: 50, reference: 'TRF-0042' });
    expect(await screen.findByText('Payout recorded.')).toBeInTheDocument();
    expect(
      await within(panel.getByRole('group', { name: 'Paid out' })).findByText('$50.00'),
    ).toBeInTheDocument();
  });

  it('shows the server’s message when it refuses a payout', async () => {
    serve({
      [PAYOUT]: () =>
        jsonResponse(422, errorEnvelope('The payout cannot be more than the balance.', 'UNPROCESSABLE')),
    });
    const { user } = renderApp(`/manage-admin/vendors?vendor=${VENDOR_ID}`);
    const form = within(await within(await drawer()).findByRole('form', { name: 'Record payout' }));
    await user.type(form.getByRole('textbox', { name: /Amount/ }), '80');
    await user.type(form.getByRole('textbox', { name: /Transfer reference/ }), 'TRF-1');
    await user.click(form.getByRole('button', { name: 'Record payout' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The payout cannot be more than the balance.');
  });

  it('saves the store’s own commission, and an empty field returns it to the default', async () => {
    const api = serve({
      [COMMISSION]: (request) =>
        jsonResponse(200, {
          ...dataEnvelope({ ...EARNINGS, commissionIsDefault: false, ...(request.body as object) }),
          message: 'Commission saved.',
        }),
    });
    const { user } = renderApp(`/manage-admin/vendors?vendor=${VENDOR_ID}`);
    const form = within(await within(await drawer()).findByRole('form', { name: 'Commission' }));
    const field = form.getByRole('textbox', { name: 'Commission (%)' });
    await user.type(field, '12.5');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sentTo(COMMISSION)).toHaveLength(1));
    expect(api.sentTo(COMMISSION)[0]?.body).toEqual({ commissionPercent: 12.5 });

    await user.clear(form.getByRole('textbox', { name: 'Commission (%)' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sentTo(COMMISSION)).toHaveLength(2));
    expect(api.sentTo(COMMISSION)[1]?.body).toEqual({ commissionPercent: null });
  });

  it('offers Retry when the ledger cannot be loaded', async () => {
    let attempts = 0;
    serve({
      [LEDGER]: () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(503, errorEnvelope('The store is resting.', 'SERVICE_UNAVAILABLE'))
          : jsonResponse(200, ledgerEnvelope([SALE]));
      },
    });
    const { user } = renderApp(`/manage-admin/vendors?vendor=${VENDOR_ID}`);
    const panel = within(await drawer());
    expect(await panel.findByText('The store is resting.')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Retry' }));
    expect(await panel.findByText('ORD-20261120-0007')).toBeInTheDocument();
  });
});
