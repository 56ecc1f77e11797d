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

  it('shows no outside sign-in when the store has configured none', async () => {
    stubApi({ 'GET /user/oauth/providers': () => json(200, { success: true, data: [] }) });
    renderApp('/login');

    await screen.findByText('Welcome Back');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /^Continue with/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('offers the configured providers, each leaving for the API and coming back to the page asked for', async () => {
    stubApi({
      'GET /user/oauth/providers': () =>
        json(200, {
          success: true,
          data: [
            { id: 'google', name: 'Google' },
            { id: 'apple', name: 'Apple' },
          ],
        }),
    });
    renderApp('/login?redirect=%2Fcheckout');

    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute(
      'href',
      'http://localhost:3000/api/user/oauth/google/start?redirect=%2Fcheckout',
    );
    expect(screen.getByRole('link', { name: 'Continue with Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
  });

  it('exchanges the one-time code a provider sign-in brings back for the token, and takes it out of the address', async () => {
    const token = customerToken();
    const { requests } = stubApi({
      'GET /user/oauth/providers': () => json(200, { success: true, data: [] }),
      'POST /user/oauth/exchange': () =>
        json(200, { success: true, message: 'Login successful.', token, data: { token } }),
    });
    const code = 'q3Zx8v0B1yTn5m2KcW7pLr4HsD9gAe6JfUoQiN1bXk0';
    const { router } = renderApp(`/login?oauth_code=${code}&redirect=%2Fcart`);

    await waitFor(() => expect(router.state.location.search).toEqual({ redirect: '/cart' }));
    expect(await screen.findByText('You are signed in')).toBeInTheDocument();
    expect(localStorage.getItem('shop.userToken')).toBe(token);
    const exchanges = requests.filter((request) => request.url.endsWith('/user/oauth/exchange'));
    expect(exchanges).toHaveLength(1);
    expect(await exchanges[0]?.json()).toEqual({ code });
  });

  it("shows the server's message when the code is refused", async () => {
    stubApi({
      'GET /user/oauth/providers': () => json(200, { success: true, data: [] }),
      'POST /user/oauth/exchange': () =>
        apiError(400, 'BAD_REQUEST', 'The sign-in took too long. Please try again.'),
    });
    const { router } = renderApp('/login?oauth_code=q3Zx8v0B1yTn5m2KcW7pLr4HsD9gAe6JfUoQiN1bXk0');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in took too long. Please try again.',
    );
    expect(router.state.location.search).toEqual({});
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });

  it('says why a provider sign-in failed', async () => {
    stubApi({ 'GET /user/oauth/providers': () => json(200, { success: true, data: [] }) });
    renderApp(`/login?oauth_error=${encodeURIComponent('Signing in with Google was cancelled.')}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Signing in with Google was cancelled.');
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
