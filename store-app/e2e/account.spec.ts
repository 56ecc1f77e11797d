import { expect, test } from '@playwright/test';

const store = 'http://localhost:5174';

test('signed out, the profile redirects to the login screen, and signing in comes back to it', async ({
  page,
}) => {
  // An old hash link lands on the same screen, at its path.
  await page.goto(`${store}/#/profile/order`);
  await expect(page).toHaveURL(`${store}/login?redirect=%2Fprofile%2Forder`);
  await expect(page.getByText('Welcome Back')).toBeVisible();
  await page.getByLabel(/email/i).fill('shopper@example.com');
  await page.getByLabel(/password/i).fill('shopper123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${store}/profile/order`);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
});

test('a shopper registers, is signed in, reaches the profile, signs out and signs in again', async ({
  page,
}) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto(`${store}/register`);
  await expect(page.getByText('Create Account')).toBeVisible();

  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page.getByText('All fields are required.')).toBeVisible();

  await page.getByLabel(/name/i).first().fill('Ada Lovelace');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill('secret123');
  await page.getByLabel(/confirm/i).fill('secret124');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  await page.getByLabel(/confirm/i).fill('secret123');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page).toHaveURL(/5174\/profile/);
  await expect(page.getByText(email)).toBeVisible();

  // Signing in again with the new account reaches the profile too.
  await page.evaluate(() => window.localStorage.removeItem('shop.userToken'));
  await page.goto(`${store}/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill('secret123');
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((url) => !url.pathname.includes('login'));
  await page.goto(`${store}/profile`);
  await expect(page.getByText(email)).toBeVisible();
});

test('the demo shopper signs in with the wrong password and sees the server message', async ({ page }) => {
  await page.goto(`${store}/login`);
  await page.getByLabel(/email/i).fill('shopper@example.com');
  await page.getByLabel(/password/i).fill('wrong-password');
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await expect(page.getByText('Invalid credentials.')).toBeVisible();
});
