import { expect, test } from '@playwright/test';

const admin = 'http://localhost:5173';

test('staff sign in with the demo account and land on the dashboard inside the shell', async ({ page }) => {
  await page.goto(`${admin}/manage-admin/dashboard`);
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);

  await page.getByLabel(/email/i).fill('admin@example.com');
  await page.getByLabel(/password/i).fill('admin12345');
  await page.getByRole('button', { name: 'Log In' }).click();

  await expect(page.getByText('Login successful.')).toBeVisible();
  await expect(page).toHaveURL(/\/manage-admin\/dashboard$/);
  await expect(page.getByText('Super Admin')).toBeVisible();
  await expect(page.getByText('Store Management')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Add Product' })).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto(`${admin}/admin/auth/login`);
  await page.getByLabel(/email/i).fill('admin@example.com');
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();

  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
});

test('any other auth path redirects to login, and unknown pages show the not-found screen', async ({
  page,
}) => {
  await page.goto(`${admin}/admin/auth/somewhere`);
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);
  await page.goto(`${admin}/no/such/page`);
  await expect(page.getByText('404 Page not found')).toBeVisible();
});
