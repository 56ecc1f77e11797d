import { expect, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';

test('the vendor panel opens on its dashboard inside the layout', async ({ page }) => {
  // The built panel's Content Security Policy must not stand in the way of its screens.
  const policyViolations = await watchPolicyViolations(page);
  await page.goto('http://localhost:5175/');
  await expect(page).toHaveURL(/\/manage-vandor\/dashboard$/);
  await expect(page.getByText('Welcome, Vendor!')).toBeVisible();
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
  expect(policyViolations).toEqual([]);
});
