import { type APIRequestContext, expect, type Page } from '@playwright/test';

// What the storefront journeys share: the apps' addresses, a staff token, settings changed for one journey and put
// back, shoppers and staff signed in, and the shopper's country, currency and language.

export const admin = 'http://localhost:5173';
export const store = 'http://localhost:5174';
export const api = 'http://localhost:3000/api';

type Settings = Record<string, unknown>;

export async function staffToken(request: APIRequestContext): Promise<string> {
  const answer = await (
    await request.post(`${api}/admin/login`, { data: { email: 'admin@example.com', password: 'admin12345' } })
  ).json();
  return (answer.token ?? answer.data?.token) as string;
}

/** Saves store settings and answers what they were, so the journey can put them back. */
export async function withSettings(
  request: APIRequestContext,
  token: string,
  changes: Settings,
): Promise<Settings> {
  const headers = { Authorization: `Bearer ${token}` };
  const before = (await (await request.get(`${api}/settings/store`, { headers })).json()).data as Settings;
  const saved = await request.put(`${api}/settings/store`, { headers, data: changes });
  expect(saved.ok(), await saved.text()).toBe(true);
  return Object.fromEntries(Object.keys(changes).map((key) => [key, before[key]]));
}

export async function newShopper(request: APIRequestContext, page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.org`;
  const password = 'correct-horse-42';
  const registered = await request.post(`${api}/user/register`, {
    data: { name, email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  await shopperSubmitsSignIn(page, email, password);
  await signedInAndHome(page);
}

/** Fills the storefront's sign-in form and presses Login. */
async function shopperSubmitsSignIn(page: Page, email: string, password: string) {
  await page.goto(`${store}/#/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs a shopper in and waits for the storefront to say so. */
export async function shopperSignsIn(page: Page, email: string, password: string) {
  await shopperSubmitsSignIn(page, email, password);
  await expect(page.getByText('You are signed in')).toBeVisible();
}

/** Signs the demo admin in to the back office. */
export async function staffSignsIn(page: Page) {
  await page.goto(`${admin}/admin/auth/login`);
  await page.getByLabel(/email/i).fill('admin@example.com');
  await page.getByLabel(/password/i).fill('admin12345');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/manage-admin\/dashboard$/);
}

/**
 * The sign-in page sends a signed-in shopper home a second later; a journey that went on before that could see
 * the move home land after its own next page (flaky on a busy machine), so it waits for it.
 */
async function signedInAndHome(page: Page) {
  await expect(page.getByText('You are signed in')).toBeVisible();
  await expect(page).toHaveURL(`${store}/`);
}

export async function chooseSettings(
  page: Page,
  choice: { shipTo: string; currency: string; language: string },
) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const shipTo = settings.getByRole('combobox', { name: 'Ship to' });
  await shipTo.click();
  await shipTo.fill(choice.shipTo.replace(/ \(\w\w\)$/, ''));
  await page.getByRole('option', { name: choice.shipTo }).click();
  const currency = settings.getByRole('combobox', { name: 'Currency' });
  await currency.click();
  await currency.fill(choice.currency);
  await page.getByRole('option', { name: new RegExp(`^${choice.currency} - `) }).click();
  await settings.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: choice.language }).click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
}

/**
 * Empties the cart the server keeps for a shopper: the journeys share the demo account, and what one journey left
 * in its cart would be merged into the next one's at sign-in, as it is for a shopper on a second device.
 */
export async function emptyKeptCart(request: APIRequestContext, email: string, password: string) {
  const login = await request.post(`${api}/user/login`, { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const emptied = await request.put(`${api}/cart`, {
    headers: { Authorization: `Bearer ${(await login.json()).token}` },
    data: { items: [] },
  });
  expect(emptied.ok(), await emptied.text()).toBe(true);
}

/**
 * Signs the demo shopper in (registering a new one each time would spend the per-address registration
 * allowance the journeys share).
 */
export async function demoShopperSignsIn(page: Page) {
  await emptyKeptCart(page.request, 'shopper@example.com', 'shopper123');
  await shopperSubmitsSignIn(page, 'shopper@example.com', 'shopper123');
  await signedInAndHome(page);
}
