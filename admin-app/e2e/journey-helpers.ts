import { expect, type Page, test } from '@playwright/test';
import { shopAddresses } from '../../scripts/e2e/shops.ts';

// What every staff journey shares: signing staff (and the demo shopper, on the storefront) in through the screens.

const { admin, store, api } = shopAddresses('admin-app');

export const DEMO_STAFF = { email: 'admin@example.com', password: 'admin12345' };

/** Fills the staff sign-in form and presses Log In; a second step (two-factor) may follow. */
export async function staffSubmitsPassword(
  page: Page,
  email = DEMO_STAFF.email,
  password = DEMO_STAFF.password,
) {
  await page.goto(`${admin}/admin/auth/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs staff in (the demo admin by default) and waits for the dashboard. */
export async function staffSignsIn(page: Page, email = DEMO_STAFF.email, password = DEMO_STAFF.password) {
  await staffSubmitsPassword(page, email, password);
  await expect(page).toHaveURL(/\/manage-admin\/dashboard$/);
}

/**
 * Signs the demo shopper in from the store's defaults (Bangladesh, USD, English) with an empty kept cart, whatever
 * an earlier journey left on the account: a line left in the cart would ride along into the next journey's order.
 */
export async function shopperSignsIn(page: Page) {
  const login = await page.request.post(`${api}/user/login`, {
    data: { email: 'shopper@example.com', password: 'shopper123' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  for (const [path, data] of [
    ['/user/settings', { shipToCountry: 'BD', currency: 'USD', language: 'en', theme: 'light' }],
    ['/cart', { items: [] }],
  ] as const) {
    const saved = await page.request.put(`${api}${path}`, { headers, data });
    expect(saved.ok(), `PUT ${path} answers ${saved.status()}: ${await saved.text()}`).toBe(true);
  }
  await page.goto(`${store}/login`);
  await page.getByLabel(/email/i).fill('shopper@example.com');
  await page.getByLabel(/password/i).fill('shopper123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();
  // The sign-in page moves home a moment later; going on before that could see the move land on the next page.
  await expect(page).toHaveURL(`${store}/`);
}

/**
 * When a journey fails, prints and attaches where each of its pages stood (address and accessibility tree): the
 * report's own snapshot is of one page only, and a first try keeps no trace.
 */
export function describePagesOnFailure() {
  test.afterEach(async ({ browser }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const pages = browser.contexts().flatMap((context) => context.pages());
    for (const [index, page] of pages.entries()) {
      const tree = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: Error) => `(no snapshot: ${error.message})`);
      const text = `${page.url()}\n${tree}`;
      console.log(`--- page ${index + 1} of ${pages.length} when "${testInfo.title}" failed:\n${text}`);
      await testInfo.attach(`page-${index + 1}`, { body: text, contentType: 'text/plain' });
    }
  });
}
