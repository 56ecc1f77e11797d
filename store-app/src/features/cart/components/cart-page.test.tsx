import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addToCart, cartStore } from '../../../lib/cart-store';
import { renderApp } from '../../../test/render-app';

const earbuds = { id: 'p1', name: 'Earbuds', price: 19.99, image: 'earbuds.jpg', sku_id: 's1' };
const lamp = { id: 'p2', name: 'Desk Lamp', price: 24.5, image: 'lamp.jpg', sku_id: 's9' };

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
});
