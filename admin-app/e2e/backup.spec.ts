import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { staffSignsIn } from './journey-helpers.ts';

const { admin, api } = shopAddresses('admin-app');

async function staffToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('shop.adminToken'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** A product made for this journey through the API, so deleting it touches nothing another journey uses. */
async function createProduct(page: Page, title: string): Promise<string> {
  const response = await page.request.post(`${api}/product/`, {
    headers: { Authorization: `Bearer ${await staffToken(page)}` },
    data: {
      title,
      description: '<p>Made by the backup journey.</p>',
      categoryId: 152401,
      currency: 'USD',
      status: 'published',
      images: [],
      properties: [],
      skus: [
        {
          sku_id: '9000000990001',
          sku_attr: '14:193#Natural',
          offer_sale_price: '9.99',
          sku_price: '9.99',
          sku_available_stock: 5,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function searchProducts(page: Page, text: string) {
  await page.goto(`${admin}/manage-admin/products`);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(text);
  await search.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  const table = page.getByRole('table', { name: 'Products' });
  // The unfiltered page stays on screen until the search answers, and the columns then take new widths:
  // a click in between can land where the row's button was.
  await expect(table.locator('tbody tr').filter({ hasNotText: text })).toHaveCount(0);
  return table.getByRole('row').filter({ hasText: text });
}

test('staff take a backup, delete a product, restore the backup and find the product again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const policyViolations = await watchPolicyViolations(page);
  const title = `E2E Backup Lamp ${Date.now().toString(36)}`;

  await test.step('sign in', async () => {
    await staffSignsIn(page);
    await createProduct(page, title);
  });

  const backups = page.getByRole('table', { name: 'Exports' });
  await test.step('take a backup', async () => {
    await page.goto(`${admin}/manage-admin/backup`);
    await expect(page.getByRole('heading', { name: 'Backup & Restore' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Manual Backup Now' }).click();
    await expect(page.getByText('Backup created!')).toBeVisible();
    const newest = backups.getByRole('row').nth(1);
    await expect(newest.getByText('Manual')).toBeVisible();
    await expect(newest.getByText('Store Admin')).toBeVisible();
    await expect(newest.getByRole('cell', { name: /^\d+(\.\d)? (KB|MB)$/ })).toBeVisible();
  });

  await test.step('download it: a gzipped snapshot holding the product', async () => {
    const downloading = page.waitForEvent('download');
    await backups
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Download the export of/ })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^shop-export-\d{4}-\d{2}-\d{2}-\d{4}\.json\.gz$/);
    const path = await download.path();
    const document = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as {
      tables: { products: { title: string }[] };
    };
    expect(document.tables.products.map((product) => product.title)).toContain(title);
  });

  await test.step('delete the product', async () => {
    const row = await searchProducts(page, title);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  await test.step('restore the backup, after confirming', async () => {
    await page.goto(`${admin}/manage-admin/backup`);
    await backups
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Restore the export of/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Restore this export?' });
    await expect(dialog.getByText(/Changes made since then are lost\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText(/^The store was restored from the export of .+ UTC\.$/)).toBeVisible();
  });

  await test.step('find the product again, still signed in', async () => {
    const row = await searchProducts(page, title);
    await expect(row).toHaveCount(1);
    await expect(page).toHaveURL(/\/manage-admin\/products/);
  });

  expect(policyViolations).toEqual([]);
});
