import { MantineProvider } from '@mantine/core';
import { AppNotifications } from '@shop/ui/notifications';
import { theme } from '@shop/ui/theme';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppQueryClient } from '../app/query-client';
import { customerSession } from '../lib/session';
import { apiError, json, stubApi } from '../test/network';
import { customerToken } from '../test/tokens';
import { WishlistHeart } from './wishlist-heart';

const earbuds = {
  _id: 'p1',
  name: 'TWS Wireless Earbuds',
  images: ['earbuds.jpg'],
  price: 18.99,
  currency: 'USD',
};

const wishlistOf =
  (...products: (typeof earbuds)[]) =>
  () =>
    json(200, { success: true, data: products.map((product) => ({ _id: `w-${product._id}`, product })) });

/** The heart on a page of its own (it is shared by the catalogue's cards and the product page). */
function renderHeart(path = '/products/p1') {
  customerSession.restore();
  const rootRoute = createRootRoute({ component: Outlet });
  const productRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/products/$id',
    component: () => <WishlistHeart productId="p1" product={earbuds} />,
  });
  const loginRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    component: () => 'Login screen',
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([productRoute, loginRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = createAppQueryClient(customerSession);
  render(
    <MantineProvider theme={theme} env="test">
      <AppNotifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient };
}

describe('wishlist heart', () => {
  it('asks a signed-out shopper to sign in, and calls nothing', async () => {
    const user = userEvent.setup();
    const { fetchStub } = stubApi({});
    const { router } = renderHeart();

    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));

    expect(await screen.findByRole('dialog', { name: 'Sign in required' })).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/products/p1' });
  });

  it('adds the product for a signed-in shopper, then removes it', async () => {
    const user = userEvent.setup();
    let saved = false;
    const { requests } = stubApi({
      'GET /wishlist/': () => (saved ? wishlistOf(earbuds)() : wishlistOf()()),
      'POST /wishlist/add': () => {
        saved = true;
        return json(200, { success: true, data: { _id: 'w-p1', product: earbuds } });
      },
      'POST /wishlist/remove': () => {
        saved = false;
        return json(200, { success: true, data: { productId: 'p1' } });
      },
    });
    customerSession.signIn(customerToken());
    renderHeart();

    const heart = await screen.findByRole('button', { name: 'Add to wishlist' });
    await waitFor(() => expect(requests.some((request) => request.method === 'GET')).toBe(true));
    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');

    await user.click(pressed);
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/wishlist/add',
      '/api/wishlist/remove',
    ]);
    expect(await posts[0]?.json()).toEqual({ productId: 'p1' });
  });

  it('shows the server message, or its own when there is none', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /wishlist/': wishlistOf(),
      'POST /wishlist/add': () => apiError(404, 'NOT_FOUND', 'Product not found.'),
    });
    customerSession.signIn(customerToken());
    renderHeart();

    await user.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Product not found.')).toBeInTheDocument();

    stubApi({
      'GET /wishlist/': wishlistOf(),
      'POST /wishlist/add': () => new Response('', { status: 502 }),
    });
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Failed to add to wishlist')).toBeInTheDocument();
  });

  it('falls back to its own message when removing fails without one', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /wishlist/': wishlistOf(earbuds),
      'POST /wishlist/remove': () => new Response('', { status: 500 }),
    });
    customerSession.signIn(customerToken());
    renderHeart();

    await user.click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
    expect(await screen.findByText('Failed to remove from wishlist')).toBeInTheDocument();
  });
});
