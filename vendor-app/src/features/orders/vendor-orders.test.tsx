import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../test/fixtures';
import { fetchStub, jsonResponse, type RouteHandler, routeStub, sentRoutes } from '../../test/network';
import { renderApp } from '../../test/render-app';

type VendorOrderDetail = Schemas['VendorOrderDetail'];
type Line = Schemas['VendorOrderLine'];

const ORDER_ID = '3f1e2d4c-5b6a-4789-9abc-def012345678';

function makeLine(overrides: Partial<Line> = {}): Line {
  return {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    product: 'p-1',
    name: 'Leather Wallet',
    sku: 'LW-BROWN',
    quantity: 2,
    price: 1250,
    lineTotal: 2500,
    image: null,
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    ...overrides,
  };
}

function makeOrder(overrides: Partial<VendorOrderDetail> = {}): VendorOrderDetail {
  return {
    _id: ORDER_ID,
    id: 'ORD-20261201-0042',
    customer: 'Nusrat Jahan',
    date: '2026-12-01T10:00:00.000Z',
    items: [makeLine()],
    discount: 0,
    total: 2500,
    currency: 'BDT',
    status: 'Confirmed',
    isPaid: true,
    shipped: false,
    canShip: true,
    shipTo: {
      name: 'Nusrat Jahan',
      address: 'House 7, Road 2, Banani',
      city: 'Dhaka',
      province: 'Dhaka Division',
      postalCode: '1213',
      country: 'BD',
      phone: '+880 1711000000',
    },
    ...overrides,
  };
}

const page = (orders: VendorOrderDetail[], total = orders.length, pageNumber = 1) =>
  jsonResponse(200, {
    success: true,
    data: orders.map(({ shipTo: _shipTo, ...order }) => order),
    meta: { page: pageNumber, limit: 10, total },
  });

function serve(routes: Record<string, RouteHandler>) {
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    ...routes,
  });
}

describe('vendor orders', () => {
  it('says No orders found. when the vendor has none', async () => {
    serve({ 'GET /vendor/orders': () => page([]) });
    renderApp('/manage-vandor/orders', { signedIn: true });

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Order ID',
      'Customer',
      'Date',
      'Items',
      'Total',
      'Status',
    ]);
  });

  it('lists the orders with their items, the total in the order’s currency and the status, paged by the server', async () => {
    const user = userEvent.setup();
    const requested: string[] = [];
    serve({
      'GET /vendor/orders': (request) => {
        const url = new URL(request.url);
        requested.push(url.search);
        return url.searchParams.get('page') === '2'
          ? page([makeOrder({ _id: 'o-11', id: 'ORD-11', currency: 'USD', total: 12.5 })], 11, 2)
          : page(
              [
                makeOrder({
                  items: [makeLine(), makeLine({ _id: 'l-2', name: 'Card Holder', quantity: 1 })],
                }),
              ],
              11,
            );
      },
    });
    const { router } = renderApp('/manage-vandor/orders', { signedIn: true });

    const row = await screen.findByRole('row', { name: /ORD-20261201-0042/ });
    expect(within(row).getByText('Nusrat Jahan')).toBeInTheDocument();
    expect(within(row).getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Leather Wallet × 2')).toBeInTheDocument();
    expect(within(row).getByText('Card Holder × 1')).toBeInTheDocument();
    expect(within(row).getByText('BDT 2,500.00')).toBeInTheDocument();
    expect(within(row).getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 11 results')).toBeInTheDocument();
    expect(requested[0]).toContain('limit=10');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('$12.50')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(requested.at(-1)).toContain('page=2');
  });

  it('opens an order with its lines and ship-to address, refuses an empty shipment, and ships it', async () => {
    const user = userEvent.setup();
    let shipped = false;
    const shippedLine = makeLine({
      carrier: 'DHL',
      trackingNumber: 'JD0146000',
      shippedAt: '2026-12-02T09:00:00.000Z',
    });
    const current = () =>
      shipped
        ? makeOrder({ items: [shippedLine], status: 'Shipped', shipped: true, canShip: false })
        : makeOrder();
    serve({
      'GET /vendor/orders': () => page([current()]),
      'GET /vendor/orders/:id': () => jsonResponse(200, { success: true, data: current() }),
      'POST /vendor/orders/:id/ship': () => {
        shipped = true;
        return jsonResponse(200, {
          success: true,
          message: 'Your items are marked as shipped.',
          data: current(),
        });
      },
    });
    const { router } = renderApp('/manage-vandor/orders', { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'ORD-20261201-0042' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Order details' }));
    expect(router.state.location.search).toEqual({ order: ORDER_ID });
    const shipTo = within(await drawer.findByRole('region', { name: 'Ship to' }));
    expect(shipTo.getByText('House 7, Road 2, Banani')).toBeInTheDocument();
    expect(shipTo.getByText('Dhaka, Dhaka Division, 1213')).toBeInTheDocument();
    expect(shipTo.getByText('+880 1711000000')).toBeInTheDocument();
    const lines = within(drawer.getByRole('table', { name: 'Your items in this order' }));
    expect(lines.getByText('Leather Wallet')).toBeInTheDocument();
    expect(lines.getByText('SKU LW-BROWN')).toBeInTheDocument();
    expect(lines.getByText('Not shipped')).toBeInTheDocument();

    const form = within(drawer.getByRole('form', { name: 'Mark as shipped' }));
    await user.click(form.getByRole('button', { name: 'Mark as shipped' }));
    expect(await form.findByText('Carrier is required')).toBeInTheDocument();
    expect(form.getByText('Tracking number is required')).toBeInTheDocument();
    expect(sentRoutes()).not.toContain(`POST /vendor/orders/${ORDER_ID}/ship`);

    await user.type(form.getByRole('textbox', { name: /Carrier/ }), 'DHL');
    await user.type(form.getByRole('textbox', { name: /Tracking number/ }), 'JD0146000');
    await user.click(form.getByRole('button', { name: 'Mark as shipped' }));

    expect(await screen.findByText('Your items are marked as shipped.')).toBeInTheDocument();
    const shipCall = fetchStub.mock.calls.find(([input, init]) => {
      const request = new Request(input, init);
      return request.method === 'POST';
    });
    if (!shipCall) throw new Error('No shipment was sent');
    expect(await new Request(shipCall[0], shipCall[1]).json()).toEqual({
      carrier: 'DHL',
      trackingNumber: 'JD0146000',
    });
    expect(await drawer.findByText('Your items in this order have shipped.')).toBeInTheDocument();
    expect(drawer.queryByRole('form', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    // The row shows the tracking.
    const row = within(screen.getByRole('table', { name: 'Orders' })).getByRole('row', {
      name: /ORD-20261201-0042/,
    });
    await waitFor(() => expect(within(row).getByText('Tracking: DHL JD0146000')).toBeInTheDocument());
  });

  it('shows what the shopper paid for the vendor’s lines, after the vendor’s coupon', async () => {
    const user = userEvent.setup();
    const order = makeOrder({
      currency: 'USD',
      items: [
        makeLine({ quantity: 1, price: 10, lineTotal: 10 }),
        makeLine({ _id: 'l-2', price: 16, lineTotal: 16, quantity: 1 }),
      ],
      discount: 2.6,
      total: 23.4,
    });
    serve({
      'GET /vendor/orders': () => page([order]),
      'GET /vendor/orders/:id': () => jsonResponse(200, { success: true, data: order }),
    });
    renderApp('/manage-vandor/orders', { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'ORD-20261201-0042' }));
    const row = within(screen.getByRole('table', { name: 'Orders' })).getByRole('row', {
      name: /ORD-20261201-0042/,
    });
    expect(within(row).getByText('$23.40')).toBeInTheDocument();
    const drawer = within(await screen.findByRole('dialog', { name: 'Order details' }));
    expect(await drawer.findByText('Coupon discount: −$2.60')).toBeInTheDocument();
    expect(drawer.getByText('Total: $23.40')).toBeInTheDocument();
  });

  it('shows the server’s refusal, and offers no shipment for an unpaid order', async () => {
    const user = userEvent.setup();
    serve({
      'GET /vendor/orders': () =>
        page([makeOrder(), makeOrder({ _id: 'o-2', id: 'ORD-2', isPaid: false, canShip: false })]),
      'GET /vendor/orders/o-2': () =>
        jsonResponse(200, {
          success: true,
          data: makeOrder({ _id: 'o-2', id: 'ORD-2', isPaid: false, canShip: false }),
        }),
      [`GET /vendor/orders/${ORDER_ID}`]: () => jsonResponse(200, { success: true, data: makeOrder() }),
      'POST /vendor/orders/:id/ship': () =>
        jsonResponse(409, {
          success: false,
          code: 'CONFLICT',
          message: 'A cancelled or failed order cannot ship.',
        }),
    });
    renderApp(`/manage-vandor/orders?order=${ORDER_ID}`, { signedIn: true });

    const drawer = within(await screen.findByRole('dialog', { name: 'Order details' }));
    const form = within(await drawer.findByRole('form', { name: 'Mark as shipped' }));
    await user.type(form.getByRole('textbox', { name: /Carrier/ }), 'DHL');
    await user.type(form.getByRole('textbox', { name: /Tracking number/ }), 'X1');
    await user.click(form.getByRole('button', { name: 'Mark as shipped' }));
    expect(await form.findByRole('alert')).toHaveTextContent('A cancelled or failed order cannot ship.');

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Order details' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'ORD-2' }));
    const unpaid = within(await screen.findByRole('dialog', { name: 'Order details' }));
    expect(
      await unpaid.findByText('This order is not paid yet; your items can ship once it is.'),
    ).toBeInTheDocument();
    expect(unpaid.queryByRole('form', { name: 'Mark as shipped' })).not.toBeInTheDocument();
  });
});
