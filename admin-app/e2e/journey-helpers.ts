import { expect, type Page } from '@playwright/test';
import { shopAddresses } from '../../scripts/e2e/shops.ts';

// What every staff journey shares: signing staff (and the demo shopper, on the storefront) in through the screens.

const { admin, store } = shopAddresses('admin-app');

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

/** Signs the demo shopper in on the storefront. */
export async function shopperSignsIn(page: Page) {
  await page.goto(`${store}/#/login`);
  await page.getByLabel(/email/i).fill('shopper@example.com');
  await page.getByLabel(/password/i).fill('shopper123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();
}
