import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

async function confirmLogout() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
  await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
}

describe('logout', () => {
  it('ends the session on the server with the token, then signs out', async () => {
    const token = customerToken();
    const { requests } = stubApi({
      'POST /user/logout': () => json(200, { success: true, message: 'Logout successful.' }),
    });
    customerSession.signIn(token);
    renderApp('/');

    await confirmLogout();

    expect(await screen.findByText('Logout successful.')).toBeInTheDocument();
    const logout = requests.find((request) => new URL(request.url).pathname === '/api/user/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });

  it('still signs out when the server has already ended the session', async () => {
    stubApi({ 'POST /user/logout': () => apiError(401, 'UNAUTHORIZED', 'Please sign in again.') });
    customerSession.signIn(customerToken());
    renderApp('/');

    await confirmLogout();

    expect(await screen.findByText('Logout successful.')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('shop.userToken')).toBeNull());
  });
});
