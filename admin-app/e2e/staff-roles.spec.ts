import { expect, test } from '@playwright/test';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { describePagesOnFailure, staffSignsIn } from './journey-helpers.ts';

const { admin, api } = shopAddresses('admin-app');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label, with or without the required asterisk Mantine appends. */
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}\\s*\\*?$`);

// It failed once on its first try with the Editor's products screen showing no search field.
describePagesOnFailure();

test('a SuperAdmin creates an Editor, who edits a product, reaches no orders, and shows in the activity log', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const editor = {
    first: 'Eddie',
    last: `Editor${stamp}`,
    email: `eddie.${stamp}@example.com`,
    password: 'Edit0r!Pass',
  };
  const superAdmin = await (await browser.newContext()).newPage();
  const editorPage = await (await browser.newContext()).newPage();

  await test.step('the SuperAdmin creates an Editor', async () => {
    await staffSignsIn(superAdmin);
    await superAdmin.goto(`${admin}/manage-admin/admin/create`);
    const form = superAdmin.getByRole('form', { name: 'Create admin' });
    await form.getByLabel(label('First Name')).fill(editor.first);
    await form.getByLabel(label('Last Name')).fill(editor.last);
    await form.getByLabel(label('Email')).fill(editor.email);
    await form
      .getByRole('textbox', { name: label('Role') })
      .or(form.getByRole('combobox', { name: label('Role') }))
      .click();
    await superAdmin.getByRole('option', { name: /^Editor/ }).click();
    await form.getByLabel(label('Password'), { exact: true }).fill(editor.password);
    await form.getByLabel(label('Confirm Password')).fill(editor.password);
    await form.getByRole('button', { name: 'Create Admin' }).click();
    await expect(superAdmin.getByText('Admin user created successfully!')).toBeVisible();
  });

  const newTitle = `Shop Originals A5 Dotted Notebook, 160 Pages (${stamp})`;
  await test.step('the Editor signs in and edits a product', async () => {
    await staffSignsIn(editorPage, editor.email, editor.password);
    await editorPage.goto(`${admin}/manage-admin/products`);
    const search = editorPage.getByRole('searchbox').first();
    await search.fill('Dotted Notebook');
    await search.press('Enter');
    const table = editorPage.getByRole('table', { name: 'Products' });
    // The searched page, not the unfiltered one it replaces: its columns take other widths.
    await expect(table.locator('tbody tr').filter({ hasNotText: 'Dotted Notebook' })).toHaveCount(0);
    const row = table.getByRole('row').filter({ hasText: 'Dotted Notebook' });
    await row.first().getByRole('link', { name: 'Edit' }).click();
    await expect(editorPage.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await editorPage.getByLabel(label('Product Title')).fill(newTitle);
    await editorPage.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editorPage.getByText('Product information saved successfully!')).toBeVisible();
  });

  await test.step('the Editor has no orders screen and the orders API refuses them', async () => {
    await expect(
      editorPage.getByRole('navigation').getByRole('link', { name: /^All Orders$|^Orders$/ }),
    ).toHaveCount(0);
    await editorPage.goto(`${admin}/manage-admin/orders`);
    await expect(editorPage.getByText('You do not have permission to view this page.')).toBeVisible();
    const token = await editorPage.evaluate(() => window.localStorage.getItem('shop.adminToken'));
    const response = await editorPage.request.get(`${api}/orders`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(403);
  });

  await test.step('the activity log, filtered by the Editor, shows what they did', async () => {
    await superAdmin.goto(`${admin}/manage-admin/admin/activity`);
    await superAdmin
      .getByRole('combobox', { name: 'Admin', exact: true })
      .selectOption({ label: `${editor.first} ${editor.last} (${editor.email})` });
    const table = superAdmin.getByRole('table');
    await expect(table.getByText(/product\.update/).first()).toBeVisible();
    await expect(table.getByText(editor.email).first()).toBeVisible();
    await expect(table.getByText('admin@example.com')).toHaveCount(0);
  });
});
