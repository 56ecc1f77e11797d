import { expect, type Page } from '@playwright/test';

/**
 * The "Product added to cart!" toast opens under the site header, never over its links (the cart among them);
 * the shopper then closes it, as the journeys go on to pages it would otherwise sit beside.
 */
export async function closeAddedToast(page: Page): Promise<void> {
  const added = page.getByRole('alert').filter({ hasText: 'Product added to cart!' });
  await expect(added).toBeVisible();
  const header = await page.locator('header').first().boundingBox();
  const toast = await added.boundingBox();
  expect(header, 'the header').not.toBeNull();
  expect(toast?.y, 'the toast sits under the header').toBeGreaterThanOrEqual(
    (header?.y ?? 0) + (header?.height ?? 0),
  );
  await added.getByRole('button').click();
  await expect(added).toBeHidden();
}
