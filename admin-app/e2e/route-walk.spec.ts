import { type APIRequestContext, expect } from '@playwright/test';
import {
  apiData,
  fillParams,
  type OpenWalkPages,
  routePaths,
  signInToken,
  test,
  walkRoute,
} from '../../scripts/e2e/route-walk.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';

// Every back-office route at 1440 and 390 px (issue 27): never blank, never clipped, no page error.
const { admin } = shopAddresses('admin-app');
// A failing width attaches its own screenshot; the trace's screencast of both pages would take a third of the walk.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

type Demo = { token: string; params: Record<string, string | undefined>; details: string[] };
let demo: Promise<Demo> | undefined;

/** The demo staff token and the demo data's ids, read once per run. */
function demoData(request: APIRequestContext): Promise<Demo> {
  demo ??= (async () => {
    const token = await signInToken(request, '/admin/login', {
      email: 'admin@example.com',
      password: 'admin12345',
    });
    const [product] = await apiData<{ _id: string }[]>(request, '/product/?page=1&limit=1', token);
    const [order] = await apiData<{ _id: string }[]>(request, '/orders?page=1&limit=1', token);
    const [user] = await apiData<{ _id: string }[]>(request, '/users?page=1&limit=1', token);
    return {
      token,
      // `/admin/auth/$` is any other sign-in path, which sends staff to the login screen.
      params: { $: 'somewhere', $id: product?._id },
      // Screens that open one record from their search (`?id=`), beside their pickers walked as plain routes.
      details: [
        `/manage-admin/products/product-viewer?id=${product?._id}`,
        `/manage-admin/orders/details?id=${order?._id}`,
        `/manage-admin/users/details?id=${user?._id}`,
      ],
    };
  })();
  return demo;
}

/** Staff screens are walked signed in; the sign-in screens and the bare address as a visitor sees them. */
const signedIn = (path: string) => path.startsWith('/manage-admin');

async function walk(walkPages: OpenWalkPages, request: APIRequestContext, path: string) {
  const { token, params } = await demoData(request);
  const pages = await walkPages(signedIn(path) ? { 'shop.adminToken': token } : {});
  const filled = fillParams(path, params);
  expect(filled, `the demo data has an id for ${path}`).toBeDefined();
  const problems = await walkRoute(pages, `${admin}${filled}`);
  expect(problems, `${path}:\n${problems.join('\n')}`).toEqual([]);
}

for (const path of routePaths('admin-app')) {
  test(`route walk: ${path}`, async ({ walkPages, request }) => {
    await walk(walkPages, request, path);
  });
}

for (const [index, screen] of ['product viewer', 'order details', 'user details'].entries()) {
  test(`route walk: the ${screen} of a demo record`, async ({ walkPages, request }) => {
    const { details } = await demoData(request);
    await walk(walkPages, request, details[index] as string);
  });
}
