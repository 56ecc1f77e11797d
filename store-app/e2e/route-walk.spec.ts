import { type APIRequestContext, expect } from '@playwright/test';
import {
  apiData,
  fillParams,
  routePaths,
  signInToken,
  test,
  walkRoute,
} from '../../scripts/e2e/route-walk.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';

// Every storefront route at 1440 and 390 px (issue 27): never blank, never clipped, no page error. The storefront
// uses path URLs, so a route opens as `/products/{id}`.
const { store } = shopAddresses('store-app');
// A failing width attaches its own screenshot; the trace's screencast of both pages would take a third of the walk.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

type Product = { _id: string; name: string; price: number; images?: string[]; storeId: string | null };
type Demo = { token: string; cart: string; params: Record<string, string | undefined> };
let demo: Promise<Demo> | undefined;

/** The demo shopper's token, a cart line, and the demo data's ids for the dynamic routes, read once per run. */
function demoData(request: APIRequestContext): Promise<Demo> {
  demo ??= (async () => {
    const token = await signInToken(request, '/user/login', {
      email: 'shopper@example.com',
      password: 'shopper123',
    });
    const products = await apiData<Product[]>(request, '/product/?page=1&limit=50&country=BD&currency=USD');
    const product = products[0];
    if (!product) throw new Error('the demo catalogue is empty');
    const detail = await apiData<{ skus: { sku_id: string | number; sku_available_stock: number }[] }>(
      request,
      `/product/${product._id}?country=BD&currency=USD`,
    );
    const sku = detail.skus.find((candidate) => candidate.sku_available_stock > 0);
    const line = {
      id: product._id,
      name: product.name,
      price: product.price,
      quantity: 1,
      image: product.images?.[0] ?? '',
      sku_id: String(sku?.sku_id),
      currency: 'USD',
    };
    const [order] = await apiData<{ _id: string }[]>(request, '/order?page=1&limit=1', token);
    const [post] = await apiData<{ slug: string }[]>(request, '/storefront/blog?page=1&limit=1');
    return {
      token,
      cart: JSON.stringify({ items: [line], checkoutItems: [line] }),
      params: {
        $id: product._id,
        $slug: post?.slug,
        // A word of a demo product's name finds that product.
        searchTerm: product.name.split(/\s+/)[0],
        orderId: order?._id,
        storeId: products.find((candidate) => candidate.storeId)?.storeId ?? undefined,
      },
    };
  })();
  return demo;
}

/** Each dynamic route's `$id`: a product, the searched word, the shopper's own order, a vendor's store. */
const idFor: Record<string, 'searchTerm' | 'orderId' | 'storeId'> = {
  '/search/$id': 'searchTerm',
  '/order/$id': 'orderId',
  '/stores/$id': 'storeId',
};

/** The screens for signing in and joining are walked as a visitor sees them; every other one signed in. */
const signedOut = new Set(['/login', '/register', '/unlock', '/invitation']);
// One value for the whole walk, so signed-in routes share one page (and signed-out ones another).
const POPUP_SEEN = String(Date.now());

for (const path of routePaths('store-app')) {
  test(`route walk: ${path}`, async ({ walkPages, request }) => {
    const { token, cart, params } = await demoData(request);
    const pages = await walkPages({
      'shop.cart': cart,
      // The marketing popup is a dialog over the page, not the page; it counts as seen.
      'shop.popupSeen': POPUP_SEEN,
      ...(signedOut.has(path) ? {} : { 'shop.userToken': token }),
    });
    const key = idFor[path];
    // A category's address is its slug; every other `$slug` is a blog post's.
    const filled = fillParams(
      path,
      key ? { $id: params[key] } : path === '/category/$slug' ? { $slug: 'home-kitchen' } : params,
    );
    expect(filled, `the demo data has an id for ${path}`).toBeDefined();
    const problems = await walkRoute(pages, `${store}${filled}`);
    expect(problems, `${path}:\n${problems.join('\n')}`).toEqual([]);
  });
}
