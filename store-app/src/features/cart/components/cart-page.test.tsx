import type { RequestBody, Schemas } from '@shop/sdk/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, cartStore } from '../../../lib/cart-store';
import { json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { DEFAULT_SETTINGS, settingsStore } from '../../settings/settings-store';

const earbuds = { id: 'p1', name: 'Earbuds', price: 19.99, image: 'earbuds.jpg', sku_id: 's1' };
const lamp = { id: 'p2', name: 'Desk Lamp', price: 24.5, image: 'lamp.jpg', sku_id: 's9' };

/**
 * POST /order/quote as the server answers it, with unit prices per product in the asked currency; shipping and
 * tax free unless `extra` says otherwise.
 */
function stubQuote(
  prices: Record<string, Record<string, number>>,
  extra: (quote: Schemas['OrderQuote']) => Partial<Schemas['OrderQuote']> = () => ({}),
) {
  return stubApi({
    'POST /order/quote': async (request) => {
      const body = (await request.json()) as RequestBody<'quoteOrder'>;
      const currency = body.currency ?? 'USD';
      const items = body.items.map((item) => {
        const price = prices[currency]?.[item.product] ?? 0;
        return { ...item, name: item.product, price, lineTotal: price * item.quantity, image: null };
      });
      const cents = items.reduce((sum, item) => sum + Math.round(item.lineTotal * 100), 0);
      const itemsPrice = cents / 100;
      const quote = { currency, items, itemsPrice, shippingPrice: 0, taxPrice: 0, totalPrice: itemsPrice };
      return json(200, { success: true, data: { ...quote, ...extra(quote) } });
    },
  });
}

const PRICES = { USD: { p1: 19.99, p2: 24.5 }, BDT: { p1: 2428.79, p2: 2976.75 } };

beforeEach(() => {
  stubQuote(PRICES);
});

async function openCart() {
  renderApp('/cart');
  await screen.findByRole('heading', { name: 'Shopping Cart' });
}

function summary() {
  return within(screen.getByRole('region', { name: 'Summary' }));
}

describe('cart page', () => {
  it('says the cart is empty when it holds nothing', async () => {
    await openCart();

    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });

  it('shows one line per product, an existing product raising its quantity', async () => {
    addToCart(earbuds);
    addToCart(lamp);
    addToCart(earbuds);
    await openCart();

    const lines = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Quantity of Earbuds' })).toHaveTextContent('2');
    expect(summary().getByText('$64.48')).toBeInTheDocument();
  });

  it('changes quantities with minus and plus, never below 1 nor above 12', async () => {
    const user = userEvent.setup();
    addToCart(earbuds);
    await openCart();

    const minus = screen.getByRole('button', { name: 'Decrease quantity of Earbuds' });
    const plus = screen.getByRole('button', { name: 'Increase quantity of Earbuds' });
    expect(minus).toBeDisabled();

    await user.click(plus);
    await user.click(plus);
    expect(screen.getByRole('status', { name: 'Quantity of Earbuds' })).toHaveTextContent('3');
    await user.click(minus);
    expect(screen.getByRole('status', { name: 'Quantity of Earbuds' })).toHaveTextContent('2');

    act(() => addToCart({ ...earbuds, quantity: 10 }));
    expect(screen.getByRole('status', { name: 'Quantity of Earbuds' })).toHaveTextContent('12');
    expect(plus).toBeDisabled();
  });

  it('removes a line and clears the cart', async () => {
    const user = userEvent.setup();
    addToCart(earbuds);
    addToCart(lamp);
    await openCart();

    await user.click(screen.getByRole('button', { name: 'Remove Earbuds' }));
    expect(screen.queryByText('Earbuds')).not.toBeInTheDocument();
    expect(screen.getByText('Desk Lamp')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(cartStore.get().items).toEqual([]);
  });

  it('sums only the selected lines', async () => {
    const user = userEvent.setup();
    addToCart({ ...earbuds, quantity: 2 });
    addToCart(lamp);
    await openCart();

    expect(summary().getByText('3')).toBeInTheDocument();
    expect(summary().getByText('$64.48')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Earbuds' }));

    expect(summary().getByText('1')).toBeInTheDocument();
    expect(summary().getByText('$24.50')).toBeInTheDocument();
  });

  it('asks for a selection before checkout, then hands the selected lines to the checkout', async () => {
    const user = userEvent.setup();
    addToCart(earbuds);
    addToCart(lamp);
    const { router } = renderApp('/cart');
    await screen.findByRole('heading', { name: 'Shopping Cart' });

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select products to checkout.');
    expect(router.state.location.pathname).toBe('/cart');

    await user.click(screen.getByRole('checkbox', { name: 'Select Desk Lamp' }));
    expect(screen.queryByText('Select products to checkout.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));

    await waitFor(() => expect(router.state.location.pathname).not.toBe('/cart'));
    expect(cartStore.get().checkoutItems).toEqual([{ ...lamp, quantity: 1 }]);
  });

  it('shows every price in the chosen currency as the server quotes it, whatever it was added in', async () => {
    settingsStore.set({ ...DEFAULT_SETTINGS, currency: 'BDT' });
    const { requests } = stubQuote(PRICES);
    addToCart({ ...earbuds, currency: 'USD', quantity: 2 });
    addToCart({ ...lamp, currency: 'USD' });
    await openCart();

    const earbudsLine = within(await screen.findByRole('listitem', { name: 'Earbuds' }));
    expect(await earbudsLine.findByText('BDT 2,428.79 each')).toBeInTheDocument();
    expect(earbudsLine.getByText('BDT 4,857.58')).toBeInTheDocument();
    expect(summary().getByText('BDT 7,834.33')).toBeInTheDocument();
    const quoted = requests.find((request) => request.url.endsWith('/order/quote'));
    expect(await quoted?.json()).toEqual({
      items: [
        { product: 'p1', sku_id: 's1', quantity: 2 },
        { product: 'p2', sku_id: 's9', quantity: 1 },
      ],
      currency: 'BDT',
      // Prices follow the ship-to country's rule, as on the product pages.
      country: 'BD',
    });
  });

  it("quotes each line with its delivery service, and shows the quote's delivery, shipping and included tax", async () => {
    const user = userEvent.setup();
    // The earbuds ship by DHL at $4.50; the lamp is the store's own (no service); the prices hold 21% IVA.
    const { requests } = stubQuote(PRICES, (quote) => {
      const earbudsQuoted = quote.items.some((item) => item.product === 'p1');
      const shipping = earbudsQuoted ? 4.5 : 0;
      return {
        items: quote.items.map((item) =>
          item.product === 'p1' ? { ...item, delivery: { code: 'DHL', company: 'DHL', fee: 4.5 } } : item,
        ),
        shippingPrice: shipping,
        tax: { rate: 21, inclusive: true, label: 'IVA' },
        taxPrice: Math.round((quote.itemsPrice - quote.itemsPrice / 1.21) * 100) / 100,
        totalPrice: quote.itemsPrice + shipping,
      };
    });
    addToCart({ ...earbuds, logistics_service_name: 'DHL' });
    addToCart(lamp);
    await openCart();

    const earbudsLine = within(await screen.findByRole('listitem', { name: 'Earbuds' }));
    expect(await earbudsLine.findByText('Delivery: DHL, $4.50')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Desk Lamp' })).queryByText(/^Delivery:/)).toBeNull();
    const quoted = await (requests.find((request) => request.url.endsWith('/order/quote')) as Request).json();
    expect(quoted.items).toEqual([
      { product: 'p1', sku_id: 's1', quantity: 1, logistics_service_name: 'DHL' },
      { product: 'p2', sku_id: 's9', quantity: 1 },
    ]);

    // Shipping is added; the included tax is not (the total is items + shipping).
    const region = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() => expect(region).toHaveTextContent('Shipping$4.50'));
    expect(region).toHaveTextContent('Total$48.99');
    expect(region).not.toHaveTextContent('Tax');
    expect(summary().getByText('incl. 21% IVA')).toBeInTheDocument();
    expect(summary().getByText('Includes IVA $7.72')).toBeInTheDocument();

    // The summary follows the selection: without the earbuds, no DHL fee.
    await user.click(screen.getByRole('checkbox', { name: 'Select Earbuds' }));
    await waitFor(() => expect(region).toHaveTextContent('Shipping$0.00'));
    expect(region).toHaveTextContent('Total$24.50');
    expect(summary().getByText('Includes IVA $4.25')).toBeInTheDocument();
  });

  it('adds tax that is not in the prices as its own row, named as the country names it', async () => {
    stubQuote(PRICES, (quote) => ({
      shippingPrice: 10,
      tax: { rate: 20, inclusive: false, label: 'VAT' },
      taxPrice: 4.9,
      totalPrice: quote.itemsPrice + 10 + 4.9,
    }));
    addToCart(lamp);
    await openCart();

    const region = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() => expect(region).toHaveTextContent('VAT (20%)$4.90'));
    expect(region).toHaveTextContent('Shipping$10.00');
    expect(region).toHaveTextContent('Total$39.40');
    expect(region).not.toHaveTextContent('incl.');
  });
});
