import { expect, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';

test('the vendor panel asks for sign-in, then opens on its dashboard inside the layout', async ({ page }) => {
  // The built panel's Content Security Policy must not stand in the way of its screens.
  const policyViolations = await watchPolicyViolations(page);
  await page.goto('http://localhost:5175/');
  await expect(page).toHaveURL(/\/login\?redirect=/);

  // The demo vendor (README).
  await page.getByLabel(/^Email/).fill('sales@bengalhome.example.com');
  await page.getByLabel(/^Password/).fill('vendor12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/manage-vandor\/dashboard$/);
  await expect(page.getByText('Welcome, Vendor!')).toBeVisible();
  await expect(page.getByText('Bengal Home Goods').first()).toBeVisible();
  for (const entry of [
    'Dashboard',
    'Message Center',
    'Products',
    'Orders',
    'Promotion & Coupons',
    'Settings',
  ]) {
    await expect(page.getByRole('navigation').getByText(entry, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(`${new Date().getFullYear()}`).first()).toBeVisible();
  await page.goto('http://localhost:5175/manage-vandor/nowhere');
  await expect(page.getByText(/not found/i).first()).toBeVisible();

  await page.goto('http://localhost:5175/manage-vandor/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('http://localhost:5175/manage-vandor/orders');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(policyViolations).toEqual([]);
});
