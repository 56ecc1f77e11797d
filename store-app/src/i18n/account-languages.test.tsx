import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productAnswer, reviewsAnswer, shirt } from '../features/catalogue/testing/catalogue-fixtures';
import type { Language } from '../features/settings/settings-options';
import { settingsStore } from '../features/settings/settings-store';
import { customerSession } from '../lib/session';
import { json, stubApi } from '../test/network';
import { renderApp } from '../test/render-app';
import { customerToken } from '../test/tokens';
import { languageApplied } from './i18n';

async function chooseLanguage(language: Language) {
  await act(async () => {
    settingsStore.set({ ...settingsStore.get(), language });
    await languageApplied();
  });
}

describe('the rest of the storefront in other languages', () => {
  it('signs in in Spanish, with the form’s own message translated', async () => {
    stubApi({});
    await chooseLanguage('es');
    renderApp('/login');

    expect(await screen.findByText('Hola de nuevo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(
      await screen.findByText('El correo, usuario o teléfono y la contraseña son obligatorios.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register');
  });

  it('shows My Orders in Bengali, with dates and money in Bengali notation', async () => {
    stubApi({
      'GET /order': () =>
        json(200, {
          success: true,
          data: [
            {
              _id: 'o1',
              orderNumber: 'ORD-20261122-0004',
              user: 'user-1',
              items: [
                {
                  product: 'p1',
                  sku_id: 's1',
                  name: 'Earbuds',
                  quantity: 2,
                  price: 10,
                  image: null,
                  currency: 'USD',
                },
              ],
              shippingAddress: { address: 'Dhanmondi', city: 'Dhaka', postalCode: '1205', country: 'BD' },
              paymentMethod: 'PayPal',
              currency: 'USD',
              itemsPrice: 20,
              shippingPrice: 0,
              taxPrice: 0,
              totalPrice: 20,
              isPaid: true,
              paidAt: '2026-11-22T10:45:00.000Z',
              isDelivered: false,
              deliveredAt: null,
              status: 'Shipped',
              statusHistory: [],
              createdAt: '2026-11-22T10:45:00.000Z',
              paymentStatus: 'Paid',
              carrier: null,
              trackingNumber: null,
              refundedPrice: 0,
              refunds: [],
              canCancel: false,
            },
          ],
          meta: { page: 1, limit: 10, total: 1 },
        }),
    });
    customerSession.signIn(customerToken());
    await chooseLanguage('bn');
    renderApp('/profile/order');

    expect(await screen.findByRole('heading', { name: 'আমার অর্ডার' })).toBeInTheDocument();
    const order = within(await screen.findByRole('listitem', { name: 'অর্ডার ORD-20261122-0004' }));
    expect(order.getByText('পাঠানো হয়েছে')).toBeInTheDocument();
    expect(order.getByText('পরিশোধিত')).toBeInTheDocument();
    expect(order.getByText('২০.০০ US$')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'অ্যাকাউন্ট' })).getByText('আমার রিভিউ'),
    ).toBeInTheDocument();
  });

  it('shows the product page in Hindi, the reviews’ votes included', async () => {
    stubApi({
      'GET /product/shirt': () => productAnswer(shirt()),
      'POST /logistic': () => json(200, { success: true, data: [] }),
      'GET /reviews/product/shirt': () =>
        reviewsAnswer([
          {
            _id: 'r1',
            name: 'Ada',
            createdAt: '2026-11-01T10:00:00.000Z',
            rating: 4,
            comment: 'Fits well.',
            helpful: 3,
            unhelpful: 1,
          },
        ]),
      'GET /product/': () => json(200, { success: true, data: [], meta: { page: 1, limit: 12, total: 0 } }),
    });
    await chooseLanguage('hi');
    renderApp('/products/shirt');

    expect(await screen.findByText('ऑफ़र कीमत')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'कार्ट में डालें' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'समीक्षाएँ' })).toBeInTheDocument();
    const review = within(await screen.findByRole('article', { name: 'Ada की समीक्षा' }));
    expect(review.getByText('मददगार (3)')).toBeInTheDocument();
    expect(await screen.findByText('आपकी जगह के लिए कोई डिलीवरी विकल्प नहीं मिला।')).toBeInTheDocument();
  });
});
