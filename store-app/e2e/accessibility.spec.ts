import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const store = 'http://localhost:5174';
const api = 'http://localhost:3000/api';

type Theme = 'light' | 'dark';

/** The demo shopper's token, as the login screen stores it. */
async function shopperToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post(`${api}/user/login`, {
    data: { email: 'shopper@example.com', password: 'shopper123' },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).token;
}

/** The first product of the demo catalogue, as the home page lists it. */
async function firstProduct(request: APIRequestContext) {
  const list = await request.get(`${api}/product/?page=1&limit=1&country=BD&currency=USD`);
  const product = (await list.json()).data[0];
  const detail = await (await request.get(`${api}/product/${product._id}?country=BD&currency=USD`)).json();
  const sku = detail.data.skus.find(
    (candidate: { sku_available_stock: number }) => candidate.sku_available_stock > 0,
  );
  return {
    _id: product._id as string,
    name: product.name as string,
    price: product.price as number,
    image: (product.images?.[0] ?? '') as string,
    sku,
  };
}

type Setup = { theme: Theme; token?: string; cart?: unknown };

/** Browser storage as a returning shopper's: the theme, maybe a sign-in and a cart, before any script runs. */
async function prepare(page: Page, { theme, token, cart }: Setup) {
  await page.addInitScript(
    ({ theme, token, cart }) => {
      localStorage.setItem('shop.settings', JSON.stringify({ theme }));
      if (token) localStorage.setItem('shop.userToken', token);
      if (cart) localStorage.setItem('shop.cart', JSON.stringify(cart));
    },
    { theme, token: token ?? null, cart: cart ?? null },
  );
}

/** Fails on any serious or critical violation, listing each with the elements it was found on. */
async function expectNoSeriousViolations(page: Page) {
  // Transitions (toasts, drawers) settle first, so colours are measured as the shopper sees them.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

type Screen = {
  name: string;
  signedIn: boolean;
  withCart?: boolean;
  path: (product: Awaited<ReturnType<typeof firstProduct>>) => string;
  /** What shows once the screen has its data. */
  ready: (page: Page, product: Awaited<ReturnType<typeof firstProduct>>) => Promise<void>;
};

const screens: Screen[] = [
  {
    name: 'home',
    signedIn: false,
    path: () => '/#/',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Top Picks', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
    },
  },
  {
    name: 'product page',
    signedIn: false,
    path: (product) => `/#/products/${product._id}`,
    ready: async (page, product) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    },
  },
  {
    name: 'cart',
    signedIn: false,
    withCart: true,
    path: () => '/#/cart',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible();
    },
  },
  {
    name: 'checkout',
    signedIn: true,
    withCart: true,
    path: () => '/#/checkout',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Credit Card' })).toBeVisible();
    },
  },
  {
    name: 'sign-in',
    signedIn: false,
    path: () => '/#/login',
    ready: async (page) => {
      await expect(page.getByText('Welcome Back')).toBeVisible();
    },
  },
  {
    name: 'register',
    signedIn: false,
    path: () => '/#/register',
    ready: async (page) => {
      await expect(page.getByText('Create Account').first()).toBeVisible();
    },
  },
  {
    name: 'My Orders',
    signedIn: true,
    path: () => '/#/profile/order',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'My Orders' }).first()).toBeVisible();
    },
  },
  {
    name: 'profile',
    signedIn: true,
    path: () => '/#/profile',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    },
  },
  {
    name: 'Dispute Center',
    signedIn: true,
    path: () => '/#/profile/appeal-dispute-center',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Dispute Center / Appeal' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit Dispute' })).toBeVisible();
    },
  },
];

test.describe('accessibility (axe-core): no serious or critical violation', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const screen of screens) {
      test(`${screen.name}, ${theme} theme`, async ({ page, request }) => {
        const product = await firstProduct(request);
        const line = {
          id: product._id,
          name: product.name,
          price: product.price,
          quantity: 2,
          image: product.image,
          sku_id: String(product.sku.sku_id),
          currency: 'USD',
        };
        await prepare(page, {
          theme,
          token: screen.signedIn ? await shopperToken(request) : undefined,
          cart: screen.withCart ? { items: [line], checkoutItems: [line] } : undefined,
        });
        await page.goto(`${store}${screen.path(product)}`);
        await screen.ready(page, product);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await expectNoSeriousViolations(page);
      });
    }
  }
});
