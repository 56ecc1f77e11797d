import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A staff token as the server signs it, for any role; `ageSeconds` back-dates its signing. */
function staffToken(role: string, permissions: string[], { name = 'Vera Viewer', ageSeconds = 0 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'staff-7',
    aud: 'shop:staff',
    email: 'vera@example.com',
    name,
    role,
    permissions,
    tv: 1,
    iat: now - ageSeconds,
    exp: now + 3600,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

const nav = () => screen.getByRole('navigation', { name: 'Admin navigation' });
const header = () => screen.getByRole('banner');

describe('admin shell for staff with fewer permissions', () => {
  it("shows a Viewer's own name and role, and only what the dashboard permission opens", async () => {
    adminSession.login(staffToken('Viewer', ['dashboard']));
    fetchStub.mockImplementation(async () => jsonResponse(200, { success: true, data: {} }));
    renderApp('/manage-admin/about');
    await screen.findByRole('banner');

    expect(await within(header()).findByText('Vera Viewer')).toBeInTheDocument();
    expect(within(header()).getByText('Viewer')).toBeInTheDocument();
    expect(within(header()).queryByText('Super Admin')).not.toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Add Product' })).not.toBeInTheDocument();

    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    for (const name of [
      'Product Management',
      'Order Management',
      'Users Management',
      'Admin & Role Management',
    ]) {
      expect(within(nav()).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    // Groups with nothing the Viewer may open are gone; the one with Work Update stays.
    expect(within(nav()).queryByRole('button', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Marketing & Content' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Analytics & System' })).toBeInTheDocument();
    // A fresh token's claims are trusted: nothing was asked of the server.
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows the permission notice instead of a screen the staff member may not see', async () => {
    adminSession.login(staffToken('Viewer', ['dashboard']));
    renderApp('/manage-admin/orders/refunds');

    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Refund Handling' })).not.toBeInTheDocument();
    expect(nav()).toBeInTheDocument();
  });

  it('guards an inner screen by its own permission: Support holds orders but not refunds', async () => {
    adminSession.login(staffToken('Support', ['dashboard', 'orders', 'disputes'], { name: 'Sam Support' }));
    renderApp('/manage-admin/orders/refunds');

    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Order Management' })).toBeInTheDocument();
    expect(within(header()).getByText('Support')).toBeInTheDocument();
  });

  it('asks the server who is signed in when the token is older, and follows its answer', async () => {
    adminSession.login(staffToken('Viewer', ['dashboard'], { ageSeconds: 3600 }));
    fetchStub.mockImplementation(async (input) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/api/admin/me')) throw new Error(`Unexpected request: ${url}`);
      return jsonResponse(200, {
        success: true,
        data: {
          _id: 'staff-7',
          name: 'Vera Editor',
          email: 'vera@example.com',
          role: 'Editor',
          permissions: ['dashboard', 'products'],
          status: 'Active',
        },
      });
    });
    renderApp('/manage-admin/about');
    await screen.findByRole('banner');

    expect(await within(header()).findByText('Vera Editor')).toBeInTheDocument();
    expect(within(header()).getByText('Editor')).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Add Product' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: 'Product Management' })).toBeInTheDocument(),
    );
  });

  it('keeps to the token when the server cannot be asked', async () => {
    adminSession.login(staffToken('Viewer', ['dashboard'], { ageSeconds: 3600 }));
    fetchStub.mockImplementation(async () => new Response('Bad gateway', { status: 502 }));
    renderApp('/manage-admin/about');
    await screen.findByRole('banner');

    expect(await within(header()).findByText('Vera Viewer')).toBeInTheDocument();
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    expect(within(header()).getByText('Viewer')).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Product Management' })).not.toBeInTheDocument();
  });
});
