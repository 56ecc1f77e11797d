import { expect, type Locator, type Page, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { staffSignsIn } from './journey-helpers.ts';

const { admin, api } = shopAddresses('admin-app');

/** A fixture item the demo seed models a local product on instead of importing it (server/src/db/seed/catalogue.ts). */
const NOT_YET_IMPORTED_ID = '1005006303657842'; // Men's Oversized Hoodie

/** A 1×1 PNG, so the wizard uploads a real picture. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label, with or without the required asterisk Mantine appends. */
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}\\s*\\*?$`);
const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

async function staffGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('shop.adminToken'));
  const response = await page.request.get(`${api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path} answers ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The Product Management list's parts. */
function productList(page: Page) {
  return {
    table: page.getByRole('table', { name: 'Products' }),
    search: page.getByRole('searchbox', { name: 'Search' }),
    showing: page.getByText(/^Showing \d+ to \d+ of \d+ results$/),
    row: (title: string) =>
      page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: title }),
  };
}

/** The total the server answers for the next product list request whose query passes `matches`. */
async function listAnswer(page: Page, matches: (query: URLSearchParams) => boolean): Promise<number> {
  const response = await page.waitForResponse((candidate) => {
    const url = new URL(candidate.url());
    return (
      candidate.request().method() === 'GET' && url.pathname === '/api/product/' && matches(url.searchParams)
    );
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

/** Opens the Product Management list searched for `text` (typed into the search box, as staff would). */
async function searchList(page: Page, text: string) {
  await page.goto(`${admin}/manage-admin/products`);
  const list = productList(page);
  await list.search.fill(text);
  await list.search.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  return list;
}

async function fillIn(scope: Page | Locator, name: string, value: string) {
  const input = scope.getByLabel(label(name));
  await input.fill(value);
  await input.blur();
}

test('staff run the catalogue: dashboard figures, list filters and paging, import, edit, create and delete', async ({
  page,
}) => {
  // One long journey on a shared two-core machine: more room than the suite's 60 s per test.
  test.setTimeout(120_000);
  // The built admin's Content Security Policy must not stand in the way of any screen the journey opens.
  const policyViolations = await watchPolicyViolations(page);
  const stamp = Date.now().toString(36);
  const importedTitle = `E2E Import ${stamp}`;
  const editedTitle = `E2E Edited Import ${stamp}`;
  const createdTitle = `E2E Canvas Tote Bag ${stamp}`;

  await test.step('sign in and see the dashboard on the server’s figures', async () => {
    await staffSignsIn(page);

    const overview = page.getByRole('region', { name: 'Overview' });
    const apiCalls = overview.getByRole('region', { name: 'API Calls Today' });
    const totalSales = overview.getByRole('region', { name: 'Total Sales' });
    await expect(apiCalls).toHaveText(/^API Calls Today[\d,]+$/);
    await expect(page.getByText('Failed to load dashboard data.')).toHaveCount(0);

    // The counter the server keeps: at least the sign-in call, at most what it counts a moment later.
    const shownCalls = Number((await apiCalls.textContent())?.replace(/\D/g, ''));
    expect(shownCalls).toBeGreaterThanOrEqual(1);
    const daily = await staffGet<{ date: string; count: number }[]>(page, '/stats/daily-count');
    expect(shownCalls).toBeLessThanOrEqual(daily[0]?.count ?? 0);

    const stats = await staffGet<{ salesToday: number; salesWeek: number; salesMonth: number }>(
      page,
      '/stats/overview',
    );
    await expect(totalSales).toContainText(`Today${usd(stats.salesToday)}`);
    await expect(totalSales).toContainText(`This Week${usd(stats.salesWeek)}`);
    await expect(totalSales).toContainText(`This Month${usd(stats.salesMonth)}`);
  });

  await test.step('the Product Management list pages and filters on the server, with its state in the URL', async () => {
    let answer = listAnswer(page, (query) => !query.has('q') && !query.has('source'));
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Product Management' })
      .click();
    await expect(page).toHaveURL(`${admin}/manage-admin/products`);
    const list = productList(page);
    const total = await answer;
    expect(total).toBeGreaterThan(20);
    await expect(list.showing).toHaveText(`Showing 1 to 10 of ${total} results`);
    await expect(list.table.getByRole('row')).toHaveCount(11);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(list.showing).toHaveText(`Showing 11 to 20 of ${total} results`);
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await pagination.getByRole('button', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/[?&]page=3(&|$)/);
    await expect(list.showing).toHaveText(`Showing 21 to ${Math.min(30, total)} of ${total} results`);

    // A filter goes back to page 1 and is answered by the server.
    answer = listAnswer(page, (query) => query.get('source') === 'aliexpress' && query.get('page') === '1');
    await page.getByLabel('Source').selectOption('aliexpress');
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('source') === 'aliexpress' && !url.searchParams.has('page'),
    );
    const imported = await answer;
    expect(imported).toBeGreaterThan(10);
    expect(imported).toBeLessThan(total);
    await expect(list.showing).toHaveText(`Showing 1 to 10 of ${imported} results`);
    await expect(list.table.getByRole('cell', { name: 'manual', exact: true })).toHaveCount(0);
    await expect(list.table.getByRole('cell', { name: 'aliexpress', exact: true })).toHaveCount(10);

    answer = listAnswer(page, (query) => query.get('status') === 'draft');
    await page.getByLabel('Status').selectOption('draft');
    await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'draft');
    const drafts = await answer;
    expect(drafts).toBeGreaterThan(0);
    expect(drafts).toBeLessThan(10);
    await expect(list.showing).toHaveText(`Showing 1 to ${drafts} of ${drafts} results`);
    await expect(list.table.getByRole('row')).toHaveCount(drafts + 1);
    await expect(list.table.getByText('draft', { exact: true })).toHaveCount(drafts);

    answer = listAnswer(page, (query) => query.get('q') === 'Sunglasses');
    await list.search.fill('Sunglasses');
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'Sunglasses');
    expect(await answer).toBe(1);
    await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
    await expect(list.row('Polarized Sunglasses')).toHaveCount(1);

    // The address alone brings the same view back.
    await page.reload();
    await expect(page.getByLabel('Source')).toHaveValue('aliexpress');
    await expect(page.getByLabel('Status')).toHaveValue('draft');
    await expect(list.search).toHaveValue('Sunglasses');
    await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
  });

  await test.step('import a marketplace product after editing its title, and find it in the list', async () => {
    await page.goto(`${admin}/manage-admin/products`);
    await page.getByRole('link', { name: '+ Create Product' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Product' })).toBeVisible();
    await page.getByRole('button', { name: 'AliExpress Import' }).click();
    await expect(page).toHaveURL(/\/manage-admin\/products\/add-product\/aliexpress$/);

    await page.getByLabel('AliExpress Product ID').fill(NOT_YET_IMPORTED_ID);
    await page.getByRole('button', { name: 'Get Product Info' }).click();
    await expect(page.getByText('Product info fetched successfully.')).toBeVisible();
    const preview = page.getByRole('region', { name: 'Product preview' });
    await expect(preview.getByRole('heading', { name: /Oversized Hoodie/ })).toBeVisible();
    await expect(preview.getByText(`Product ID: ${NOT_YET_IMPORTED_ID}`)).toBeVisible();

    const basicInfo = page.getByRole('region', { name: 'Basic Information' });
    await expect(basicInfo.getByLabel(label('Product Title'))).toHaveValue(/Oversized Hoodie/);
    await fillIn(basicInfo, 'Product Title', importedTitle);
    await preview.getByRole('button', { name: 'Import to Catalog' }).click();
    await expect(page.getByText('Product info saved successfully.')).toBeVisible();
    await expect(preview.getByText('The product is in your catalogue.')).toBeVisible();

    const list = await searchList(page, importedTitle);
    await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
    const row = list.row(importedTitle);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'aliexpress', exact: true })).toBeVisible();
    await expect(row.getByText('published', { exact: true })).toBeVisible();
  });

  await test.step('edit the imported product and find it by its new title', async () => {
    await productList(page).row(importedTitle).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/manage-admin\/products\/edit-product\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    const titleField = page.getByLabel(label('Product Title'));
    await expect(titleField).toHaveValue(importedTitle);
    await titleField.fill(editedTitle);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product information saved successfully!')).toBeVisible();

    const list = await searchList(page, editedTitle);
    await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
    await expect(list.row(editedTitle)).toHaveCount(1);
    // The same product, renamed: the import's title is gone from the catalogue.
    await expect(list.table.getByText(importedTitle, { exact: true })).toHaveCount(0);
  });

  await test.step('create a product with the manual wizard, uploading an image', async () => {
    await page.goto(`${admin}/manage-admin/products/source`);
    await page.getByRole('button', { name: 'Manual Creation' }).click();
    await expect(page).toHaveURL(/\/manage-admin\/products\/add-product$/);
    await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
    const nextStep = page.getByRole('button', { name: 'Next Step' });

    await expect(page.getByRole('heading', { name: 'Step 1 of 5: Basic Information' })).toBeVisible();
    await expect(nextStep).toBeDisabled();
    await fillIn(page, 'Product Title', createdTitle);
    await fillIn(page, 'Category ID', '152401');
    await nextStep.click();

    await expect(page.getByRole('heading', { name: 'Step 2 of 5: Images & Media' })).toBeVisible();
    await expect(nextStep).toBeDisabled();
    await page
      .getByLabel('Upload Images')
      .setInputFiles({ name: 'e2e-tote.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const uploaded = page.getByRole('listitem', { name: 'e2e-tote.png' });
    await expect(uploaded).toBeVisible();
    await expect(uploaded.getByText('Default')).toBeVisible();
    await expect(uploaded.getByText('0.00 MB')).toBeVisible();
    await expect(uploaded.getByRole('img', { name: 'e2e-tote.png' })).toHaveAttribute(
      'src',
      /^http:\/\/localhost:3000\//,
    );
    await nextStep.click();

    await expect(page.getByRole('heading', { name: 'Step 3 of 5: Properties' })).toBeVisible();
    const property = page.getByRole('group', { name: 'Property 1' });
    await fillIn(property, 'Attribute Name', 'Material');
    await fillIn(property, 'Attribute Value', 'Cotton canvas');
    await nextStep.click();

    await expect(page.getByRole('heading', { name: 'Step 4 of 5: SKUs & Pricing' })).toBeVisible();
    // Options by name make the variants: one colour here, so one row.
    await page.getByRole('button', { name: 'Add option' }).click();
    const option = page.getByRole('group', { name: 'Option 1' });
    await option.getByLabel('Option name').fill('Color');
    await option.getByRole('combobox', { name: 'Values' }).fill('Natural');
    await option.getByRole('combobox', { name: 'Values' }).press('Enter');
    await page.getByLabel('Price (Natural)', { exact: true }).fill('14.99');
    await page.getByLabel('Compare-at Price (Natural)').fill('19.99');
    await page.getByLabel('Stock (Natural)').fill('40');
    await page.getByLabel('SKU Code (Natural)').fill(`e2e-${stamp}-01`);
    await nextStep.click();

    await expect(page.getByRole('heading', { name: 'Step 5 of 5: SEO & Labels' })).toBeVisible();
    await fillIn(page, 'Meta Title', `${createdTitle} | Shop Originals`);
    await fillIn(page, 'Meta Description', 'A heavy cotton canvas tote made for the browser journey.');
    await fillIn(page, 'URL Slug', `e2e-canvas-tote-bag-${stamp}`);
    await page.getByRole('button', { name: 'Auto-Assign Category' }).click();
    await expect(page.getByText('Main Category set to Fashion.')).toBeVisible();
    await expect(page.getByText('100%', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully!')).toBeVisible();
    await expect(page).toHaveURL(`${admin}/manage-admin/products`);

    const list = await searchList(page, createdTitle);
    const row = list.row(createdTitle);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'manual', exact: true })).toBeVisible();
    await expect(row.getByText('draft', { exact: true })).toBeVisible();
    // The uploaded picture is the row's thumbnail, not the 'No image' placeholder.
    await expect(row.getByText('No image')).toHaveCount(0);
  });

  await test.step('delete a product through the confirm dialog', async () => {
    const list = productList(page);
    // The searched page, not the unfiltered one it replaces, whose columns are laid out differently.
    await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
    await list.row(createdTitle).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(dialog.getByText('Are you sure you want to delete this product?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(list.row(createdTitle)).toHaveCount(0);
    await expect(page.getByText('No products found')).toBeVisible();

    // Gone on the server too, not just from this screen.
    await searchList(page, createdTitle);
    await expect(productList(page).showing).toHaveText('Showing 0 to 0 of 0 results');
  });

  expect(policyViolations).toEqual([]);
});
