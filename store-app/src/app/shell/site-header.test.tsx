import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addToCart } from '../../lib/cart-store';
import { customerSession } from '../../lib/session';
import { demoProfile, json, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { customerToken } from '../../test/tokens';

/** happy-dom applies Mantine's media queries, so a phone-sized window shows the burger instead of the links. */
function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 768 });
}

afterEach(() => setViewportWidth(1024));

describe('store header', () => {
  it('offers Login and Register, and no account menu, when signed out', async () => {
    renderApp('/');

    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(header).queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('lists the five categories, each opening its search', async () => {
    renderApp('/');

    const categories = await screen.findByRole('navigation', { name: 'Categories' });
    const links = within(categories).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Electronics',
      'Fashion',
      'Home & Kitchen',
      'Beauty',
      'Books',
    ]);
    expect(links[2]).toHaveAttribute('href', '/search/Home%20%26%20Kitchen');
  });

  it('searches for the typed term', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');

    await user.type(
      await screen.findByRole('combobox', { name: 'Search products' }),
      'wireless earbuds{Enter}',
    );

    expect(
      await screen.findByRole('heading', { name: 'Search results for “wireless earbuds”' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search/wireless earbuds');
  });

  it('opens the mobile menu with the categories and the sign-in links', async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    const { router } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/search/Books');
    await user.click(within(drawer).getByRole('link', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('counts the items in the cart, every line by its quantity, on the cart badge', async () => {
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    act(() => addToCart({ id: 'p1', name: 'Earbuds', price: 19.99, image: 'earbuds.jpg', sku_id: 's1' }));
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    act(() => addToCart({ id: 'p2', name: 'Case', price: 5, image: 'case.jpg', sku_id: 's2', quantity: 3 }));
    const badge = await screen.findByRole('link', { name: 'Cart, 4 items' });
    expect(badge.closest('.mantine-Indicator-root')).toHaveTextContent('4');
  });

  it('logs out after confirmation', async () => {
    const user = userEvent.setup();
    customerSession.signIn(customerToken());
    const { router } = renderApp('/about');

    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/profile/order');
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByText('Are you sure you want to logout?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout successful.')).toBeInTheDocument();
    expect(localStorage.getItem('shop.userToken')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('leaves the profile area for the home page on logout', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /user/profile': () => json(200, { success: true, data: demoProfile }) });
    customerSession.signIn(customerToken());
    const { router } = renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', {
        name: 'Logout',
      }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
  });

  it('stays signed in when the logout is cancelled', async () => {
    const user = userEvent.setup();
    const token = customerToken();
    customerSession.signIn(token);
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm Logout' })).not.toBeInTheDocument(),
    );
    expect(localStorage.getItem('shop.userToken')).toBe(token);
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });
});
