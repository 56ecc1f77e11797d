import type { Schemas } from '@shop/sdk/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

function order(overrides: Partial<Schemas['Order']> = {}): Schemas['Order'] {
  return {
    _id: 'order-4',
    orderNumber: 'ORD-20261122-0004',
    user: 'user-1',
    items: [
      {
        product: 'p1',
        sku_id: 's1',
        name: 'TWS Wireless Earbuds',
        quantity: 2,
        price: 18.99,
        image: null,
        currency: 'EUR',
      },
    ],
    shippingAddress: {
      full_name: 'Demo Shopper',
      address: 'House 12, Road 5, Dhanmondi',
      city: 'Dhaka',
      province: 'Dhaka Division',
      postalCode: '1205',
      country: 'BD',
    },
    paymentMethod: 'PayPal',
    currency: 'EUR',
    itemsPrice: 37.98,
    shippingPrice: 10,
    taxPrice: 3.8,
    totalPrice: 51.78,
    discountPrice: 0,
    couponCode: null,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    status: 'Placed',
    statusHistory: [],
    createdAt: '2026-11-22T10:45:00.000Z',
    paymentStatus: 'Unpaid',
    carrier: null,
    trackingNumber: null,
    refundedPrice: 0,
    refunds: [],
    canCancel: true,
    ...overrides,
  };
}

const ordersPage =
  (orders: Schemas['Order'][], total = orders.length) =>
  () =>
    json(200, { success: true, data: orders, meta: { page: 1, limit: 10, total } });

function signIn() {
  customerSession.signIn(customerToken());
}

describe('my orders', () => {
  it('offers Start Shopping when there are no orders', async () => {
    stubApi({ 'GET /order': ordersPage([]) });
    signIn();
    renderApp('/profile/order');

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows the empty list when the orders cannot be fetched', async () => {
    stubApi({ 'GET /order': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong') });
    signIn();
    renderApp('/profile/order');

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it("lists the shopper's orders with their total, flags and a link to each", async () => {
    stubApi({
      'GET /order': ordersPage([
        order(),
        order({
          _id: 'order-3',
          orderNumber: 'ORD-3',
          isPaid: true,
          paymentStatus: 'Paid',
          isDelivered: true,
          status: 'Completed',
          totalPrice: 120,
          currency: 'BDT',
        }),
      ]),
    });
    signIn();
    renderApp('/profile/order');

    const first = within(await screen.findByRole('listitem', { name: 'Order ORD-20261122-0004' }));
    expect(first.getByText('€51.78')).toBeInTheDocument();
    expect(first.getByText('Nov 22, 2026', { exact: false })).toBeInTheDocument();
    expect(first.getByText('2 items: TWS Wireless Earbuds')).toBeInTheDocument();
    expect(first.getByText('Placed')).toBeInTheDocument();
    expect(first.getByText('Unpaid')).toBeInTheDocument();
    expect(first.getByText('Not Delivered')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View Details of order ORD-20261122-0004' })).toHaveAttribute(
      'href',
      '/order/order-4',
    );

    const second = within(screen.getByRole('listitem', { name: 'Order ORD-3' }));
    // Each total in its order's own currency.
    expect(second.getByText('BDT 120.00')).toBeInTheDocument();
    expect(second.getByText('Completed')).toBeInTheDocument();
    expect(second.getByText('Paid')).toBeInTheDocument();
    expect(second.getByText('Delivered')).toBeInTheDocument();
  });

  it('pages through many orders with the page in the URL', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({ 'GET /order': ordersPage([order()], 25) });
    signIn();
    const { router } = renderApp('/profile/order');

    await user.click(await screen.findByRole('button', { name: 'Next page' }));

    expect(router.state.location.search).toEqual({ page: 2 });
    expect(new URL(requests.at(-1)?.url ?? '').searchParams.get('page')).toBe('2');
  });
});

describe('order details', () => {
  it('shows Loading order... and then the order with its amounts and flags', async () => {
    stubApi({
      'GET /order/order-4': () =>
        json(200, { success: true, data: order({ isPaid: true, paymentStatus: 'Paid' }) }),
    });
    signIn();
    renderApp('/order/order-4');

    expect(await screen.findByText('Loading order...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order ORD-20261122-0004' })).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(totals.getByText('€37.98')).toBeInTheDocument();
    expect(totals.getByText('€10.00')).toBeInTheDocument();
    expect(totals.getByText('€3.80')).toBeInTheDocument();
    expect(totals.getByText('€51.78')).toBeInTheDocument();
    const payment = within(screen.getByRole('region', { name: 'Payment Method' }));
    expect(payment.getByText('PayPal')).toBeInTheDocument();
    const shipTo = within(screen.getByRole('region', { name: 'Shipping Address' }));
    expect(shipTo.getByText('Dhaka, Dhaka Division, 1205')).toBeInTheDocument();
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
    expect(screen.getByText('Not Delivered')).toBeInTheDocument();
  });

  it('shows the coupon code and the discount it gave', async () => {
    stubApi({
      'GET /order/order-4': () =>
        json(200, {
          success: true,
          data: order({ discountPrice: 3.8, couponCode: 'WINTER10', taxPrice: 3.42, totalPrice: 47.6 }),
        }),
    });
    signIn();
    renderApp('/order/order-4');

    const totals = within(await screen.findByRole('region', { name: 'Order Summary' }));
    expect(totals.getByText('Discount (WINTER10)')).toBeInTheDocument();
    expect(totals.getByText('-€3.80')).toBeInTheDocument();
    expect(totals.getByText('€47.60')).toBeInTheDocument();
  });

  it("shows each line's delivery service and fee, and the tax the prices included, not added", async () => {
    stubApi({
      'GET /order/order-4': () =>
        json(200, {
          success: true,
          data: order({
            items: order().items.map((item) => ({
              ...item,
              delivery: { code: 'DHL', company: 'DHL', fee: 10 },
            })),
            tax: { rate: 21, inclusive: true, label: 'IVA' },
            taxPrice: 6.59,
            totalPrice: 47.98,
          }),
        }),
    });
    signIn();
    renderApp('/order/order-4');

    const items = within(await screen.findByRole('region', { name: 'Items' }));
    expect(items.getByText('Delivery: DHL, €10.00')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Order Summary' });
    expect(totals).toHaveTextContent('Shipping€10.00');
    expect(totals).toHaveTextContent('Total€47.98');
    expect(totals).not.toHaveTextContent('Tax');
    expect(within(totals).getByText('incl. 21% IVA')).toBeInTheDocument();
    expect(within(totals).getByText('Includes IVA €6.59')).toBeInTheDocument();
  });

  it('names the tax the order added as its country does', async () => {
    stubApi({
      'GET /order/order-4': () =>
        json(200, { success: true, data: order({ tax: { rate: 10, inclusive: false, label: 'VAT' } }) }),
    });
    signIn();
    renderApp('/order/order-4');

    const totals = await screen.findByRole('region', { name: 'Order Summary' });
    expect(totals).toHaveTextContent('VAT (10%)€3.80');
    expect(totals).toHaveTextContent('Total€51.78');
    expect(totals).not.toHaveTextContent('incl.');
  });

  it('shows the import duty the order was charged, with its name', async () => {
    stubApi({
      'GET /order/order-5': () =>
        json(200, {
          success: true,
          data: order({ dutyPrice: 2.4, dutyLabel: 'Customs', totalPrice: 54.18 }),
        }),
    });
    signIn();
    renderApp('/order/order-5');

    const totals = await screen.findByRole('region', { name: 'Order Summary' });
    expect(totals).toHaveTextContent('Customs€2.40');
    expect(totals).toHaveTextContent('Total€54.18');
  });

  it("says Order not found. for a missing order or another shopper's", async () => {
    stubApi({ 'GET /order/someone-elses': () => apiError(404, 'NOT_FOUND', 'Order not found.') });
    signIn();
    renderApp('/order/someone-elses');

    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Order ORD/ })).not.toBeInTheDocument();
  });

  it('sends a signed-out shopper to sign in first', async () => {
    stubApi({});
    const { router } = renderApp('/order/order-4');

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/order/order-4' });
  });

  it('shows the timeline, the carrier and tracking number once shipped, and the refunds', async () => {
    const shipped = order({
      status: 'Shipped',
      isPaid: true,
      paidAt: '2026-11-22T12:00:00.000Z',
      paymentStatus: 'Partially Refunded',
      carrier: 'DHL',
      trackingNumber: 'JD0146000',
      canCancel: false,
      refundedPrice: 5,
      refunds: [
        {
          id: 'RF-000007',
          amount: 5,
          currency: 'EUR',
          status: 'Completed',
          reason: 'Damaged box',
          createdAt: '2026-11-25T09:00:00.000Z',
          processedAt: '2026-11-25T10:00:00.000Z',
        },
      ],
      statusHistory: [
        { status: 'Placed', date: '2026-11-22T10:45:00.000Z', by: 'Demo Shopper', note: null },
        { status: 'Processing', date: '2026-11-23T08:00:00.000Z', by: 'Store Admin', note: null },
        {
          status: 'Shipped',
          date: '2026-11-24T08:00:00.000Z',
          by: 'Store Admin',
          note: 'Left the warehouse',
        },
      ],
    });
    stubApi({ 'GET /order/order-4': () => json(200, { success: true, data: shipped }) });
    signIn();
    renderApp('/order/order-4');

    const timeline = within(await screen.findByRole('region', { name: 'Order Status' }));
    const steps = timeline.getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Order Placed',
      'Payment Confirmed',
      'Processing',
      'Shipped',
      'Delivered',
    ]);
    expect(within(steps[1] as HTMLElement).getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(within(steps[3] as HTMLElement).getByText('Nov 24, 2026')).toBeInTheDocument();
    expect(within(steps[3] as HTMLElement).getByText('Left the warehouse')).toBeInTheDocument();
    expect(within(steps[4] as HTMLElement).getByText('Pending')).toBeInTheDocument();

    const shipment = within(screen.getByRole('region', { name: 'Shipment' }));
    expect(shipment.getByText('Carrier: DHL')).toBeInTheDocument();
    expect(shipment.getByText('Tracking number: JD0146000')).toBeInTheDocument();

    const refunds = within(screen.getByRole('region', { name: 'Refunds' }));
    expect(refunds.getByText('Refunded: €5.00')).toBeInTheDocument();
    const [, row] = refunds.getAllByRole('row');
    expect(row).toHaveTextContent('Nov 25, 2026€5.00CompletedDamaged box');
    expect(screen.getByText('Partially Refunded')).toBeInTheDocument();
    // Shipped: too late to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows no shipment or refunds before there are any, and an unpaid order waits for its payment', async () => {
    stubApi({ 'GET /order/order-4': () => json(200, { success: true, data: order() }) });
    signIn();
    renderApp('/order/order-4');

    const timeline = within(await screen.findByRole('region', { name: 'Order Status' }));
    const steps = timeline.getAllByRole('listitem');
    expect(within(steps[0] as HTMLElement).getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(within(steps[1] as HTMLElement).getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
  });

  it('cancels the order after the shopper confirms, and shows it cancelled', async () => {
    const user = userEvent.setup();
    const cancelled = order({
      status: 'Cancelled',
      canCancel: false,
      statusHistory: [
        { status: 'Placed', date: '2026-11-22T10:45:00.000Z', by: 'Demo Shopper', note: null },
        { status: 'Cancelled', date: '2026-11-23T09:00:00.000Z', by: 'Demo Shopper', note: null },
      ],
    });
    const { requests } = stubApi({
      'GET /order/order-4': () => json(200, { success: true, data: order() }),
      'POST /order/order-4/cancel': () => json(200, { success: true, data: cancelled }),
      'GET /order': ordersPage([cancelled]),
    });
    signIn();
    renderApp('/order/order-4');

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this order?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep order' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
        name: 'Yes, cancel order',
      }),
    );

    expect(await screen.findByText('Your order has been cancelled.')).toBeInTheDocument();
    expect(await screen.findByText('This order was cancelled on Nov 23, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      expect.stringMatching(/\/api\/order\/order-4\/cancel$/),
    ]);
  });

  it.each([
    {
      refund: 'Completed' as const,
      paymentStatus: 'Refunded' as const,
      toast: 'Your order has been cancelled and your payment has been refunded.',
      badge: 'Refunded',
    },
    {
      refund: 'Pending' as const,
      paymentStatus: 'Paid' as const,
      toast: 'Your order has been cancelled. Your refund is pending: the store will pay it back.',
      badge: 'Refund pending',
    },
  ])(
    'tells the shopper a paid order cancelled was $badge',
    async ({ refund, paymentStatus, toast, badge }) => {
      const user = userEvent.setup();
      const paid = order({ isPaid: true, paymentStatus: 'Paid' });
      const cancelled = order({
        status: 'Cancelled',
        canCancel: false,
        isPaid: true,
        paymentStatus,
        refundedPrice: refund === 'Completed' ? 51.78 : 0,
        refunds: [
          {
            id: 'RF-000007',
            amount: 51.78,
            currency: 'EUR',
            status: refund,
            reason: 'Cancelled by the customer',
            createdAt: '2026-11-23T09:00:00.000Z',
            processedAt: refund === 'Completed' ? '2026-11-23T09:00:00.000Z' : null,
          },
        ],
      });
      stubApi({
        'GET /order/order-4': () => json(200, { success: true, data: paid }),
        'POST /order/order-4/cancel': () => json(200, { success: true, data: cancelled }),
        'GET /order': ordersPage([cancelled]),
      });
      signIn();
      renderApp('/order/order-4');

      await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
          name: 'Yes, cancel order',
        }),
      );
      expect(await screen.findByText(toast)).toBeInTheDocument();
      expect(screen.getAllByText(badge).length).toBeGreaterThan(0);
      if (refund === 'Pending') expect(screen.queryByText('Refunded')).not.toBeInTheDocument();
    },
  );

  it("shows the server's reason when the order can no longer be cancelled", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /order/order-4': () => json(200, { success: true, data: order() }),
      'POST /order/order-4/cancel': () =>
        apiError(409, 'CONFLICT', 'The order has shipped and can no longer be cancelled.'),
    });
    signIn();
    renderApp('/order/order-4');

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
        name: 'Yes, cancel order',
      }),
    );

    expect(
      await screen.findByText('The order has shipped and can no longer be cancelled.'),
    ).toBeInTheDocument();
  });
});
