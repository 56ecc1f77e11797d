import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, demoProfile, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

const earbuds = {
  _id: 'p1',
  name: 'TWS Wireless Earbuds',
  images: ['earbuds.jpg'],
  price: 18.99,
  currency: 'USD',
};
const lamp = { _id: 'p2', name: 'LED Desk Lamp', images: ['lamp.jpg'], price: 24.5, currency: 'EUR' };

const wishlist =
  (...products: (typeof earbuds)[]) =>
  () =>
    json(200, { success: true, data: products.map((product) => ({ _id: `w-${product._id}`, product })) });
const noStores = () => json(200, { success: true, data: [] });

async function openPage(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(routes);
  customerSession.signIn(customerToken());
  renderApp('/profile/wishlist-and-followed-stores');
  await screen.findByRole('heading', { name: 'Wishlist / Followed Stores' });
  return stub;
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('wishlist and followed stores', () => {
  it('says both lists are empty', async () => {
    await openPage({ 'GET /wishlist/': wishlist(), 'GET /followed-stores/': noStores });

    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(await screen.findByText("You're not following any stores yet.")).toBeInTheDocument();
  });

  it('shows each wished product with its image, name and price, and removes one', async () => {
    const user = userEvent.setup();
    let products = [earbuds, lamp];
    const { requests } = await openPage({
      'GET /wishlist/': () => wishlist(...products)(),
      'POST /wishlist/remove': () => {
        products = [lamp];
        return json(200, { success: true, data: { productId: 'p1' } });
      },
      'GET /followed-stores/': noStores,
    });

    const card = within(await screen.findByRole('listitem', { name: 'TWS Wireless Earbuds' }));
    expect(card.getByRole('img', { name: 'TWS Wireless Earbuds' })).toHaveAttribute('src', 'earbuds.jpg');
    expect(card.getByRole('link', { name: 'TWS Wireless Earbuds' })).toHaveAttribute('href', '/products/p1');
    expect(card.getByText('$18.99')).toBeInTheDocument();
    expect(section('Wishlist').getByText('€24.50')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Remove TWS Wireless Earbuds from wishlist' }));

    await screen.findByRole('listitem', { name: 'LED Desk Lamp' });
    expect(screen.queryByRole('listitem', { name: 'TWS Wireless Earbuds' })).not.toBeInTheDocument();
    const removal = requests.find((request) => request.method === 'POST');
    expect(await removal?.json()).toEqual({ productId: 'p1' });
  });

  it('says why the wishlist could not be fetched', async () => {
    await openPage({
      'GET /wishlist/': () => new Response('', { status: 500 }),
      'GET /followed-stores/': noStores,
    });

    expect(await section('Wishlist').findByText('Failed to fetch wishlist')).toBeInTheDocument();
  });

  it('shows the followed stores, and the empty state while following is not served (501)', async () => {
    await openPage({
      'GET /wishlist/': wishlist(),
      'GET /followed-stores/': () => apiError(501, 'NOT_IMPLEMENTED', 'Not implemented yet.'),
    });

    expect(await screen.findByText("You're not following any stores yet.")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists followed stores with an Unfollow button', async () => {
    await openPage({
      'GET /wishlist/': wishlist(),
      'GET /followed-stores/': () =>
        json(200, {
          success: true,
          data: [
            {
              _id: 'f1',
              store: { _id: 's1', name: 'SoundPeak Official Store', email: 'hello@soundpeak.example.com' },
            },
          ],
        }),
    });

    const store = within(await screen.findByRole('listitem', { name: 'SoundPeak Official Store' }));
    expect(store.getByText('hello@soundpeak.example.com')).toBeInTheDocument();
    expect(store.getByRole('button', { name: 'Unfollow SoundPeak Official Store' })).toBeInTheDocument();
  });
});

describe('profile overview', () => {
  it('shows the wishlist count the server gives', async () => {
    stubApi({
      'GET /user/profile': () => json(200, { success: true, data: demoProfile }),
      'GET /user/overview': () =>
        json(200, { success: true, data: { totalOrders: 6, pendingDelivery: 1, wishlistItems: 2 } }),
    });
    customerSession.signIn(customerToken());
    renderApp('/profile');

    const stat = await screen.findByText('Wishlist Items');
    expect(await within(stat.parentElement as HTMLElement).findByText('2')).toBeInTheDocument();
  });
});
