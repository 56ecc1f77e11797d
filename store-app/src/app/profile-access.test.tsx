import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../lib/session';
import { demoProfile, json, stubApi } from '../test/network';
import { renderApp } from '../test/render-app';
import { customerToken } from '../test/tokens';

function stubProfile() {
  return stubApi({
    'GET /user/profile': () => json(200, { success: true, data: demoProfile }),
    'GET /user/overview': () =>
      json(200, { success: true, data: { totalOrders: 6, pendingDelivery: 2, wishlistItems: 3 } }),
  });
}

describe('profile access', () => {
  it('sends a signed-out visitor to the login screen', async () => {
    const { fetchStub } = stubProfile();
    const { router } = renderApp('/profile');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('guards every page of the profile area', async () => {
    stubProfile();
    const { router } = renderApp('/profile/manage-account');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('drops an expired token and sends the shopper to log in', async () => {
    stubProfile();
    localStorage.setItem('shop.userToken', customerToken({ expiresInSeconds: -60 }));
    const { router } = renderApp('/profile');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });

  it('drops a malformed token', async () => {
    stubProfile();
    localStorage.setItem('shop.userToken', 'not-a-jwt');
    const { router } = renderApp('/profile');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });

  it('needs the token in storage as well as the user in state', async () => {
    stubProfile();
    customerSession.signIn(customerToken());
    const { router } = renderApp('/about');
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();

    // Storage emptied behind the app's back (another tool, a privacy cleaner), with no storage event.
    localStorage.removeItem('shop.userToken');
    await act(() => router.navigate({ to: '/profile' }));

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows the login form again once the token is gone from storage', async () => {
    customerSession.signIn(customerToken());
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();

    localStorage.removeItem('shop.userToken');
    await act(() => router.navigate({ to: '/login' }));

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(screen.queryByText('You are signed in')).not.toBeInTheDocument();
  });

  it('shows the overview to a signed-in shopper', async () => {
    const token = customerToken();
    const { requests } = stubProfile();
    customerSession.signIn(token);
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('Demo Shopper')).toBeInTheDocument();
    expect(screen.getByText('DS')).toBeInTheDocument();
    expect(screen.getByText('shopper@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/profile/manage-account',
    );
    // The figures are the server's: orders placed, those not yet delivered, and wishlist items.
    await waitFor(() => expect(screen.getByText('Total Orders').nextElementSibling).toHaveTextContent('6'));
    expect(screen.getByText('Pending Delivery').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Wishlist Items').nextElementSibling).toHaveTextContent('3');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);

    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Manage Account',
      'My Orders',
      'Return & Refund',
      'My Reviews',
      'Wishlist / Followed Stores',
      'Appeal / Dispute Center',
      'Messages',
      'Settings',
    ]);
  });

  it('shows Guest when the profile has no name', async () => {
    stubApi({ 'GET /user/profile': () => json(200, { success: true, data: { ...demoProfile, name: '' } }) });
    customerSession.signIn(customerToken());
    renderApp('/profile');

    expect(await screen.findByText('Guest')).toBeInTheDocument();
    expect(screen.getByText('G')).toBeInTheDocument();
  });

  it('ends the session when the API refuses the token', async () => {
    stubApi({
      'GET /user/profile': () =>
        json(401, { success: false, code: 'UNAUTHORIZED', message: 'Session expired.' }),
    });
    customerSession.signIn(customerToken());
    const { router } = renderApp('/profile');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });
});
