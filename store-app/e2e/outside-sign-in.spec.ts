import { expect, test } from '@playwright/test';

const store = 'http://localhost:5174';

test('a shopper signs in with Google (a local OpenID provider) and comes back to the page they wanted', async ({
  page,
}) => {
  await page.goto(`${store}/#/profile/order`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Forder$/);
  // Only the configured provider is offered.
  await expect(page.getByRole('link', { name: 'Continue with Facebook' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue with Google' }).click();

  // To the API, the provider (which approves at once) and back: signed in, on the page asked for.
  await expect(page).toHaveURL(/\/profile\/order$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByText('No orders found.')).toBeVisible();
  // Only a one-time code travelled in the address, on the way back, and it is gone from it.
  expect(page.url()).not.toContain('oauth_code');

  await page.goto(`${store}/#/profile/manage-account`);
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue('gia.google@example.org');
  await expect(page.getByRole('textbox', { name: 'First Name' })).toBeVisible();
});
