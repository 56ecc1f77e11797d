import type { RequestBody, Schemas } from '@shop/sdk/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart, cartStore, updateCartQuantity } from '../../lib/cart-store';
import { customerSession } from '../../lib/session';
import { json, stubApi } from '../../test/network';
import { customerToken } from '../../test/tokens';
import { adoptRecoveredCart, SAVE_DELAY_MS, startCartSync } from './cart-sync';

const earbuds = { id: 'p1', name: 'Earbuds', price: 1, image: 'earbuds.jpg', sku_id: 's1' };

const serverLine = (product: string, quantity: number, extra: Partial<Schemas['ServerCartLine']> = {}) => ({
  product,
  sku_id: 's1',
  quantity,
  name: `Server ${product}`,
  image: `${product}.jpg`,
  price: 18.99,
  currency: 'USD',
  logistics_service_name: null,
  addedAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...extra,
});

const cartAnswer = (items: ReturnType<typeof serverLine>[]) =>
  json(200, { success: true, data: { items, updatedAt: '2026-11-22T10:00:00.000Z' } });

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

const bodies = async (requests: Request[], method: string, path: string) =>
  Promise.all(
    requests
      .filter((request) => request.method === method && new URL(request.url).pathname.endsWith(path))
      .map((request) => request.json() as Promise<RequestBody<'replaceCart'>>),
  );

describe('the cart kept with the account', () => {
  it('stays on the device alone for a guest', async () => {
    const { requests } = stubApi({});
    stop = startCartSync(customerSession);
    addToCart(earbuds);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(requests).toHaveLength(0);
    expect(cartStore.get().items).toHaveLength(1);
  });

  it('merges the device cart at sign-in and shows the server’s cart, its prices the server’s', async () => {
    const { requests } = stubApi({
      'POST /cart/merge': () => cartAnswer([serverLine('p1', 3), serverLine('p7', 1)]),
    });
    addToCart({ ...earbuds, quantity: 2 });
    stop = startCartSync(customerSession);
    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(cartStore.get().items).toHaveLength(2));
    expect(await bodies(requests, 'POST', '/cart/merge')).toEqual([
      { items: [{ product: 'p1', sku_id: 's1', quantity: 2 }] },
    ]);
    expect(cartStore.get().items[0]).toMatchObject({
      id: 'p1',
      quantity: 3,
      name: 'Server p1',
      price: 18.99,
    });
  });

  it('keeps what the shopper adds while the carts are being joined, and saves it', async () => {
    let answerMerge: (answer: Response) => void = () => {};
    const { requests } = stubApi({
      'GET /cart': () => cartAnswer([]),
      'POST /cart/merge': () => new Promise<Response>((resolve) => (answerMerge = resolve)),
      'PUT /cart': () => cartAnswer([serverLine('p1', 1), serverLine('p2', 1)]),
    });
    addToCart(earbuds);
    stop = startCartSync(customerSession);
    customerSession.signIn(customerToken());
    await vi.waitFor(() =>
      expect(requests.some((request) => new URL(request.url).pathname.endsWith('/cart/merge'))).toBe(true),
    );
    addToCart({ ...earbuds, id: 'p2', name: 'Mouse' });
    answerMerge(await cartAnswer([serverLine('p1', 1)]));
    await vi.waitFor(() => expect(cartStore.get().items.map((item) => item.id)).toEqual(['p1', 'p2']));
    await vi.waitFor(async () =>
      expect(await bodies(requests, 'PUT', '/cart')).toEqual([
        {
          items: [
            { product: 'p1', sku_id: 's1', quantity: 1 },
            { product: 'p2', sku_id: 's1', quantity: 1 },
          ],
        },
      ]),
    );
  });

  it('counts an item added during a slow join once: nothing is saved until the carts are joined', async () => {
    // The server keeps one cart: a save replaces it, a merge adds to it (as the API does).
    let server: ReturnType<typeof serverLine>[] = [];
    let mergeArrived: () => void = () => {};
    const merging = new Promise<void>((resolve) => (mergeArrived = resolve));
    const { requests } = stubApi({
      'GET /cart': () => cartAnswer(server),
      'POST /cart/merge': async (request) => {
        mergeArrived();
        const { items } = (await request.json()) as RequestBody<'mergeCart'>;
        // Slower than a save's delay, as under load.
        await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 400));
        for (const item of items) server.push(serverLine(item.product, item.quantity));
        return cartAnswer(server);
      },
      'PUT /cart': async (request) => {
        const { items } = (await request.json()) as RequestBody<'replaceCart'>;
        server = items.map((item) => serverLine(item.product, item.quantity));
        return cartAnswer(server);
      },
    });
    stop = startCartSync(customerSession);
    customerSession.signIn(customerToken());
    await merging;
    addToCart(earbuds);
    await vi.waitFor(() => expect(server).toHaveLength(1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 200));
    expect(cartStore.get().items.map((item) => [item.id, item.quantity])).toEqual([['p1', 1]]);
    expect(server.map((line) => [line.product, line.quantity])).toEqual([['p1', 1]]);
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('saves later changes once they settle, without prices', async () => {
    const { requests } = stubApi({
      'POST /cart/merge': () => cartAnswer([serverLine('p1', 1)]),
      'PUT /cart': () => cartAnswer([serverLine('p1', 4)]),
    });
    stop = startCartSync(customerSession);
    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(cartStore.get().items).toHaveLength(1));
    updateCartQuantity({ id: 'p1', sku_id: 's1' }, 2);
    updateCartQuantity({ id: 'p1', sku_id: 's1' }, 3);
    updateCartQuantity({ id: 'p1', sku_id: 's1' }, 4);
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await bodies(requests, 'PUT', '/cart')).toEqual([
      { items: [{ product: 'p1', sku_id: 's1', quantity: 4 }] },
    ]);
  });

  it('adds nothing twice when the same shopper signs back in on this device', async () => {
    const { requests } = stubApi({
      'POST /cart/merge': () => cartAnswer([serverLine('p1', 2)]),
      'GET /cart': () => cartAnswer([serverLine('p1', 2)]),
      'PUT /cart': () => cartAnswer([serverLine('p1', 2)]),
    });
    stop = startCartSync(customerSession);
    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(cartStore.get().items[0]?.quantity).toBe(2));
    customerSession.signOut();
    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(1));
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    const [, second] = await bodies(requests, 'POST', '/cart/merge');
    expect(second).toEqual({ items: [] });
  });

  it('does not add a restored cart to the same cart again at sign-in', async () => {
    const { requests } = stubApi({
      'GET /cart': () => cartAnswer([serverLine('p1', 2)]),
      'POST /cart/merge': () => cartAnswer([serverLine('p1', 2)]),
    });
    stop = startCartSync(customerSession);
    adoptRecoveredCart([{ ...earbuds, quantity: 2, currency: 'USD' }]);
    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(await bodies(requests, 'POST', '/cart/merge')).toEqual([{ items: [] }]);
    expect(cartStore.get().items[0]?.quantity).toBe(2);
  });
});
