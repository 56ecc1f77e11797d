import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, cartStore } from '../../../lib/cart-store';
import { customerSession } from '../../../lib/session';
import { json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import {
  deliveryAnswer,
  listPage,
  productAnswer,
  reviewsAnswer,
  shirt,
} from '../../catalogue/testing/catalogue-fixtures';
import { RECENTLY_VIEWED_MAX, recentlyViewedStore } from '../lib/recently-viewed-store';

type Routes = Parameters<typeof stubApi>[0];

const card = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name,
  images: [`https://img.test/${id}.jpg`],
  price: 12.5,
  originalPrice: null,
  currency: 'USD',
  rating: 4.5,
  reviewCount: 3,
  availableStock: 9,
  ...extra,
});
const cards = (...list: ReturnType<typeof card>[]) => json(200, { success: true, data: list });

function stubShirtPage(routes: Routes) {
  return stubApi({
    'GET /product/shirt': () => productAnswer(shirt()),
    'POST /logistic': () => deliveryAnswer([]),
    'GET /reviews/product/shirt': () => reviewsAnswer([]),
    'GET /product/': () => listPage([]),
    ...routes,
  });
}

const section = (name: string) => screen.findByRole('region', { name });
const names = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);
const queryOf = (requests: Request[], path: string) =>
  requests
    .filter((request) => new URL(request.url).pathname === `/api${path}`)
    .map((request) => new URL(request.url).searchParams);

beforeEach(() => {
  recentlyViewedStore.set({ entries: [], mergedInto: null });
  cartStore.set({ items: [], checkoutItems: [] });
});

describe('recently viewed', () => {
  it('remembers the product on this device and shows the others the device viewed, newest first', async () => {
    recentlyViewedStore.set({
      entries: [
        { productId: 'lamp', viewedAt: '2026-11-20T10:00:00.000Z' },
        { productId: 'shirt', viewedAt: '2026-11-19T10:00:00.000Z' },
        { productId: 'mug', viewedAt: '2026-11-18T10:00:00.000Z' },
      ],
      mergedInto: null,
    });
    const { requests } = stubShirtPage({
      'GET /recommendations/products': () => cards(card('lamp', 'Desk Lamp'), card('mug', 'Coffee Mug')),
    });
    renderApp('/products/shirt');

    const row = await section('Recently Viewed');
    await waitFor(() => expect(names(row)).toEqual(['Desk Lamp', 'Coffee Mug']));
    // The product on screen is asked for by no one: it is not shown in its own row.
    expect(queryOf(requests, '/recommendations/products')[0]?.getAll('ids')).toEqual(['lamp', 'mug']);
    expect(recentlyViewedStore.get().entries.map((entry) => entry.productId)).toEqual([
      'shirt',
      'lamp',
      'mug',
    ]);
    // Nothing is sent to an account while signed out.
    expect(requests.some((request) => new URL(request.url).pathname === '/api/recently-viewed')).toBe(false);
  });

  it('keeps the device list to the newest few, each product once', async () => {
    recentlyViewedStore.set({
      entries: Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => ({
        productId: `p${i}`,
        viewedAt: new Date(Date.UTC(2026, 10, 20, 12 - i)).toISOString(),
      })),
      mergedInto: null,
    });
    stubShirtPage({ 'GET /recommendations/products': () => cards(card('p0', 'First')) });
    renderApp('/products/shirt');
    await section('Recently Viewed');
    // The row can show from the device list a moment before the page records this product's view.
    await waitFor(() => expect(recentlyViewedStore.get().entries[0]?.productId).toBe('shirt'));
    const ids = recentlyViewedStore.get().entries.map((entry) => entry.productId);
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids).not.toContain(`p${RECENTLY_VIEWED_MAX - 1}`);
  });

  it('merges the device list into the account once after signing in, then shows the account’s', async () => {
    recentlyViewedStore.set({
      entries: [{ productId: 'lamp', viewedAt: '2026-11-20T10:00:00.000Z' }],
      mergedInto: null,
    });
    customerSession.signIn(customerToken());
    const { requests } = stubShirtPage({
      'POST /recently-viewed': () =>
        cards(card('shirt', 'Cotton T-Shirt'), card('lamp', 'Desk Lamp'), card('kettle', 'Kettle')),
      'GET /recently-viewed': () => cards(card('lamp', 'Desk Lamp')),
    });
    renderApp('/products/shirt');

    const row = await section('Recently Viewed');
    await waitFor(() => expect(names(row)).toEqual(['Desk Lamp', 'Kettle']));
    const posts = requests.filter(
      (request) => request.method === 'POST' && new URL(request.url).pathname === '/api/recently-viewed',
    );
    expect(posts.length).toBeGreaterThan(0);
    const body = (await posts[0]?.json()) as { items: { productId: string }[] };
    expect(body.items.map((item) => item.productId)).toEqual(['shirt', 'lamp']);
    await waitFor(() => expect(recentlyViewedStore.get().mergedInto).not.toBeNull());
  });
});

describe('customers also bought', () => {
  it('shows what was bought with the product on its page', async () => {
    const { requests } = stubShirtPage({
      'GET /recommendations/also-bought': () =>
        cards(card('belt', 'Leather Belt', { originalPrice: 20 }), card('socks', 'Wool Socks')),
    });
    renderApp('/products/shirt');
    const row = await section('Customers Also Bought');
    await waitFor(() => expect(names(row)).toEqual(['Leather Belt', 'Wool Socks']));
    expect(within(row).getByText('$20.00')).toBeInTheDocument();
    expect(queryOf(requests, '/recommendations/also-bought')[0]?.getAll('ids')).toEqual(['shirt']);
  });

  it('shows what was bought with the cart’s products on the cart page', async () => {
    addToCart({ id: 'p2', name: 'Desk Lamp', price: 24.5, image: 'lamp.jpg', sku_id: 's9' });
    addToCart({ id: 'p1', name: 'Earbuds', price: 19.99, image: 'earbuds.jpg', sku_id: 's1' });
    const { requests } = stubApi({
      'POST /order/quote': () => json(422, { success: false, code: 'UNPROCESSABLE', message: 'No quote.' }),
      'GET /recommendations/also-bought': () => cards(card('cable', 'USB-C Cable')),
    });
    renderApp('/cart');
    const row = await section('Customers Also Bought');
    await waitFor(() => expect(names(row)).toEqual(['USB-C Cable']));
    expect(queryOf(requests, '/recommendations/also-bought')[0]?.getAll('ids')).toEqual(['p1', 'p2']);
  });

  it('leaves the row out when nothing was bought together', async () => {
    stubShirtPage({ 'GET /recommendations/also-bought': () => cards() });
    renderApp('/products/shirt');
    await screen.findByText('No reviews yet.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Customers Also Bought' })).toBeNull());
  });
});
