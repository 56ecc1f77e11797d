import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('vendor layout', () => {
  it('lists the six sidebar entries in the spec order, with the two unbuilt ones disabled', async () => {
    renderApp('/manage-vandor/dashboard');

    const sidebar = await screen.findByRole('navigation', { name: 'Vendor panel' });
    const entries = [...sidebar.querySelectorAll('a, button')].map((entry) => entry.textContent);
    expect(entries).toEqual([
      'Dashboard',
      'Message CenterComing soon',
      'Products',
      'Orders',
      'Promotion & CouponsComing soon',
      'Settings',
    ]);
    for (const name of [/Message Center/, /Promotion & Coupons/]) {
      expect(within(sidebar).getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('shows the title, the Logout button and the footer with the year', async () => {
    renderApp('/manage-vandor/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome, Vendor!' })).toBeInTheDocument();
    expect(screen.getByText('Shop Vandor Dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Vandor Panel`)).toBeInTheDocument();
  });

  it('opens a section from the sidebar', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/manage-vandor/dashboard');

    const sidebar = await screen.findByRole('navigation', { name: 'Vendor panel' });
    await user.click(within(sidebar).getByRole('link', { name: 'Orders' }));

    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('No orders found.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage-vandor/orders');
  });

  it('drops the vendor token on Logout and confirms it', async () => {
    const user = userEvent.setup();
    localStorage.setItem('shop.vendorToken', 'vendor-token');
    renderApp('/manage-vandor/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout successful.')).toBeInTheDocument();
    expect(localStorage.getItem('shop.vendorToken')).toBeNull();
  });

  it.each(['/', '/manage-vandor'])('sends %s to the dashboard', async (path) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Welcome, Vendor!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage-vandor/dashboard');
  });
});
