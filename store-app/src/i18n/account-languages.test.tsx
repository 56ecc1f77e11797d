import type { Schemas } from '@shop/sdk/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productAnswer, reviewsAnswer, shirt } from '../features/catalogue/testing/catalogue-fixtures';
import type { Language } from '../features/settings/settings-options';
import { settingsStore } from '../features/settings/settings-store';
import { customerSession } from '../lib/session';
import { demoProfile, json, stubApi } from '../test/network';
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

/** An order that can still be cancelled: placed, not paid yet. */
function placedOrder(overrides: Partial<Schemas['Order']> = {}): Schemas['Order'] {
  return {
    _id: 'order-4',
    orderNumber: 'ORD-20261122-0004',
    user: 'user-1',
    items: [
      {
        product: 'p1',
        sku_id: 's1',
        name: 'Earbuds',
        quantity: 2,
        price: 18.99,
        image: null,
        currency: 'EUR',
      },
    ],
    shippingAddress: { address: 'Dhanmondi', city: 'Dhaka', postalCode: '1205', country: 'BD' },
    paymentMethod: 'Bank Transfer',
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

describe('the account screens in Spanish and Bengali', () => {
  it('shows the settings modal in Spanish', async () => {
    const user = userEvent.setup();
    await chooseLanguage('es');
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Ajustes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Configuración' }));
    expect(dialog.getByRole('combobox', { name: 'Enviar a' })).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Moneda' })).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Tema' })).toHaveValue('Claro');
    expect(dialog.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('shows the settings modal in Bengali, and switches the store to Spanish from it', async () => {
    const user = userEvent.setup();
    await chooseLanguage('bn');
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'সেটিংস' }));
    const dialog = await screen.findByRole('dialog', { name: 'সেটিংস' });
    expect(within(dialog).getByRole('combobox', { name: 'যেখানে পাঠানো হবে' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'থিম' })).toHaveValue('লাইট');
    await user.click(within(dialog).getByRole('combobox', { name: 'ভাষা' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Spanish' }));
    await user.click(within(dialog).getByRole('button', { name: 'সংরক্ষণ' }));

    expect(await screen.findByRole('button', { name: 'Ajustes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajustes' }));
    expect(await screen.findByRole('dialog', { name: 'Configuración' })).toBeInTheDocument();
  });

  it('registers in Bengali, the form’s messages translated and translated again when the language changes', async () => {
    const user = userEvent.setup();
    const { fetchStub } = stubApi({});
    await chooseLanguage('bn');
    renderApp('/register');

    expect(await screen.findByRole('heading', { name: 'অ্যাকাউন্ট তৈরি করুন' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'নিবন্ধন' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('সব ঘর পূরণ করতে হবে।');

    await user.type(screen.getByLabelText('পূর্ণ নাম'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('ইমেল'), 'ada@example.com');
    await user.type(screen.getByLabelText('পাসওয়ার্ড'), 'secret123');
    await user.type(screen.getByLabelText('পাসওয়ার্ড নিশ্চিত করুন'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'নিবন্ধন' }));
    expect(await screen.findByText('পাসওয়ার্ড মেলেনি।')).toBeInTheDocument();

    await chooseLanguage('es');
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(screen.queryByText('পাসওয়ার্ড মেলেনি।')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows My Orders in Spanish: the empty list, and a list with its plural', async () => {
    stubApi({
      'GET /order': () =>
        json(200, { success: true, data: [placedOrder()], meta: { page: 1, limit: 10, total: 1 } }),
    });
    customerSession.signIn(customerToken());
    await chooseLanguage('es');
    renderApp('/profile/order');

    expect(await screen.findByRole('heading', { name: 'Mis pedidos' })).toBeInTheDocument();
    const order = within(await screen.findByRole('listitem', { name: 'Pedido ORD-20261122-0004' }));
    expect(order.getByText('2 artículos: Earbuds')).toBeInTheDocument();
    expect(order.getByText('Realizado')).toBeInTheDocument();
    expect(order.getByText('Sin pagar')).toBeInTheDocument();
    expect(order.getByText('No entregado')).toBeInTheDocument();
    expect(order.getByRole('link', { name: 'Ver detalles del pedido ORD-20261122-0004' })).toHaveAttribute(
      'href',
      '/order/order-4',
    );
    const nav = within(screen.getByRole('navigation', { name: 'Cuenta' }));
    expect(nav.getByText('Gestionar cuenta')).toBeInTheDocument();
    expect(nav.getByText('Devoluciones y reembolsos')).toBeInTheDocument();
  });

  it('shows an order in Spanish and asks in Spanish before cancelling it', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /order/order-4': () => json(200, { success: true, data: placedOrder() }) });
    customerSession.signIn(customerToken());
    await chooseLanguage('es');
    renderApp('/order/order-4');

    expect(
      await screen.findByRole('heading', { name: 'Pedido ORD-20261122-0004', level: 1 }),
    ).toBeInTheDocument();
    const timeline = within(screen.getByRole('region', { name: 'Estado del pedido' }));
    expect(timeline.getAllByRole('listitem').map((step) => step.getAttribute('aria-label'))).toEqual([
      'Pedido realizado',
      'Pago confirmado',
      'En preparación',
      'Enviado',
      'Entregado',
    ]);
    const payment = within(screen.getByRole('region', { name: 'Método de pago' }));
    expect(payment.getByText('Transferencia bancaria')).toBeInTheDocument();
    expect(payment.getByText('Sin pagar')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Resumen del pedido' })).getByText('Impuestos'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const dialog = within(await screen.findByRole('dialog', { name: '¿Cancelar este pedido?' }));
    expect(dialog.getByText('El pedido ORD-20261122-0004 se cancelará y no se enviará.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Mantener pedido' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Sí, cancelar pedido' })).toBeInTheDocument();
  });

  it('checks the new password in Bengali on Manage Account', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /user/profile': () => json(200, { success: true, data: demoProfile }),
    });
    customerSession.signIn(customerToken());
    await chooseLanguage('bn');
    renderApp('/profile/manage-account');

    expect(await screen.findByRole('heading', { name: 'অ্যাকাউন্ট পরিচালনা', level: 1 })).toBeInTheDocument();
    const profile = within(screen.getByRole('region', { name: 'প্রোফাইলের তথ্য' }));
    expect(profile.getByRole('textbox', { name: 'নামের প্রথম অংশ' })).toHaveValue('Demo');
    const password = within(screen.getByRole('region', { name: 'পাসওয়ার্ড পরিবর্তন' }));
    await user.type(password.getByLabelText('বর্তমান পাসওয়ার্ড'), 'shopper123');
    await user.type(password.getByLabelText('নতুন পাসওয়ার্ড'), 'abc');
    await user.type(password.getByLabelText('নতুন পাসওয়ার্ড নিশ্চিত করুন'), 'abc');
    await user.click(password.getByRole('button', { name: 'পাসওয়ার্ড আপডেট' }));

    expect(await password.findByText('পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('asks to confirm the logout in Bengali', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /user/logout': () => json(200, { success: true, message: 'Logout successful.' }) });
    customerSession.signIn(customerToken());
    await chooseLanguage('bn');
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট' }));
    await user.click(await screen.findByRole('menuitem', { name: 'লগআউট' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'লগআউট নিশ্চিত করুন' }));
    expect(dialog.getByText('আপনি কি সত্যিই লগআউট করতে চান?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'লগআউট' }));

    expect(await screen.findByText('লগআউট সফল হয়েছে।')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('shop.userToken')).toBeNull());
  });
});
