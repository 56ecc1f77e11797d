import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

/** Answers the logout with `status`; every other call of the screen (dashboard figures, ...) with 404. */
function serverAnsweringLogout(status: number) {
  const logouts: Request[] = [];
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === '/api/admin/logout') {
      logouts.push(request);
      return status === 200
        ? jsonResponse(200, { success: true, message: 'Logout successful.' })
        : jsonResponse(status, { success: false, code: 'UNAUTHORIZED', message: 'Please sign in again.' });
    }
    return jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'Not found.' });
  });
  return logouts;
}

describe('Logout', () => {
  let token: string;
  beforeEach(() => {
    token = makeAdminToken();
    adminSession.login(token);
  });

  it('asks in the Confirm Logout dialog, ends the session on the server, then goes to the login page', async () => {
    const logouts = serverAnsweringLogout(200);
    const { user, router } = renderApp('/manage-admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByText('Are you sure you want to logout?')).toBeInTheDocument();
    // Keyboard users land on a named button, and the corner button says what it does.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logouts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', {
        name: 'Logout',
      }),
    );

    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(logouts).toHaveLength(1);
    expect(logouts[0]?.method).toBe('POST');
    expect(logouts[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(router.state.location.pathname).toBe('/admin/auth/login');
    expect(localStorage.getItem('shop.adminToken')).toBeNull();
  });

  it('still signs out here when the server has already ended the session', async () => {
    serverAnsweringLogout(401);
    const { user, router } = renderApp('/manage-admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', {
        name: 'Logout',
      }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/auth/login'));
    expect(adminSession.getUser()).toBeNull();
  });
});
