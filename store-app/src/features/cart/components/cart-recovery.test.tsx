import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartStore } from '../../../lib/cart-store';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';

const restored = {
  items: [
    {
      product: 'p1',
      sku_id: 's1',
      quantity: 2,
      name: 'Wireless Earbuds',
      image: 'earbuds.jpg',
      price: 18.99,
      currency: 'USD',
      logistics_service_name: null,
      addedAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    },
  ],
  updatedAt: '2026-11-22T10:00:00.000Z',
};

describe('a cart reminder’s links', () => {
  it('bring the cart back to this device without a sign-in', async () => {
    const { requests } = stubApi({
      'POST /cart/recover': () => json(200, { success: true, data: restored }),
      'POST /order/quote': () =>
        json(200, {
          success: true,
          data: {
            currency: 'USD',
            items: [{ product: 'p1', sku_id: 's1', quantity: 2, name: 'p1', price: 18.99, lineTotal: 37.98 }],
            itemsPrice: 37.98,
            shippingPrice: 0,
            taxPrice: 0,
            totalPrice: 37.98,
          },
        }),
    });
    renderApp('/cart?recover=signed.token');
    expect(await screen.findByText('Your cart is back')).toBeInTheDocument();
    expect(await screen.findByText('Wireless Earbuds')).toBeInTheDocument();
    expect(cartStore.get().items).toEqual([
      {
        id: 'p1',
        sku_id: 's1',
        quantity: 2,
        name: 'Wireless Earbuds',
        image: 'earbuds.jpg',
        price: 18.99,
        currency: 'USD',
      },
    ]);
    const recover = requests.filter((request) => new URL(request.url).pathname.endsWith('/cart/recover'));
    expect(recover).toHaveLength(1);
    expect(await recover[0]?.json()).toEqual({ token: 'signed.token' });
  });

  it('say so when the link is not valid, and leave the cart as it was', async () => {
    stubApi({
      'POST /cart/recover': () => apiError(404, 'NOT_FOUND', 'This link is not valid or has expired.'),
    });
    renderApp('/cart?recover=forged');
    expect(await screen.findByText('This cart could not be brought back')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('stop the reminders from the unsubscribe link', async () => {
    const { requests } = stubApi({
      'POST /cart/reminders/unsubscribe': () =>
        json(200, {
          success: true,
          message: 'You will no longer get cart reminders.',
          data: { unsubscribed: true },
        }),
    });
    renderApp('/cart-reminders?unsubscribe=signed.token');
    expect(await screen.findByText('You will no longer get cart reminders.')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(await requests[0]?.json()).toEqual({ token: 'signed.token' });
  });

  it('say so when the unsubscribe link is not valid', async () => {
    stubApi({
      'POST /cart/reminders/unsubscribe': () => apiError(404, 'NOT_FOUND', 'This link is not valid.'),
    });
    renderApp('/cart-reminders?unsubscribe=forged');
    expect(
      await screen.findByText('This link is not valid. Open the link from the latest reminder email.'),
    ).toBeInTheDocument();
  });
});
