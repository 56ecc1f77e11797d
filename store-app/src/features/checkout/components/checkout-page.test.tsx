import type { Schemas } from '@shop/sdk/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { languageApplied } from '../../../i18n/i18n';
import { addToCart, cartStore, setCheckoutItems } from '../../../lib/cart-store';
import { browserNavigation } from '../../../lib/leave-to';
import { customerSession } from '../../../lib/session';
import { apiError, demoProfile, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import { DEFAULT_SETTINGS, settingsStore } from '../../settings/settings-store';

const earbuds = { id: 'p1', name: 'Earbuds', price: 60, image: 'earbuds.jpg', sku_id: 's1', currency: 'USD' };
const lamp = { id: 'p2', name: 'Desk Lamp', price: 24.5, image: 'lamp.jpg', sku_id: 's9', currency: 'USD' };

const address = {
  full_name: 'Demo Shopper',
  address: 'House 12, Road 5, Dhanmondi',
  city: 'Dhaka',
  province: 'Dhaka Division',
  country: 'BD',
  zip: '1205',
  phone_country: '+880',
  mobile_no: '1712345678',
};

// The app leaves for the provider's page through this method; a spy keeps the test on the page.
let leaveTo: MockInstance<typeof browserNavigation.leaveTo>;
beforeEach(() => {
  leaveTo = vi.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  leaveTo.mockRestore();
});

/** The cart holds both products; the earbuds (2 units) go to checkout, as Proceed to Checkout would do. */
function prepareCheckout() {
  addToCart({ ...earbuds, quantity: 2 });
  addToCart(lamp);
  setCheckoutItems([{ ...earbuds, quantity: 2 }]);
}

/** Pasting rather than typing keeps the test fast; the form sees the same change events. */
async function fillAddress(user: UserEvent) {
  const fields: [string, string][] = [
    ['Full Name', address.full_name],
    ['Address', address.address],
    ['City', address.city],
    ['Province / State', address.province],
    ['ZIP / Postal Code', address.zip],
    ['Phone Country Code', address.phone_country],
    ['Mobile Number', address.mobile_no],
  ];
  for (const [name, value] of fields) {
    await user.click(screen.getByRole('textbox', { name }));
    await user.paste(value);
  }
}

/** The server's quote for the 2 earbuds, in `currency` at the figures given (the server prices; not the test). */
function quoteAnswer(currency = 'USD', figures = { unit: 60, items: 120, shipping: 0, tax: 12, total: 132 }) {
  return json(200, {
    success: true,
    data: {
      currency,
      items: [
        {
          product: 'p1',
          sku_id: 's1',
          name: 'Earbuds',
          quantity: 2,
          price: figures.unit,
          lineTotal: figures.items,
          image: null,
        },
      ],
      itemsPrice: figures.items,
      shippingPrice: figures.shipping,
      taxPrice: figures.tax,
      totalPrice: figures.total,
    },
  });
}

/** One line of a quote: a product at its price here, shipped by `delivery` (null: the store's own rule). */
function quotedLine(item: typeof earbuds, quantity: number, delivery: Schemas['LineDelivery']) {
  const { id: product, sku_id, name, price } = item;
  return { product, sku_id, name, quantity, price, lineTotal: price * quantity, image: null, delivery };
}

const isOrder = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname.endsWith('/order');

async function fillCard(user: UserEvent, number = '4242 4242 4242 4242') {
  const fields: [string, string][] = [
    ['Card Number', number],
    ['Expiry Month', '12'],
    ['Expiry Year', '2030'],
    ['CVC', '123'],
  ];
  for (const [name, value] of fields) {
    await user.click(screen.getByRole('textbox', { name }));
    await user.paste(value);
  }
}

/** GET /payment-methods: what the store takes for the address (spec 3's three, unless a test says otherwise). */
function methodsAnswer(
  methods: Array<{
    method: Schemas['PaymentMethod'];
    fee?: number;
    maxOrder?: number | null;
    onProviderPage?: boolean;
  }> = [{ method: 'Credit Card' }, { method: 'PayPal' }, { method: 'Bank Transfer' }],
  currency = 'USD',
) {
  return json(200, {
    success: true,
    data: methods.map(({ method, fee = 0, maxOrder = null, onProviderPage = false }) => ({
      method,
      fee,
      currency,
      maxOrder,
      onProviderPage,
    })),
  });
}

async function openCheckout(routes: Parameters<typeof stubApi>[0] = {}) {
  const stub = stubApi({
    'POST /order/quote': () => quoteAnswer(),
    'GET /payment-methods': () => methodsAnswer(),
    ...routes,
  });
  customerSession.signIn(customerToken());
  const rendered = renderApp('/checkout');
  await screen.findByRole('heading', { name: 'Place Your Order' });
  return { ...stub, ...rendered };
}

describe('checkout', () => {
  it('sends a signed-out shopper to sign in and brings them back to the checkout', async () => {
    const user = userEvent.setup();
    prepareCheckout();
    stubApi({
      'POST /user/login': () => {
        const token = customerToken();
        return json(200, { success: true, message: 'Welcome back', token, data: { token } });
      },
    });
    const { router } = renderApp('/checkout');

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/checkout' });

    await user.click(screen.getByRole('textbox', { name: 'Email, Username or Phone Number' }));
    await user.paste('shopper');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('shopper123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // The login screen waits 1 s before leaving.
    expect(
      await screen.findByRole('heading', { name: 'Place Your Order' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('shows the items to order and the amounts the server quotes for them', async () => {
    prepareCheckout();
    const { requests } = await openCheckout();

    expect(screen.getByText('Earbuds')).toBeInTheDocument();
    expect(screen.queryByText('Desk Lamp')).not.toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Items$120.00'));
    expect(summary).toHaveTextContent('Shipping$0.00');
    expect(summary).toHaveTextContent('Tax$12.00');
    expect(summary).toHaveTextContent('Total$132.00');
    const quoted = requests.find((request) => request.url.endsWith('/order/quote'));
    // The form's country (the settings' ship-to to start with) prices the order by its country rule.
    expect(await quoted?.json()).toEqual({
      items: [{ product: 'p1', sku_id: 's1', quantity: 2 }],
      currency: 'USD',
      country: 'BD',
    });
  });

  it('shows the import duty the server quotes as its own line, counted in the total', async () => {
    prepareCheckout();
    await openCheckout({
      'POST /order/quote': async () => {
        const body = await quoteAnswer('USD', {
          unit: 60,
          items: 120,
          shipping: 0,
          tax: 12,
          total: 138,
        }).json();
        return json(200, {
          ...body,
          data: {
            ...body.data,
            dutyPrice: 6,
            duty: { rate: 5, label: 'Import duty', basis: 'goods', deMinimis: 100 },
          },
        });
      },
    });
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Import duty$6.00'));
    expect(summary).toHaveTextContent('Total$138.00');
  });

  it('has no duty line where the ship-to country has no duty rule', async () => {
    prepareCheckout();
    await openCheckout();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Total$132.00'));
    expect(summary).not.toHaveTextContent('duty');
  });

  it('shows why the order cannot be priced, in the server’s words', async () => {
    prepareCheckout();
    await openCheckout({
      'POST /order/quote': () => apiError(409, 'CONFLICT', 'Only 1 left in stock for Earbuds.'),
    });

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(await within(summary).findByRole('alert')).toHaveTextContent('Only 1 left in stock for Earbuds.');
  });

  it('requires every address field and a payment channel before sending anything', async () => {
    const user = userEvent.setup();
    prepareCheckout();
    const { requests } = await openCheckout();

    // The country starts from the ship-to setting (shown by name) and cannot be emptied.
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Bangladesh');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    for (const message of [
      'Full name is required.',
      'Address is required.',
      'City is required.',
      'Province is required.',
      'ZIP / postal code is required.',
      'Phone country code is required.',
      'Mobile number is required.',
      'Please choose a payment channel.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(requests.filter(isOrder)).toHaveLength(0);
  });

  it('places the order without totals, thanks the shopper and opens My Orders after 0.8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    prepareCheckout();
    const { requests, router } = await openCheckout({
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
      'GET /order': () => json(200, { success: true, data: [], meta: { page: 1, limit: 10, total: 0 } }),
      'GET /user/profile': () => json(200, { success: true, data: demoProfile }),
    });

    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findAllByText('Order placed successfully!')).not.toHaveLength(0);
    const sent = requests.find(isOrder);
    expect(await sent?.json()).toEqual({
      items: [{ product: 'p1', sku_id: 's1', quantity: 2 }],
      shippingAddress: address,
      paymentMethod: 'PayPal',
      currency: 'USD',
    });
    expect(cartStore.get()).toEqual({ items: [{ ...lamp, quantity: 1 }], checkoutItems: [] });
    expect(router.state.location.pathname).toBe('/checkout');

    act(() => vi.advanceTimersByTime(800));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/order'));
  });

  it('offers only the methods the store takes here, prices cash on delivery with its fee and orders with it', async () => {
    const user = userEvent.setup();
    prepareCheckout();
    const { requests } = await openCheckout({
      'GET /payment-methods': () =>
        methodsAnswer([{ method: 'Bank Transfer' }, { method: 'Cash on Delivery', fee: 1.5, maxOrder: 500 }]),
      'POST /order/quote': async (request) => {
        const body = await request.json();
        const cod = body.paymentMethod === 'Cash on Delivery';
        return json(200, {
          success: true,
          data: {
            currency: 'USD',
            items: [quotedLine(earbuds, 2, null)],
            itemsPrice: 120,
            shippingPrice: 0,
            taxPrice: 12,
            paymentFee: cod ? 1.5 : 0,
            totalPrice: cod ? 133.5 : 132,
          },
        });
      },
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
    });

    expect(await screen.findByRole('radio', { name: 'Cash on Delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Credit Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'PayPal' })).not.toBeInTheDocument();
    expect(screen.getByText('A fee of $1.50 is added to your order.')).toBeInTheDocument();
    // The methods are asked for the address's country and the order's amount before any method's fee.
    const asked = requests.filter((r) => new URL(r.url).pathname.endsWith('/payment-methods')).at(-1);
    expect(Object.fromEntries(new URL(asked?.url ?? 'http://x').searchParams)).toEqual({
      country: 'BD',
      currency: 'USD',
      amount: '132',
    });

    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(await within(summary).findByText('Cash on delivery fee')).toBeInTheDocument();
    expect(within(summary).getByText('$133.50')).toBeInTheDocument();

    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findAllByText('Order placed successfully!')).not.toHaveLength(0);
    const sent = requests.find(isOrder);
    expect(await sent?.json()).toMatchObject({ paymentMethod: 'Cash on Delivery' });
  });

  it('sends the shopper to the provider page to pay when the method is paid there', async () => {
    const user = userEvent.setup();
    prepareCheckout();
    const { requests } = await openCheckout({
      'GET /payment-methods': () =>
        methodsAnswer([{ method: 'Bank Transfer' }, { method: 'SSLCommerz', onProviderPage: true }]),
      'POST /order': () =>
        json(201, {
          success: true,
          message: 'Order placed successfully!',
          data: { _id: 'o1', paymentMethod: 'SSLCommerz', paymentRedirect: 'https://pay.example/session/1' },
        }),
    });
    await user.click(await screen.findByRole('radio', { name: 'SSLCommerz' }));
    expect(
      screen.getByText("You will pay on SSLCommerz's secure page, then come back here."),
    ).toBeInTheDocument();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/session/1'));
    expect(await screen.findByText('Taking you to SSLCommerz to pay…')).toBeInTheDocument();
    expect(await requests.find(isOrder)?.json()).toMatchObject({ paymentMethod: 'SSLCommerz' });
    // The cart no longer holds what was ordered, paid or not: the order keeps it.
    expect(cartStore.get().checkoutItems).toEqual([]);
  });

  it("asks for no card when the store takes cards on its provider's page, and sends none", async () => {
    const user = userEvent.setup();
    prepareCheckout();
    const { requests } = await openCheckout({
      'GET /payment-methods': () =>
        methodsAnswer([{ method: 'Credit Card', onProviderPage: true }, { method: 'Bank Transfer' }]),
      'POST /order': () =>
        json(201, {
          success: true,
          message: 'Order placed successfully!',
          data: {
            _id: 'o2',
            paymentMethod: 'Credit Card',
            paymentRedirect: 'https://checkout.example/c/pay/cs_1',
          },
        }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Credit Card' }));
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/You will enter your card on our payment provider's secure page/),
    ).toBeInTheDocument();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_1'));
    const sent = await requests.find(isOrder)?.json();
    expect(sent).toMatchObject({ paymentMethod: 'Credit Card' });
    expect(sent).not.toHaveProperty('card');
  });

  it('says when the payment methods cannot be loaded, and loads them again on Retry', async () => {
    const user = userEvent.setup();
    prepareCheckout();
    let up = false;
    await openCheckout({
      'GET /payment-methods': () =>
        up ? methodsAnswer() : apiError(503, 'SERVICE_UNAVAILABLE', 'Down for a moment.'),
    });
    expect(await screen.findByText('The payment methods could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'Bank Transfer' })).toBeInTheDocument();
  });

  it('sends one Idempotency-Key per attempt, the same again when the shopper retries after a failure', async () => {
    const user = userEvent.setup();
    prepareCheckout();
    let calls = 0;
    const { requests } = await openCheckout({
      'POST /order': () => {
        calls += 1;
        return calls === 1
          ? json(503, {
              success: false,
              code: 'SERVICE_UNAVAILABLE',
              message: 'The store is temporarily unavailable. Please try again shortly.',
            })
          : json(201, { success: true, message: 'Order placed successfully!', data: {} });
      },
    });

    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'Bank Transfer' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findAllByText('The store is temporarily unavailable. Please try again shortly.'),
    ).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findAllByText('Order placed successfully!');

    const keys = requests.filter(isOrder).map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the delivery service chosen on the product page', async () => {
    const user = userEvent.setup();
    setCheckoutItems([{ ...earbuds, quantity: 1, logistics_service_name: 'CAINIAO_STANDARD' }]);
    const { requests } = await openCheckout({
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
    });

    expect(screen.getByText('Delivery service: CAINIAO_STANDARD')).toBeInTheDocument();
    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'Bank Transfer' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await screen.findAllByText('Order placed successfully!');
    const sent = (await requests.find(isOrder)?.json()) as { shippingAddress: Record<string, string> };
    expect(sent.shippingAddress.logistics_service_name).toBe('CAINIAO_STANDARD');
  });

  it("sends each line's delivery service in the quote and the order, and shows what each is charged", async () => {
    const user = userEvent.setup();
    setCheckoutItems([
      { ...earbuds, quantity: 2, logistics_service_name: 'DHL' },
      { ...lamp, quantity: 1, logistics_service_name: 'China Post' },
    ]);
    const { requests } = await openCheckout({
      'POST /order/quote': () =>
        json(200, {
          success: true,
          data: {
            currency: 'USD',
            items: [
              quotedLine(earbuds, 2, { code: 'DHL', company: 'DHL', fee: 24.6 }),
              quotedLine(lamp, 1, { code: 'POST', company: 'China Post', fee: 0 }),
            ],
            itemsPrice: 144.5,
            shippingPrice: 24.6,
            taxPrice: 28.9,
            totalPrice: 198,
            tax: { rate: 20, inclusive: false, label: 'VAT' },
            deliveryPolicy: 'supplier',
          },
        }),
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
    });

    expect(await screen.findByText('Delivery: DHL, $24.60')).toBeInTheDocument();
    expect(screen.getByText('Delivery: China Post, free')).toBeInTheDocument();
    // The services differ, so the order names none for the whole address.
    expect(screen.getByText('Delivery service: the cheapest option for your address.')).toBeInTheDocument();
    // Tax not in the prices: its own row, as the country names it, and added to the total.
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(summary).toHaveTextContent('Shipping$24.60');
    expect(summary).toHaveTextContent('VAT (20%)$28.90');
    expect(summary).toHaveTextContent('Total$198.00');
    expect(summary).not.toHaveTextContent('incl.');

    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'Bank Transfer' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findAllByText('Order placed successfully!');

    const lines = [
      { product: 'p1', sku_id: 's1', quantity: 2, logistics_service_name: 'DHL' },
      { product: 'p2', sku_id: 's9', quantity: 1, logistics_service_name: 'China Post' },
    ];
    const quoted = (await requests.find((request) => request.url.endsWith('/order/quote'))?.json()) as {
      items: unknown;
    };
    expect(quoted.items).toEqual(lines);
    const sent = (await requests.find(isOrder)?.json()) as {
      items: unknown;
      shippingAddress: Record<string, string>;
    };
    expect(sent.items).toEqual(lines);
    expect(sent.shippingAddress).not.toHaveProperty('logistics_service_name');
  });

  it('says in Spanish that the prices include IVA, and how much of them it is, without adding it', async () => {
    await act(async () => {
      settingsStore.set({ ...DEFAULT_SETTINGS, language: 'es', shipToCountry: 'ES', currency: 'EUR' });
      await languageApplied();
    });
    setCheckoutItems([{ ...lamp, quantity: 1, currency: 'EUR' }]);
    stubApi({
      'POST /order/quote': () =>
        json(200, {
          success: true,
          data: {
            currency: 'EUR',
            items: [{ ...quotedLine(lamp, 1, null), price: 24.2, lineTotal: 24.2 }],
            itemsPrice: 24.2,
            shippingPrice: 5,
            taxPrice: 4.2,
            totalPrice: 29.2,
            tax: { rate: 21, inclusive: true, label: 'IVA' },
          },
        }),
    });
    customerSession.signIn(customerToken());
    renderApp('/checkout');

    const summary = await screen.findByRole('region', { name: 'Resumen del pedido' });
    await waitFor(() => expect(summary).toHaveTextContent('Total29,20 €'));
    expect(summary).toHaveTextContent('Envío5,00 €');
    expect(within(summary).getByText('IVA incluido (21 %)')).toBeInTheDocument();
    expect(within(summary).getByText('Incluye IVA: 4,20 €')).toBeInTheDocument();
    // No tax row: the tax is already in the items' prices.
    expect(summary).not.toHaveTextContent('Impuestos');
  });

  it("prices and asks for the order in the shopper's currency, whatever the items were added in", async () => {
    const user = userEvent.setup();
    settingsStore.set({ ...DEFAULT_SETTINGS, currency: 'BDT' });
    prepareCheckout();
    const { requests } = await openCheckout({
      'POST /order/quote': () =>
        quoteAnswer('BDT', { unit: 7290, items: 14580, shipping: 0, tax: 1458, total: 16038 }),
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
    });

    // The earbuds were added while prices showed in USD; the server prices them in BDT.
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(summary).toHaveTextContent('TotalBDT 16,038.00'));
    expect(screen.getByText('2 × BDT 7,290.00')).toBeInTheDocument();
    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await screen.findAllByText('Order placed successfully!');
    const sent = (await requests.find(isOrder)?.json()) as { currency: string };
    expect(sent.currency).toBe('BDT');
    const quoted = (await requests.find((request) => request.url.endsWith('/order/quote'))?.json()) as {
      currency: string;
    };
    expect(quoted.currency).toBe('BDT');
  });

  it('ships to India in rupees when the shopper chose them', async () => {
    const user = userEvent.setup();
    settingsStore.set({ ...DEFAULT_SETTINGS, shipToCountry: 'IN', currency: 'INR' });
    prepareCheckout();
    const { requests } = await openCheckout({
      'POST /order/quote': () =>
        quoteAnswer('INR', { unit: 5316, items: 10632, shipping: 0, tax: 1063.2, total: 11695.2 }),
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
    });

    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('India');
    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await screen.findAllByText('Order placed successfully!');
    const sent = (await requests.find(isOrder)?.json()) as {
      currency: string;
      shippingAddress: { country: string };
    };
    expect(sent.currency).toBe('INR');
    expect(sent.shippingAddress.country).toBe('IN');
  });

  it("asks an order to Brazil for the receiver's CPF and sends it, and asks no one else", async () => {
    const user = userEvent.setup();
    settingsStore.set({ ...DEFAULT_SETTINGS, shipToCountry: 'BR', currency: 'USD' });
    prepareCheckout();
    const { requests } = await openCheckout({
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
    });

    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Brazil');
    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findByText('Orders to Brazil need the receiver’s CPF: 11 digits.'),
    ).toBeInTheDocument();
    expect(requests.filter(isOrder)).toHaveLength(0);

    await user.click(screen.getByRole('textbox', { name: 'CPF (Brazilian taxpayer number)' }));
    await user.paste('123.456.789-09');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findAllByText('Order placed successfully!');
    expect(await requests.find(isOrder)?.json()).toMatchObject({
      shippingAddress: { country: 'BR', tax_number: '123.456.789-09' },
    });
  });

  it('asks no tax number for a country whose customs need none', async () => {
    prepareCheckout();
    await openCheckout({});
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Bangladesh');
    expect(
      screen.queryByRole('textbox', { name: 'CPF (Brazilian taxpayer number)' }),
    ).not.toBeInTheDocument();
  });

  it('asks for the card only with Credit Card, checks it, and sends it with the order', async () => {
    const user = userEvent.setup();
    prepareCheckout();
    const { requests } = await openCheckout({
      'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
    });

    expect(screen.queryByRole('textbox', { name: 'Card Number' })).not.toBeInTheDocument();
    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'Credit Card' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    for (const message of [
      'Enter a valid card number.',
      'Enter the expiry month (1 to 12).',
      'Enter the expiry year.',
      'Enter the 3 or 4 digit security code.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(requests.filter(isOrder)).toHaveLength(0);

    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await screen.findAllByText('Order placed successfully!');
    expect(await requests.find(isOrder)?.json()).toMatchObject({
      paymentMethod: 'Credit Card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it("shows a declined card with the server's reason and keeps the cart", async () => {
    const user = userEvent.setup();
    prepareCheckout();
    const { router } = await openCheckout({
      'POST /order': () => apiError(402, 'PAYMENT_DECLINED', 'Your card was declined.'),
    });

    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'Credit Card' }));
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Failed to place order.')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(cartStore.get().items).toHaveLength(2);
    expect(cartStore.get().checkoutItems).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  describe('coupon code', () => {
    /** The quote answers by the code it is asked with: WINTER10 takes 10% off, SMALL needs a bigger order. */
    async function quoteWithCoupons(request: Request) {
      const body = (await request.json()) as { couponCode?: string; currency: string };
      const base = { currency: body.currency, itemsPrice: 120, shippingPrice: 0 };
      const lines = [
        { product: 'p1', sku_id: 's1', name: 'Earbuds', quantity: 2, price: 60, lineTotal: 120, image: null },
      ];
      if (body.couponCode === 'WINTER10') {
        return json(200, {
          success: true,
          data: {
            ...base,
            items: lines,
            taxPrice: 10.8,
            discountPrice: 12,
            totalPrice: 118.8,
            coupon: {
              code: 'WINTER10',
              applied: true,
              type: 'percentage',
              message: 'Code WINTER10 applied.',
            },
          },
        });
      }
      const refusal = body.couponCode
        ? {
            discountPrice: 0,
            coupon: {
              code: body.couponCode,
              applied: false,
              reason: 'below_minimum',
              minimumOrder: 200,
              message: 'This code needs an order of at least USD 200.00 in items.',
            },
          }
        : {};
      return json(200, {
        success: true,
        data: { ...base, items: lines, taxPrice: 12, totalPrice: 132, ...refusal },
      });
    }

    const quotes = async (requests: Request[]) =>
      Promise.all(
        requests
          .filter((request) => request.url.endsWith('/order/quote'))
          .map((request) => request.clone().json() as Promise<{ couponCode?: string }>),
      );

    it('applies a code: the server’s discount and total show, and the order carries the code', async () => {
      const user = userEvent.setup();
      prepareCheckout();
      const { requests } = await openCheckout({
        'POST /order/quote': quoteWithCoupons,
        'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
      });
      const coupon = within(screen.getByRole('region', { name: 'Coupon Code' }));
      await user.click(coupon.getByRole('button', { name: 'Apply' }));
      expect(coupon.getByText('Enter a coupon code.')).toBeInTheDocument();

      await user.type(coupon.getByRole('textbox', { name: 'Coupon code' }), ' winter10 ');
      await user.click(coupon.getByRole('button', { name: 'Apply' }));
      expect(await coupon.findByText('Code WINTER10 applied.')).toBeInTheDocument();
      const summary = screen.getByRole('region', { name: 'Order Summary' });
      expect(summary).toHaveTextContent('Discount (WINTER10)-$12.00');
      expect(summary).toHaveTextContent('Tax$10.80');
      expect(summary).toHaveTextContent('Total$118.80');
      expect((await quotes(requests)).at(-1)?.couponCode).toBe('WINTER10');

      await fillAddress(user);
      await user.click(screen.getByRole('radio', { name: 'PayPal' }));
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await screen.findAllByText('Order placed successfully!');
      expect(await requests.find(isOrder)?.json()).toMatchObject({ couponCode: 'WINTER10', currency: 'USD' });
    });

    it('says why a code is refused, in the shopper’s currency, and never sends it with the order', async () => {
      const user = userEvent.setup();
      prepareCheckout();
      const { requests } = await openCheckout({
        'POST /order/quote': quoteWithCoupons,
        'POST /order': () => json(201, { success: true, message: 'Order placed successfully!', data: {} }),
      });
      const coupon = within(screen.getByRole('region', { name: 'Coupon Code' }));
      await user.type(coupon.getByRole('textbox', { name: 'Coupon code' }), 'small');
      // Enter applies the code; it does not place the order.
      await user.keyboard('{Enter}');
      expect(
        await coupon.findByText('This code needs an order of at least $200.00 in items.'),
      ).toBeInTheDocument();
      expect(requests.filter(isOrder)).toHaveLength(0);
      const summary = screen.getByRole('region', { name: 'Order Summary' });
      expect(summary).toHaveTextContent('Total$132.00');
      expect(summary).not.toHaveTextContent('Discount');

      await fillAddress(user);
      await user.click(screen.getByRole('radio', { name: 'PayPal' }));
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await screen.findAllByText('Order placed successfully!');
      expect(await requests.find(isOrder)?.json()).not.toHaveProperty('couponCode');
    });

    it('removes an applied code', async () => {
      const user = userEvent.setup();
      prepareCheckout();
      await openCheckout({ 'POST /order/quote': quoteWithCoupons });
      const coupon = within(screen.getByRole('region', { name: 'Coupon Code' }));
      await user.type(coupon.getByRole('textbox', { name: 'Coupon code' }), 'WINTER10');
      await user.click(coupon.getByRole('button', { name: 'Apply' }));
      await user.click(await coupon.findByRole('button', { name: 'Remove' }));
      const summary = screen.getByRole('region', { name: 'Order Summary' });
      await waitFor(() => expect(summary).toHaveTextContent('Total$132.00'));
      expect(summary).not.toHaveTextContent('Discount');
      expect(coupon.getByRole('textbox', { name: 'Coupon code' })).toHaveValue('');
    });
  });
});
