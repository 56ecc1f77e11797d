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
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    status: 'Placed',
    statusHistory: [],
    createdAt: '2026-11-22T10:45:00.000Z',
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
        order({ _id: 'order-3', orderNumber: 'ORD-3', isPaid: true, isDelivered: true, totalPrice: 120 }),
      ]),
    });
    signIn();
    renderApp('/profile/order');

    const first = within(await screen.findByRole('listitem', { name: 'Order ORD-20261122-0004' }));
    expect(first.getByText('€51.78')).toBeInTheDocument();
    expect(first.getByText('Nov 22, 2026', { exact: false })).toBeInTheDocument();
    expect(first.getByText('2 items: TWS Wireless Earbuds')).toBeInTheDocument();
    expect(first.getByText('Unpaid')).toBeInTheDocument();
    expect(first.getByText('Not Delivered')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View order ORD-20261122-0004' })).toHaveAttribute(
      'href',
      '/order/order-4',
    );

    const second = within(screen.getByRole('listitem', { name: 'Order ORD-3' }));
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
    stubApi({ 'GET /order/order-4': () => json(200, { success: true, data: order({ isPaid: true }) }) });
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
});
