import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, respondWith, sentRequest } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const fillIn = async (user: ReturnType<typeof renderApp>['user'], email: string, password: string) => {
  if (email) await user.type(screen.getByLabelText(/email/i), email);
  if (password) await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
};

describe('admin login', () => {
  it('shows the email and password fields, the Log In button and the side image', async () => {
    renderApp('/admin/auth/login');
    const email = await screen.findByLabelText(/email/i);
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Store dashboard illustration' })).toBeInTheDocument();
  });

  it('asks for the email and password when they are empty and sends nothing', async () => {
    const { user } = renderApp('/admin/auth/login');
    await screen.findByRole('button', { name: 'Log In' });

    await fillIn(user, '', '');

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('signs in, says so and opens the dashboard after one second', async () => {
    const token = makeAdminToken({ name: 'Store Admin' });
    respondWith(200, {
      success: true,
      message: 'Login successful',
      data: { token, admin: { _id: 'admin-1', name: 'Store Admin', email: 'admin@example.com' } },
    });
    const { user, router } = renderApp('/admin/auth/login');
    await screen.findByRole('button', { name: 'Log In' });

    await fillIn(user, 'admin@example.com', 'admin12345');

    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    const shownAt = Date.now();
    const request = await sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toMatch(/\/admin\/login$/);
    expect(request.body).toEqual({ email: 'admin@example.com', password: 'admin12345' });
    expect(adminSession.getUser()?.name).toBe('Store Admin');
    expect(router.state.location.pathname).toBe('/admin/auth/login');

    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    expect(router.state.location.pathname).toBe('/manage-admin/dashboard');
  });

  it("shows the server's message when the login is refused", async () => {
    respondWith(401, { success: false, message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    const { user, router } = renderApp('/admin/auth/login');
    await screen.findByRole('button', { name: 'Log In' });

    await fillIn(user, 'admin@example.com', 'wrong-password');

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(adminSession.getUser()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(router.state.location.pathname).toBe('/admin/auth/login');
    expect(screen.queryByText('Login successful.')).not.toBeInTheDocument();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    fetchStub.mockImplementation(async () => new Response('Bad gateway', { status: 502 }));
    const { user } = renderApp('/admin/auth/login');
    await screen.findByRole('button', { name: 'Log In' });

    await fillIn(user, 'admin@example.com', 'admin12345');

    await waitFor(() => expect(screen.getByText('Login failed')).toBeInTheDocument());
  });
});
