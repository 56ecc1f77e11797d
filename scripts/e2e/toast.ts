import { expect, type Page } from '@playwright/test';

/**
 * Closes the "Product added to cart!" toast, as a shopper does when it sits over the header's cart link. The
 * pointer on the way to the link would rest on the toast, and a toast under the pointer stays open (it closes
 * only when left alone), so a click aimed at the link would wait on it for good.
 */
export async function closeAddedToast(page: Page): Promise<void> {
  const added = page.getByRole('alert').filter({ hasText: 'Product added to cart!' });
  await expect(added).toBeVisible();
  await added.getByRole('button').click();
  await expect(added).toBeHidden();
}
