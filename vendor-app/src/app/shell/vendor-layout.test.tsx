import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { vendorSession } from '../../lib/session';
import { makeVendorProfile } from '../../test/fixtures';
import { jsonResponse, routeStub, sentRoutes } from '../../test/network';
import { renderApp } from '../../test/render-app';

const profile = () => jsonResponse(200, { success: true, data: makeVendorProfile() });

describe('vendor layout', () => {
  it('lists the spec’s six sidebar entries in its order, with Earnings after Orders, each a link', async () => {
    routeStub({ 'GET /vendor/me': profile });
    renderApp('/manage-vandor/settings', { signedIn: true });

    const sidebar = await screen.findByRole('navigation', { name: 'Vendor panel' });
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/manage-vandor/dashboard'],
      ['Message Center', '/manage-vandor/messages'],
      ['Products', '/manage-vandor/products'],
      ['Orders', '/manage-vandor/orders'],
      ['Earnings', '/manage-vandor/earnings'],
      ['Promotion & Coupons', '/manage-vandor/promotions'],
      ['Settings', '/manage-vandor/settings'],
    ]);
  });

  it('shows the title, the store name, the Logout button and the footer with the year', async () => {
    routeStub({ 'GET /vendor/me': profile });
    renderApp('/manage-vandor/settings', { signedIn: true });

    expect(await screen.findByTestId('store-name')).toHaveTextContent('Dhaka Crafts');
    expect(screen.getByText('Shop Vandor Dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Vandor Panel`)).toBeInTheDocument();
  });

  it('asks before logging out, and Cancel keeps the vendor signed in', async () => {
    const user = userEvent.setup();
    routeStub({ 'GET /vendor/me': profile });
    renderApp('/manage-vandor/settings', { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByText('Are you sure you want to logout?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(vendorSession.isSignedIn()).toBe(true);
    expect(sentRoutes()).not.toContain('POST /vendor/logout');
  });

  it('logs out through the server, forgets the token and goes to the sign-in page', async () => {
    const user = userEvent.setup();
    routeStub({
      'GET /vendor/me': profile,
      'POST /vendor/logout': () => jsonResponse(200, { success: true, message: 'Logout successful.' }),
    });
    const { router } = renderApp('/manage-vandor/settings', { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout successful.')).toBeInTheDocument();
    expect(sentRoutes()).toContain('POST /vendor/logout');
    expect(vendorSession.isSignedIn()).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/', '/manage-vandor', '/manage-vandor/orders'])(
    'sends a signed-out visit to %s to the sign-in page',
    async (path) => {
      const { router } = renderApp(path);

      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(sentRoutes()).toEqual([]);
    },
  );
});
