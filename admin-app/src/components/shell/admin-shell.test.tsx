import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { setViewportWidth } from '../../test/viewport';

const groupButton = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Admin navigation' })).getByRole('button', { name });

describe('admin shell', () => {
  describe('with a signed-in admin', () => {
    beforeEach(() => {
      adminSession.login(makeAdminToken({ name: 'Store Admin' }));
    });

    it('shows the four sidebar groups with only the first one open', async () => {
      renderApp('/manage-admin/dashboard');
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

      expect(groupButton('Store Management')).toHaveAttribute('aria-expanded', 'true');
      expect(groupButton('Integrations')).toHaveAttribute('aria-expanded', 'false');
      expect(groupButton('Marketing & Content')).toHaveAttribute('aria-expanded', 'false');
      expect(groupButton('Analytics & System')).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('link', { name: 'AliExpress Integration' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Backup & Restore' })).not.toBeInTheDocument();

      const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
      for (const name of [
        'Dashboard',
        'Product Management',
        'Order Management',
        'Dispute Management',
        'Users Management',
        'Admin & Role Management',
      ]) {
        expect(within(nav).getByRole('link', { name })).toBeVisible();
      }
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'Users Management' })).toHaveAttribute(
        'href',
        '/manage-admin/users',
      );
    });

    it('opens a closed group and follows its links', async () => {
      const { user, router } = renderApp('/manage-admin/dashboard');
      await screen.findByRole('heading', { name: 'Dashboard' });

      await user.click(groupButton('Integrations'));
      expect(groupButton('Integrations')).toHaveAttribute('aria-expanded', 'true');
      await user.click(screen.getByRole('link', { name: 'Courier Integration & API Logs' }));

      expect(
        await screen.findByRole('heading', { name: 'Courier Integration & API Logs' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/manage-admin/shipping');
    });

    it("shows the admin's name, the 'Super Admin' label and the Add Product link", async () => {
      renderApp('/manage-admin/dashboard');
      await screen.findByRole('heading', { name: 'Dashboard' });

      const header = screen.getByRole('banner');
      expect(within(header).getByText('Store Admin')).toBeInTheDocument();
      expect(within(header).getByText('Super Admin')).toBeInTheDocument();
      expect(within(header).getByRole('link', { name: 'Add Product' })).toHaveAttribute(
        'href',
        '/manage-admin/products/add-product',
      );
    });

    it('lets the keyboard skip past the header and sidebar to the screen', async () => {
      const { user } = renderApp('/manage-admin/dashboard');
      await screen.findByRole('heading', { name: 'Dashboard' });

      await user.tab();
      const skip = screen.getByRole('link', { name: 'Skip to main content' });
      expect(skip).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('main')).toHaveFocus();
    });

    it('switches to the dark theme and keeps it for the next visit', async () => {
      localStorage.removeItem('shop-admin-color-scheme');
      const { user, unmount } = renderApp('/manage-admin/dashboard');
      await screen.findByRole('heading', { name: 'Dashboard' });
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');

      await user.click(screen.getByRole('button', { name: 'Use dark theme' }));
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
      expect(screen.getByRole('button', { name: 'Use light theme' })).toBeInTheDocument();
      unmount();

      renderApp('/manage-admin/dashboard');
      await screen.findByRole('heading', { name: 'Dashboard' });
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await user.click(screen.getByRole('button', { name: 'Use light theme' }));
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    });

    it('logs out only after the confirmation and goes to login', async () => {
      const { user, router } = renderApp('/manage-admin/dashboard');
      await screen.findByRole('heading', { name: 'Dashboard' });

      await user.click(screen.getByRole('button', { name: 'Logout' }));
      let dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
      expect(within(dialog).getByText('Are you sure you want to logout?')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(adminSession.getUser()).not.toBeNull();
      expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Logout' }));
      dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
      await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

      expect(await screen.findByText('Logout successful.')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/auth/login');
      expect(adminSession.getUser()).toBeNull();
      expect(localStorage.getItem('shop.adminToken')).toBeNull();
    });

    it('hides the panel behind an overlay below the md breakpoint', async () => {
      setViewportWidth(600);
      renderApp('/manage-admin/dashboard');

      expect(
        await screen.findByText('Mobile View Not Available For Admin Panel Right Now'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    });

    it('shows the products header on product screens', async () => {
      renderApp('/manage-admin/products');
      expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
      expect(screen.getByText('Manage your product catalog')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Products List' })).toHaveAttribute(
        'href',
        '/manage-admin/products',
      );
      expect(screen.getByRole('link', { name: '+ Create Product' })).toHaveAttribute(
        'href',
        '/manage-admin/products/source',
      );
    });
  });

  describe('without a signed-in admin', () => {
    it('sends the visitor to login', async () => {
      const { router } = renderApp('/manage-admin/dashboard');
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/auth/login');
      expect(screen.queryByText('Super Admin')).not.toBeInTheDocument();
    });

    it('drops an expired stored token and sends the visitor to login', async () => {
      localStorage.setItem('shop.adminToken', makeAdminToken({ expiresInSeconds: -60 }));
      const { router } = renderApp('/manage-admin/orders');
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/auth/login');
      expect(localStorage.getItem('shop.adminToken')).toBeNull();
    });
  });
});
