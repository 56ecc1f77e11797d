import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

async function fillAndSubmit(identifier: string, password: string) {
  const user = userEvent.setup();
  await screen.findByText('Welcome Back');
  if (identifier) await user.type(screen.getByLabelText(/email/i), identifier);
  if (password) await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('customer login', () => {
  it('asks for both fields and sends nothing while one is blank', async () => {
    const { fetchStub } = stubApi({});
    renderApp('/login');

    await fillAndSubmit('shopper@example.com', '');

    expect(
      await screen.findByText('Email/Username/Phone Number and Password are required.'),
    ).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("shows the server's message when the credentials are refused", async () => {
    stubApi({ 'POST /user/login': () => apiError(401, 'UNAUTHORIZED', 'Invalid credentials.') });
    renderApp('/login');

    await fillAndSubmit('shopper@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials.');
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });

  it('falls back to its own message when the server gives none', async () => {
    stubApi({ 'POST /user/login': () => new Response('', { status: 502 }) });
    renderApp('/login');

    await fillAndSubmit('shopper', 'shopper123');

    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeInTheDocument();
  });

  it('reports an unexpected failure when the API cannot be reached', async () => {
    stubApi({ 'POST /user/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/login');

    await fillAndSubmit('shopper', 'shopper123');

    expect(await screen.findByText('An unexpected error occurred during login.')).toBeInTheDocument();
  });

  it('stores the token, shows the account menu and goes home after a second', async () => {
    const token = customerToken();
    const { requests } = stubApi({
      'POST /user/login': () =>
        json(200, { success: true, message: 'Login successful.', token, data: { token } }),
    });
    const { router } = renderApp('/login');

    await fillAndSubmit('shopper@example.com', 'shopper123');

    expect(await screen.findByText('You are signed in')).toBeInTheDocument();
    expect(localStorage.getItem('shop.userToken')).toBe(token);
    expect(await requests[0]?.json()).toEqual({ email: 'shopper@example.com', password: 'shopper123' });
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
  });

  it('says social sign-in is not available yet', async () => {
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    const toast = await screen.findByText('Google sign-in is not available yet.');
    expect(toast).toBeInTheDocument();
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });

  it('links to the register screen', async () => {
    renderApp('/login');

    await screen.findByText('Welcome Back');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
