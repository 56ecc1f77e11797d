import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

const HOUR = 60 * 60 * 1000;

function deliveredOrder(deliveredAt: string): Schemas['Order'] {
  return {
    _id: 'order-9',
    orderNumber: 'ORD-20261120-0009',
    user: 'user-1',
    items: [
      {
        product: 'p1',
        sku_id: 's1',
        name: 'TWS Earbuds',
        quantity: 1,
        price: 25,
        image: null,
        currency: 'USD',
      },
    ],
    shippingAddress: {
      full_name: 'Demo Shopper',
      address: '350 Fifth Avenue',
      city: 'New York',
      province: 'NY',
      postalCode: '10118',
      country: 'US',
    },
    paymentMethod: 'PayPal',
    currency: 'USD',
    itemsPrice: 25,
    shippingPrice: 0,
    taxPrice: 0,
    totalPrice: 25,
    discountPrice: 0,
    couponCode: null,
    isPaid: true,
    paidAt: '2026-11-15T10:00:00.000Z',
    isDelivered: true,
    deliveredAt,
    status: 'Delivered',
    statusHistory: [],
    createdAt: '2026-11-15T10:00:00.000Z',
    paymentStatus: 'Paid',
    carrier: null,
    trackingNumber: null,
    refundedPrice: 0,
    refunds: [],
    canCancel: false,
  };
}

const request = {
  _id: 'rr-1',
  orderId: 'order-9',
  kind: 'refund',
  reason: 'The case arrived cracked.',
  status: 'Requested',
  note: null,
  createdAt: new Date().toISOString(),
  decidedAt: null,
};

describe('return and refund requests on an order', () => {
  it('asks for a refund within the window, with a reason, and then shows the request', async () => {
    let sent: unknown[] = [];
    const { requests } = stubApi({
      'GET /order/order-9': () =>
        json(200, { success: true, data: deliveredOrder(new Date(Date.now() - 48 * HOUR).toISOString()) }),
      'GET /order/order-9/return-requests': () => json(200, { success: true, data: sent }),
      'POST /order/order-9/return-requests': async (incoming) => {
        const body = (await incoming.json()) as { kind: string; reason: string };
        sent = [{ ...request, ...body }];
        return json(201, { success: true, message: 'Your request has been sent.', data: sent[0] });
      },
    });
    customerSession.signIn(customerToken());
    renderApp('/order/order-9');

    const panel = within(await screen.findByRole('region', { name: 'Return or Refund' }));
    await userEvent.click(await panel.findByRole('button', { name: 'Send Request' }));
    expect(panel.getByText('Please tell us why.')).toBeInTheDocument();
    expect(requests.some((sentRequest) => sentRequest.method === 'POST')).toBe(false);

    await userEvent.click(panel.getByRole('radio', { name: 'Refund' }));
    await userEvent.type(panel.getByRole('textbox', { name: /Reason/ }), 'The case arrived cracked.');
    await userEvent.click(panel.getByRole('button', { name: 'Send Request' }));

    expect(await panel.findByText('Requested')).toBeInTheDocument();
    expect(panel.getByText('The case arrived cracked.')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Send Request' })).not.toBeInTheDocument();
    const post = requests.find((sentRequest) => sentRequest.method === 'POST');
    expect(await post?.json()).toEqual({ kind: 'refund', reason: 'The case arrived cracked.' });
  });

  it('shows the store’s answer, and no form once the 7 days have passed', async () => {
    stubApi({
      'GET /order/order-9': () =>
        json(200, {
          success: true,
          data: deliveredOrder(new Date(Date.now() - 9 * 24 * HOUR).toISOString()),
        }),
      'GET /order/order-9/return-requests': () =>
        json(200, {
          success: true,
          data: [
            {
              ...request,
              status: 'Rejected',
              note: 'The seal was broken.',
              decidedAt: new Date().toISOString(),
            },
          ],
        }),
    });
    customerSession.signIn(customerToken());
    renderApp('/order/order-9');

    const panel = within(await screen.findByRole('region', { name: 'Return or Refund' }));
    expect(await panel.findByText('Rejected')).toBeInTheDocument();
    expect(panel.getByText("Store's answer: The seal was broken.")).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Send Request' })).not.toBeInTheDocument();
  });

  it('says why when the server refuses the request', async () => {
    stubApi({
      'GET /order/order-9': () =>
        json(200, { success: true, data: deliveredOrder(new Date(Date.now() - HOUR).toISOString()) }),
      'GET /order/order-9/return-requests': () => json(200, { success: true, data: [] }),
      'POST /order/order-9/return-requests': () =>
        apiError(400, 'BAD_REQUEST', 'This order already has a request waiting for an answer.'),
    });
    customerSession.signIn(customerToken());
    renderApp('/order/order-9');

    const panel = within(await screen.findByRole('region', { name: 'Return or Refund' }));
    await userEvent.type(await panel.findByRole('textbox', { name: /Reason/ }), 'Wrong size');
    await userEvent.click(panel.getByRole('button', { name: 'Send Request' }));
    await waitFor(() =>
      expect(screen.getByText('This order already has a request waiting for an answer.')).toBeInTheDocument(),
    );
  });

  it('lists orders still inside the window on the Return & Refund page', async () => {
    stubApi({
      'GET /order': () =>
        json(200, {
          success: true,
          data: [deliveredOrder(new Date(Date.now() - 24 * HOUR).toISOString())],
          meta: { page: 1, limit: 10, total: 1 },
        }),
    });
    customerSession.signIn(customerToken());
    renderApp('/profile/return-and-refund');

    const section = within(await screen.findByRole('region', { name: 'Orders you can return' }));
    expect(await section.findByText('ORD-20261120-0009')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Request a Return: ORD-20261120-0009' })).toHaveAttribute(
      'href',
      '/order/order-9',
    );
  });
});
