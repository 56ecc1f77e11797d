import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, jsonResponse, makeUser, stubApi, userListEnvelope } from './testing/users-api-stub';

const details = {
  user: makeUser(1, { status: 'Inactive' }),
  profile: {
    username: 'shopper1',
    phone: '+8801712000111',
    address: 'House 9, Road 3, Uttara',
    totalOrders: 1,
    isBusiness: false,
  },
  orders: [
    {
      _id: 'o-1',
      id: 'ORD-1001',
      date: '2026-11-02T09:15:00.000Z',
      status: 'Delivered',
      total: 2640,
      currency: 'BDT',
      items: 2,
    },
  ],
  disputes: [
    {
      _id: 'd-1',
      subject: 'Late parcel',
      status: 'open',
      priority: 'high',
      createdAt: '2026-11-03T10:00:00.000Z',
    },
  ],
  wishlist: [
    { productId: 'p-1', title: 'Wireless Earbuds', image: null, addedAt: '2026-11-01T10:00:00.000Z' },
  ],
  activity: [
    {
      _id: 'l-1',
      action: 'user.deactivate',
      actor: 'Store Admin',
      outcome: 'success',
      timestamp: '2026-11-04T10:00:00.000Z',
    },
  ],
};

describe('User Details', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('marks a shopper as a business account, who then sees B2B prices', async () => {
    let business = false;
    const api = stubApi({
      'GET /users/u-1': () =>
        jsonResponse(
          200,
          dataEnvelope({ ...details, profile: { ...details.profile, isBusiness: business } }),
        ),
      'PATCH /users/u-1': (request) => {
        business = (request.body as { isBusiness: boolean }).isBusiness;
        return jsonResponse(200, { ...dataEnvelope(details.user), message: 'User updated.' });
      },
    });
    const { user } = renderApp('/manage-admin/users/details?id=u-1');
    const toggle = await screen.findByRole('switch', { name: 'Business account' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Now a business account.')).toBeInTheDocument();
    expect(api.sentTo('PATCH /users/u-1')[0]?.body).toEqual({ isBusiness: true });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Business account' })).toBeChecked());
  });

  it('shows the profile, orders, disputes, wishlist and recent activity of ?id', async () => {
    stubApi({ 'GET /users/u-1': () => jsonResponse(200, dataEnvelope(details)) });
    renderApp('/manage-admin/users/details?id=u-1');

    const profile = within(await screen.findByRole('region', { name: 'Profile' }));
    expect(profile.getByText('Shopper 1')).toBeInTheDocument();
    expect(profile.getByText('House 9, Road 3, Uttara')).toBeInTheDocument();
    expect(profile.getByText('Inactive')).toBeInTheDocument();
    expect(profile.getByRole('button', { name: 'Activate' })).toBeInTheDocument();

    const orders = within(screen.getByRole('region', { name: 'Orders' }));
    expect(orders.getByRole('link', { name: 'ORD-1001' })).toHaveAttribute(
      'href',
      '/manage-admin/orders/details?id=o-1',
    );
    expect(orders.getByText('BDT 2,640.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Disputes' })).getByText('Late parcel'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Wishlist' })).getByText('Wireless Earbuds'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Recent Activity' })).getByText(
        'user.deactivate by Store Admin',
      ),
    ).toBeInTheDocument();
  });

  it('lets staff pick a user when no id is given', async () => {
    stubApi({ 'GET /users': () => jsonResponse(200, userListEnvelope([makeUser(3)])) });
    renderApp('/manage-admin/users/details');
    expect(await screen.findByRole('link', { name: 'Shopper 3 (shopper3@example.com)' })).toHaveAttribute(
      'href',
      '/manage-admin/users/details?id=u-3',
    );
  });

  it("shows the server's message for an unknown user", async () => {
    stubApi({
      'GET /users/nope': () =>
        jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'User not found.' }),
    });
    renderApp('/manage-admin/users/details?id=nope');
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
  });
});
