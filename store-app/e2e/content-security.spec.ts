import { expect, test } from '@playwright/test';
import {
  slippedScriptRan,
  slipScriptsIn,
  watchPolicyViolations,
} from '../../scripts/e2e/policy-violations.mts';

const store = 'http://localhost:5174';

test.describe('content security policy', () => {
  test('the home page and a product page run their own scripts without a violation', async ({ page }) => {
    const homeViolations = await watchPolicyViolations(page);
    await page.goto(`${store}/`);
    // A product card of the app (the server-rendered home page lists articles of the blog too).
    const firstCard = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
      .first();
    await expect(firstCard).toBeVisible();
    const href = await firstCard.getByRole('link').last().getAttribute('href');
    expect(homeViolations).toEqual([]);

    // In a tab of its own, as a card opens it: index.html's start-up script asks for the product.
    const product = await page.context().newPage();
    const productViolations = await watchPolicyViolations(product);
    await product.goto(new URL(href ?? '', store).href);
    await expect(product.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(product.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    expect(productViolations).toEqual([]);
  });

  test('the forms check their fields without a violation', async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    await page.goto(`${store}/#/register`);
    await page.getByRole('button', { name: /create account|register|sign up/i }).click();
    await expect(page.getByText('All fields are required.')).toBeVisible();
    await page.getByLabel(/name/i).first().fill('Ada Lovelace');
    await page.getByLabel(/email/i).fill('ada@example.com');
    await page.getByLabel(/^password/i).fill('secret123');
    await page.getByLabel(/confirm/i).fill('secret124');
    await page.getByRole('button', { name: /create account|register|sign up/i }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a script slipped into the page, inline or as an event handler, does not run', async ({ page }) => {
    const violations = await watchPolicyViolations(page);
    await page.goto(`${store}/`);
    await expect(page.getByRole('article').first()).toBeVisible();

    await slipScriptsIn(page);
    await expect.poll(() => violations.length).toBe(2);
    expect(await slippedScriptRan(page)).toBeUndefined();
  });
});
