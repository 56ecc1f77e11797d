import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, demoProfile, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

const INVITE = 'q7cKbq0ZyJvY2t3c4dK1m9xWfQe2sTn0aPr8uLh3vI';

async function choose(password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Set your password' });
  if (password) await user.type(screen.getByLabelText(/^password/i), password);
  if (confirmPassword) await user.type(screen.getByLabelText(/confirm/i), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('accepting an invitation', () => {
  it('requires the passwords to match', async () => {
    const { fetchStub } = stubApi({});
    renderApp(`/invitation?token=${INVITE}`);

    await choose('Sunrise-2026', 'Sunrise-2027');

    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("requires the contract's 8 characters", async () => {
    const { fetchStub } = stubApi({});
    renderApp(`/invitation?token=${INVITE}`);

    await choose('Sun-202', 'Sun-202');

    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sets the password, signs the shopper in and opens the profile', async () => {
    const token = customerToken({ username: 'karim', email: 'karim@example.org' });
    const profile = { ...demoProfile, username: 'karim', email: 'karim@example.org', totalOrders: 0 };
    const { requests } = stubApi({
      'POST /user/invitation/accept': () =>
        json(200, { success: true, message: 'Welcome.', token, data: { token, user: profile } }),
      'GET /user/profile': () => json(200, { success: true, data: profile }),
    });
    const { router } = renderApp(`/invitation?token=${INVITE}`);

    await choose('Sunrise-2026', 'Sunrise-2026');

    expect(await screen.findByText('Your account is ready.')).toBeInTheDocument();
    expect(await screen.findByText('karim@example.org')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('shop.userToken')).toBe(token);
    expect(await requests[0]?.json()).toEqual({ token: INVITE, password: 'Sunrise-2026' });
    expect(requests[1]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("shows the server's message for a used or expired link and stays signed out", async () => {
    stubApi({
      'POST /user/invitation/accept': () =>
        apiError(400, 'VALIDATION_FAILED', 'This invitation link is invalid or has expired.'),
    });
    const { router } = renderApp(`/invitation?token=${INVITE}`);

    await choose('Sunrise-2026', 'Sunrise-2026');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is invalid or has expired.',
    );
    expect(localStorage.getItem('shop.userToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/invitation');
  });

  it('says a link without a token is not valid and offers the login page', async () => {
    const { fetchStub } = stubApi({});
    renderApp('/invitation');

    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid.');
    expect(screen.queryByRole('button', { name: 'Set Password' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
