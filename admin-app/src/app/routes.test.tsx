import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { makeAdminToken } from '../test/tokens';
import { adminSession } from './session';

describe('routes', () => {
  it("shows '404 Page not found' on an unknown path", async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('404 Page not found')).toBeInTheDocument();
  });

  it("shows '404 Page not found' inside the shell for an unknown back-office path", async () => {
    adminSession.login(makeAdminToken());
    renderApp('/manage-admin/no-such-screen');
    expect(await screen.findByText('404 Page not found')).toBeInTheDocument();
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
  });

  it('sends any other /admin/auth path to login', async () => {
    const { router } = renderApp('/admin/auth/forgot-password');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/auth/login');
  });

  it('shows the register placeholder', async () => {
    renderApp('/admin/auth/register');
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/admin/auth/login');
  });

  it('opens the dashboard from / for a signed-in admin', async () => {
    adminSession.login(makeAdminToken());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage-admin/dashboard');
  });

  it('shows the order section header and an order screen title', async () => {
    adminSession.login(makeAdminToken());
    renderApp('/manage-admin/orders/refunds');
    expect(await screen.findByRole('heading', { name: 'Order Management' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Refund Handling' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refunds' })).toHaveAttribute('aria-current', 'page');
  });
});
