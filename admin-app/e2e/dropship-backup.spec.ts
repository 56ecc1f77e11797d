import { expect, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { control, staffApi } from './dropship-helpers.ts';
import { staffSignsIn } from './journey-helpers.ts';

const { admin } = shopAddresses('admin-app');

/** The demo catalogue's SOUNDPEATS earbuds (imported from the marketplace) and the item that backs them up. */
const PRIMARY_ITEM = '1005006218437795';
const BACKUP_ITEM = '1005006084529133';
/** One of the backup's SKUs with stock (759 at the supplier). */
const BACKUP_SKU = '12000031291839183';

test('a supplier runs out, staff switch the variant to its backup from the alert, and the next order goes to the backup', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const policyViolations = await watchPolicyViolations(page);
  await staffSignsIn(page);
  await control(page, 'reset', {});

  const found = await staffApi<Array<{ _id: string; productId: string }>>(
    page,
    'GET',
    `/product/?q=${encodeURIComponent('TWS Wireless Earbuds')}&limit=20`,
  );
  const product = found.find((row) => row.productId === PRIMARY_ITEM);
  if (!product) throw new Error('the demo catalogue has no SOUNDPEATS earbuds');
  type Suppliers = { variants: Array<{ skuId: string; label: string; stock: number }> };
  const before = await staffApi<Suppliers>(page, 'GET', `/products/${product._id}/suppliers`);
  const variant = before.variants.find((v) => v.stock > 0);
  if (!variant) throw new Error('the earbuds have no variant in stock');

  await test.step('staff give the variant a backup supplier on the product screen', async () => {
    await page.goto(`${admin}/manage-admin/products/edit-product/${product._id}`);
    const section = page.getByRole('region', { name: 'Suppliers' });
    await section
      .getByRole('textbox', { name: 'AliExpress item ID or link' })
      .fill(`https://www.aliexpress.com/item/${BACKUP_ITEM}.html`);
    await section.getByRole('button', { name: 'Look Up' }).click();
    const skus = section.getByRole('table', { name: 'Supplier SKUs' });
    await expect(skus.getByRole('columnheader', { name: /^Delivery to / }).first()).toBeVisible();
    const row = skus.getByRole('row').filter({ hasText: BACKUP_SKU });
    await expect(row.getByRole('cell').nth(2)).toHaveText('759');
    await row.getByRole('radio').check();
    await section.getByRole('combobox', { name: 'Variant' }).selectOption(variant.skuId);
    await section.getByRole('combobox', { name: 'Use as' }).selectOption('backup');
    await section.getByRole('button', { name: 'Save supplier', exact: true }).click();
    const mapped = section.getByRole('table', { name: 'Variant suppliers' });
    await expect(
      mapped.getByRole('row').filter({ hasText: 'Backup' }).filter({ hasText: BACKUP_ITEM }),
    ).toBeVisible();
  });

  await test.step('the primary supplier runs out', async () => {
    await control(page, 'scenario', {
      action: 'stock',
      productId: PRIMARY_ITEM,
      skuId: variant.skuId,
      stock: 0,
    });
  });

  await test.step('staff check the suppliers and switch to the backup from the dashboard alert', async () => {
    await page.goto(`${admin}/manage-admin/dashboard`);
    const alerts = page.getByRole('region', { name: 'Supplier Alerts' });
    await alerts.getByRole('button', { name: 'Check suppliers now' }).click();
    const alert = alerts.getByRole('group', { name: /the supplier has 0 left/ });
    // The check asks the supplier about every imported product before it answers: seconds on a busy machine.
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await alert.getByRole('button', { name: /^Switch to backup \(margin -?[\d.]+%\)$/ }).click();
    await expect(page.getByText('Switched to the backup supplier.')).toBeVisible();
    await expect(alert).toBeHidden();
  });

  await test.step('the next order of that variant is forwarded to the backup', async () => {
    await control(page, 'reset', {});
    const order = await staffApi<{ _id: string }>(page, 'POST', '/orders', {
      productId: product._id,
      skuId: variant.skuId,
      quantity: 1,
      address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, BD',
      paymentMethod: 'Offline',
      customerName: 'Rahim Uddin',
      customerEmail: 'rahim.backup@example.com',
    });
    // The supplier needs the address field by field, as checkout takes it.
    await staffApi(page, 'PUT', `/orders/${order._id}/edit`, {
      shippingAddress: {
        full_name: 'Rahim Uddin',
        address: 'House 12, Road 5, Dhanmondi',
        city: 'Dhaka',
        province: 'Dhaka Division',
        postalCode: '1205',
        country: 'BD',
        mobile_no: '1712345678',
      },
    });
    await staffApi(page, 'POST', `/orders/${order._id}/confirm-payment`, { reference: 'BANK-REF-BACKUP' });
    await staffApi(page, 'POST', `/orders/${order._id}/forward`);
    const calls = (await control(page, 'calls?method=aliexpress.ds.order.create')) as Array<
      Record<string, string>
    >;
    const placed = calls.map(
      (call) =>
        JSON.parse(call.param_place_order_request4_open_api_d_t_o ?? '{}') as {
          product_items?: Array<{ product_id: number | string; sku_attr: string }>;
        },
    );
    const backup = await staffApi<{
      variants: Array<{
        skuId: string;
        suppliers: Array<{ role: string; aeProductId: string; aeSkuId: string; aeSkuAttr: string }>;
      }>;
    }>(page, 'GET', `/products/${product._id}/suppliers`);
    const primary = backup.variants
      .find((v) => v.skuId === variant.skuId)
      ?.suppliers.find((s) => s.role === 'primary' && s.aeProductId === BACKUP_ITEM);
    expect(primary?.aeSkuId).toBe(BACKUP_SKU);
    expect(placed.flatMap((p) => p.product_items ?? [])).toContainEqual(
      expect.objectContaining({ product_id: Number(BACKUP_ITEM), sku_attr: primary?.aeSkuAttr }),
    );
  });

  expect(policyViolations).toEqual([]);
});
