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

// Every vendor panel route at 1440 and 390 px (issue 27): never blank, never clipped, no page error.
const { panel } = shopAddresses('vendor-app');
// A failing width attaches its own screenshot; the trace's screencast of both pages would take a third of the walk.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

type Demo = { token: string; params: Record<string, string | undefined> };
let demo: Promise<Demo> | undefined;

/** The demo vendor's token (README) and one of its products, read once per run. */
function demoData(request: APIRequestContext): Promise<Demo> {
  demo ??= (async () => {
    const token = await signInToken(request, '/vendor/login', {
      email: 'sales@bengalhome.example.com',
      password: 'vendor12345',
    });
    const [product] = await apiData<{ _id: string }[]>(request, '/vendor/products?page=1&limit=1', token);
    return { token, params: { $id: product?._id } };
  })();
  return demo;
}

/** The panel is walked signed in; sign-in, the application form and unlock as a visitor sees them. */
const signedIn = (path: string) => path === '/' || path.startsWith('/manage-vandor');

for (const path of routePaths('vendor-app')) {
  test(`route walk: ${path}`, async ({ walkPages, request }) => {
    const { token, params } = await demoData(request);
    const pages = await walkPages(signedIn(path) ? { 'shop.vendorToken': token } : {});
    const filled = fillParams(path, params);
    expect(filled, `the demo vendor has a product for ${path}`).toBeDefined();
    const problems = await walkRoute(pages, `${panel}${filled}`);
    expect(problems, `${path}:\n${problems.join('\n')}`).toEqual([]);
  });
}
