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
  stubApi,
} from './testing/order-api-stub';

const DETAIL = 'GET /orders/o-1';
const panel = (name: string) => screen.findByRole('region', { name });

/** Shipped to Spain: 21% IVA in the prices, the imported earbuds by their supplier's service. */
const pricedInSpain = makeOrder(1, {
  currency: 'EUR',
  items: [
    {
      sku: 'MUG-1',
      name: 'Ceramic Mug',
      qty: 1,
      price: 12.1,
      total: 12.1,
      productId: 'p-1',
      image: null,
      delivery: null,
    },
    {
      sku: 'EAR-1',
      name: 'Imported Earbuds',
      qty: 1,
      price: 9,
      total: 9,
      productId: 'p-2',
      image: null,
      delivery: { code: 'CAINIAO_STANDARD', company: 'Cainiao Standard', fee: 2.35 },
    },
  ],
  itemsPrice: 21.1,
  shippingPrice: 3.35,
  taxPrice: 3.66,
  tax: { rate: 21, inclusive: true, label: 'IVA' },
  total: 24.45,
});

describe('Order details', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the order info, items, customer, shipping and payment panels', async () => {
    stubApi({
      [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1, { discount: 120, total: 2520 }))),
    });
    renderApp('/manage-admin/orders/details?id=o-1');

    const info = within(await panel('Order Info'));
    expect(info.getByText('ORD-1001')).toBeInTheDocument();
    expect(info.getByText('BDT 2,520.00')).toBeInTheDocument();
    expect(info.getByText('-BDT 120.00')).toBeInTheDocument();
    const items = within(await panel('Items'));
    expect(items.getByText('Earbuds 1')).toBeInTheDocument();
    expect(items.getByText('BDT 1,200.00')).toBeInTheDocument();
    expect(within(await panel('Customer')).getByText('customer1@example.com')).toBeInTheDocument();
    expect(within(await panel('Shipping')).getByText('House 12, Road 5, Dhaka 1205, BD')).toBeInTheDocument();
    const payment = within(await panel('Payment'));
    expect(payment.getByText('GW-123')).toBeInTheDocument();
    expect(payment.getByText('Paid')).toBeInTheDocument();
    for (const name of ['Edit Order', 'Print', 'Export', 'Refund'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // A paid order has nothing to confirm.
    expect(screen.queryByRole('button', { name: 'Confirm Payment' })).not.toBeInTheDocument();
  });

  it('names the coupon code beside the discount it gave', async () => {
    stubApi({
      [DETAIL]: () =>
        jsonResponse(200, dataEnvelope(makeOrder(1, { discount: 240, total: 2400, couponCode: 'WINTER10' }))),
    });
    renderApp('/manage-admin/orders/details?id=o-1');
    const info = within(await panel('Order Info'));
    expect(info.getByText('Discount (WINTER10)')).toBeInTheDocument();
    expect(info.getByText('-BDT 240.00')).toBeInTheDocument();
  });

  it('labels added tax with its rate', async () => {
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1))) });
    renderApp('/manage-admin/orders/details?id=o-1');
    const info = within(await panel('Order Info'));
    expect(info.getByText('Tax (10%)')).toBeInTheDocument();
    expect(info.getByText('BDT 240.00')).toBeInTheDocument();
  });

  it('shows the import duty the order was charged, by its name', async () => {
    const order = makeOrder(1, { dutyPrice: 96, dutyLabel: 'Customs', total: 2736 });
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(order)) });
    renderApp('/manage-admin/orders/details?id=o-1');
    const info = within(await panel('Order Info'));
    expect(info.getByText('Customs')).toBeInTheDocument();
    expect(info.getByText('BDT 96.00')).toBeInTheDocument();
  });

  it('prints the import duty on the invoice as its own line', async () => {
    const order = makeOrder(1, { dutyPrice: 96, dutyLabel: 'Customs', total: 2736 });
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(order)) });
    renderApp('/manage-admin/orders/details?id=o-1&mode=print');
    const invoice = await screen.findByRole('region', { name: 'Invoice' });
    expect(invoice).toHaveTextContent('Customs: BDT 96.00');
    expect(invoice).toHaveTextContent('Total: BDT 2,736.00');
  });

  it("shows tax included in the prices and each line's delivery service with its fee", async () => {
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(pricedInSpain)) });
    renderApp('/manage-admin/orders/details?id=o-1');

    const info = within(await panel('Order Info'));
    expect(info.getByText('Incl. 21% IVA')).toBeInTheDocument();
    expect(info.getByText('€3.66')).toBeInTheDocument();
    // Included tax is already in the items: the total is items + shipping.
    expect(info.getByText('€24.45')).toBeInTheDocument();
    const [, mug, earbuds] = within(await panel('Items')).getAllByRole('row');
    expect(mug).not.toHaveTextContent('Delivery');
    expect(earbuds).toHaveTextContent('Delivery: Cainiao Standard, €2.35');
  });

  it('marks the reached steps of the timeline with their dates', async () => {
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1))) });
    renderApp('/manage-admin/orders/details?id=o-1');

    const timeline = within(await panel('Status Timeline'));
    const step = (label: string) => {
      const item = timeline.getByText(label).closest('.mantine-Timeline-item');
      if (!item) throw new Error(`No step ${label}`);
      return item;
    };
    expect(step('Order Placed')).toHaveTextContent('Nov 2, 2026');
    expect(step('Payment Confirmed')).toHaveTextContent('Nov 3, 2026 · by Store Admin');
    expect(step('Processing')).toHaveTextContent('Not yet');
    expect(step('Shipped')).toHaveTextContent('Not yet');
    expect(step('Delivered')).toHaveTextContent('Not yet');
  });

  it('shows a cancelled order with its reason', async () => {
    const order = makeOrder(1, {
      status: 'Cancelled',
      reason: 'Customer changed their mind',
      statusHistory: [
        { status: 'Placed', date: '2026-11-02T09:15:00.000Z', by: 'Customer 1', note: null },
        { status: 'Cancelled', date: '2026-11-04T09:15:00.000Z', by: 'Customer 1', note: null },
      ],
      allowedStatuses: [],
    });
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(order)) });
    renderApp('/manage-admin/orders/details?id=o-1');

    const timeline = within(await panel('Status Timeline'));
    expect(timeline.getByText('Cancelled')).toBeInTheDocument();
    expect(timeline.getByText('Reason: Customer changed their mind')).toBeInTheDocument();
  });

  it('offers Confirm Payment for an unpaid order and sends the reference', async () => {
    const unpaid = makeOrder(1, {
      payment: { method: 'Bank Transfer', gatewayRef: null, status: 'Unpaid', paidAt: null },
      status: 'Placed',
    });
    const api = stubApi({
      [DETAIL]: () => jsonResponse(200, dataEnvelope(unpaid)),
      'POST /orders/o-1/confirm-payment': () => jsonResponse(200, dataEnvelope(makeOrder(1))),
    });
    const { user } = renderApp('/manage-admin/orders/details?id=o-1');

    await user.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Payment' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Payment' }));
    expect(await dialog.findByText('Reference is required')).toBeInTheDocument();
    expect(api.sentTo('POST /orders/o-1/confirm-payment')).toHaveLength(0);

    await user.type(dialog.getByLabelText(/Payment reference/), 'BANK-778');
    await user.click(dialog.getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() =>
      expect(api.sentTo('POST /orders/o-1/confirm-payment')[0]?.body).toEqual({ reference: 'BANK-778' }),
    );
  });

  it('refunds at most what remains and shows the server message on refusal', async () => {
    const order = makeOrder(1, { refunded: 640 });
    const api = stubApi({
      [DETAIL]: () => jsonResponse(200, dataEnvelope(order)),
      'POST /orders/o-1/refunds': () =>
        jsonResponse(409, errorEnvelope('Another refund was recorded meanwhile.')),
    });
    const { user } = renderApp('/manage-admin/orders/details?id=o-1');

    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund' }));
    expect(dialog.getByText('Remaining refundable: BDT 2,000.00')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Amount/), '2500');
    await user.type(dialog.getByLabelText(/Reason/), 'Damaged');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(
      await dialog.findByText('Amount cannot be more than the remaining refundable amount'),
    ).toBeInTheDocument();
    expect(api.sentTo('POST /orders/o-1/refunds')).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/Amount/));
    await user.type(dialog.getByLabelText(/Amount/), '500');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('Another refund was recorded meanwhile.')).toBeInTheDocument();
    expect(api.sentTo('POST /orders/o-1/refunds')[0]?.body).toEqual({ amount: 500, reason: 'Damaged' });
  });

  it('refunds in one step and says whether the money went back or waits to be paid by hand', async () => {
    const refundOf = (status: 'Completed' | 'Pending') => ({
      _id: `r-${status}`,
      id: 'RF-000042',
      orderId: 'o-1',
      orderNumber: 'ORD-1001',
      customer: 'Customer 1',
      amount: 500,
      currency: 'BDT',
      status,
      reason: 'Damaged',
      createdAt: '2026-11-27T08:00:00.000Z',
      processedAt: status === 'Completed' ? '2026-11-27T08:00:00.000Z' : null,
      createdBy: 'Store Admin',
      processedBy: status === 'Completed' ? 'Store Admin' : null,
      gatewayRef: status === 'Completed' ? 're_123' : null,
    });
    let next: 'Completed' | 'Pending' = 'Completed';
    const api = stubApi({
      [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1))),
      'POST /orders/o-1/refunds': () => jsonResponse(201, dataEnvelope(refundOf(next))),
    });
    const { user } = renderApp('/manage-admin/orders/details?id=o-1');

    const refundOnce = async () => {
      await user.click(await screen.findByRole('button', { name: 'Refund' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Refund' }));
      await user.type(dialog.getByLabelText(/Amount/), '500');
      await user.type(dialog.getByLabelText(/Reason/), 'Damaged');
      await user.click(dialog.getByRole('button', { name: 'Refund' }));
    };
    await refundOnce();
    expect(await screen.findByText('Refund of BDT 500.00 for order ORD-1001 paid back.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund' })).not.toBeInTheDocument());

    next = 'Pending';
    await refundOnce();
    expect(
      await screen.findByText(
        'Refund of BDT 500.00 for order ORD-1001 is pending: pay it back by hand, then process it in Refund Handling.',
      ),
    ).toBeInTheDocument();
    expect(api.sentTo('POST /orders/o-1/refunds')).toHaveLength(2);
  });

  it('warns that cancelling a paid order refunds it and shows what the server did', async () => {
    const message =
      'Order ORD-1001 is now Cancelled. The payment of 2400.00 BDT was refunded through the payment provider.';
    const api = stubApi({
      [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1))),
      'POST /orders/o-1/status': () =>
        jsonResponse(200, {
          success: true,
          message,
          data: makeOrder(1, { status: 'Cancelled', allowedStatuses: [] }),
        }),
    });
    const { user } = renderApp('/manage-admin/orders/details?id=o-1&mode=edit');
    const form = within(await screen.findByRole('form', { name: 'Change status' }));
    expect(form.queryByText(/cancelling it refunds/)).not.toBeInTheDocument();
    await user.click(form.getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled', hidden: true }));
    expect(
      await form.findByText(/This order is paid: cancelling it refunds what is left of the payment/),
    ).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.sentTo('POST /orders/o-1/status')[0]?.body).toMatchObject({ status: 'Cancelled' });
  });

  describe('in edit mode', () => {
    it('checks the address before saving and sends address and notes', async () => {
      const api = stubApi({
        [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1))),
        'PUT /orders/o-1/edit': () => jsonResponse(200, dataEnvelope(makeOrder(1, { notes: 'Call first' }))),
      });
      const { user } = renderApp('/manage-admin/orders/details?id=o-1&mode=edit');

      const form = within(await screen.findByRole('form', { name: 'Address and notes' }));
      await user.clear(form.getByLabelText(/^Address/));
      await user.clear(form.getByLabelText(/^Country/));
      await user.type(form.getByLabelText(/^Country/), 'Bangladesh');
      await user.click(form.getByRole('button', { name: 'Save Changes' }));
      expect(await form.findByText('Address is required')).toBeInTheDocument();
      expect(form.getByText('Country must be a two-letter code (e.g., BD)')).toBeInTheDocument();
      expect(api.sentTo('PUT /orders/o-1/edit')).toHaveLength(0);

      await user.type(form.getByLabelText(/^Address/), 'House 1, Road 2');
      await user.clear(form.getByLabelText(/^Country/));
      await user.type(form.getByLabelText(/^Country/), 'bd');
      await user.type(form.getByLabelText('Notes'), 'Call first');
      await user.click(form.getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(api.sentTo('PUT /orders/o-1/edit')).toHaveLength(1));
      expect(api.sentTo('PUT /orders/o-1/edit')[0]?.body).toEqual({
        shippingAddress: {
          full_name: 'Customer 1',
          address: 'House 1, Road 2',
          city: 'Dhaka',
          postalCode: '1205',
          country: 'BD',
          mobile_no: '01700000000',
        },
        notes: 'Call first',
      });
    });

    it('offers the allowed statuses and asks for carrier and tracking number for Shipped', async () => {
      const api = stubApi({
        [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1))),
        'POST /orders/o-1/status': () =>
          jsonResponse(409, errorEnvelope('The order cannot move from Confirmed to Shipped yet.')),
      });
      const { user } = renderApp('/manage-admin/orders/details?id=o-1&mode=edit');

      const form = within(await screen.findByRole('form', { name: 'Change status' }));
      await user.click(form.getByRole('combobox', { name: 'New status' }));
      const options = await screen.findAllByRole('option', { hidden: true });
      expect(options.map((option) => option.textContent)).toEqual([
        'Processing',
        'Shipped',
        'Cancelled',
        'Failed',
      ]);
      await user.click(screen.getByRole('option', { name: 'Shipped', hidden: true }));
      await user.click(form.getByRole('button', { name: 'Update Status' }));
      expect(await form.findByText('Carrier is required')).toBeInTheDocument();
      expect(form.getByText('Tracking number is required')).toBeInTheDocument();
      expect(api.sentTo('POST /orders/o-1/status')).toHaveLength(0);

      await user.type(form.getByLabelText(/^Carrier/), 'DHL');
      await user.type(form.getByLabelText(/^Tracking number/), 'TRK123');
      await user.click(form.getByRole('button', { name: 'Update Status' }));
      expect(
        await form.findByText('The order cannot move from Confirmed to Shipped yet.'),
      ).toBeInTheDocument();
      expect(api.sentTo('POST /orders/o-1/status')[0]?.body).toEqual({
        status: 'Shipped',
        carrier: 'DHL',
        trackingNumber: 'TRK123',
      });
    });
  });

  it('shows the printable invoice and packing slip in print mode', async () => {
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(makeOrder(1))) });
    renderApp('/manage-admin/orders/details?id=o-1&mode=print');

    expect(await screen.findByRole('region', { name: 'Invoice' })).toHaveTextContent('Bill to');
    expect(screen.getByRole('region', { name: 'Packing slip' })).toHaveTextContent('Earbuds 1');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it("prints the included tax and each line's delivery service on the invoice, the service alone on the slip", async () => {
    stubApi({ [DETAIL]: () => jsonResponse(200, dataEnvelope(pricedInSpain)) });
    renderApp('/manage-admin/orders/details?id=o-1&mode=print');

    const invoice = await screen.findByRole('region', { name: 'Invoice' });
    expect(invoice).toHaveTextContent('Incl. 21% IVA: €3.66');
    expect(invoice).toHaveTextContent('Delivery: Cainiao Standard, €2.35');
    const slip = screen.getByRole('region', { name: 'Packing slip' });
    expect(slip).toHaveTextContent('Delivery: Cainiao Standard');
    expect(slip).not.toHaveTextContent('€');
  });

  it("shows the server's message for an unknown order", async () => {
    stubApi({
      'GET /orders/ORD-404': () => jsonResponse(404, errorEnvelope('Order not found.', 'NOT_FOUND')),
    });
    renderApp('/manage-admin/orders/details?id=ORD-404');

    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');
    expect(screen.getByRole('link', { name: 'Find another order' })).toBeInTheDocument();
  });

  it('without an id, offers the recent orders and opens one by its order id', async () => {
    const api = stubApi({
      'GET /orders': () => jsonResponse(200, orderListEnvelope([makeOrder(1), makeOrder(2)])),
      'GET /orders/ORD-1002': () => jsonResponse(200, dataEnvelope(makeOrder(2))),
    });
    const { router, user } = renderApp('/manage-admin/orders/details');

    const recent = within(await screen.findByRole('table', { name: 'Recent orders' }));
    expect(recent.getByRole('link', { name: 'ORD-1001' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-1',
    );
    expect(api.sentTo('GET /orders')[0]?.url.searchParams.get('limit')).toBe('5');

    await user.type(screen.getByLabelText('Order ID'), 'ORD-1002');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ id: 'ORD-1002' }));
    expect(await panel('Order Info')).toHaveTextContent('ORD-1002');
  });
});
