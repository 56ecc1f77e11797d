import { expect, type Page } from '@playwright/test';

/**
 * The shopper proceeds to checkout from the cart once its summary is priced: the quote's answer adds the delivery
 * and tax rows above the button, and a click made while they arrive lands where the button was (the page stayed on
 * the cart).
 */
export async function proceedToCheckout(page: Page): Promise<void> {
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('term').filter({ hasText: /^Shipping$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
}
