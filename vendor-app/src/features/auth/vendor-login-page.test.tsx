import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { vendorSession } from '../../lib/session';
import { makeVendorProfile } from '../../test/fixtures';
import { jsonResponse, routeStub, sentRequest } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { vendorToken } from '../../test/tokens';

describe('vendor sign-in', () => {
  it('signs in and returns to the screen the vendor was going to', async () => {
    const user = userEvent.setup();
    const token = vendorToken();
    routeStub({
      'POST /vendor/login': () =>
        jsonResponse(200, { success: true, data: { token, store: makeVendorProfile() } }),
      'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    });
    const { router } = renderApp('/manage-vandor/settings');

    await user.type(await screen.findByLabelText(/Email/), 'owner@dhakacrafts.example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByTestId('store-name');
    expect(router.state.location.pathname).toBe('/manage-vandor/settings');
    expect(vendorSession.getToken()).toBe(token);
    expect((await sentRequest(0)).body).toEqual({
      email: 'owner@dhakacrafts.example.com',
      password: 'secret-42',
    });
  });

  it('tells an applicant their application is still under review, and keeps them out', async () => {
    const user = userEvent.setup();
    routeStub({
      'POST /vendor/login': () =>
        jsonResponse(403, {
          success: false,
          code: 'FORBIDDEN',
          message: 'Your application is still under review.',
        }),
    });
    const { router } = renderApp('/login');

    await user.type(await screen.findByLabelText(/Email/), 'new@shop.example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your application is still under review.');
    expect(vendorSession.isSignedIn()).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
  });

  it('links to the application form', async () => {
    renderApp('/login');

    expect(await screen.findByRole('link', { name: 'Apply to sell' })).toHaveAttribute('href', '/apply');
  });

  it('does not follow a redirect outside the panel', async () => {
    const user = userEvent.setup();
    routeStub({
      'POST /vendor/login': () =>
        jsonResponse(200, { success: true, data: { token: vendorToken(), store: makeVendorProfile() } }),
      'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    });
    const { router } = renderApp('/login?redirect=https%3A%2F%2Fevil.example.com');

    await user.type(await screen.findByLabelText(/Email/), 'owner@dhakacrafts.example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByTestId('store-name');
    expect(router.state.location.pathname).toBe('/manage-vandor/dashboard');
  });
});
