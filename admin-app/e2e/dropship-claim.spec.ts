import { expect, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { callAs, control, productNamed } from './dropship-helpers.ts';
import { shopperSignsIn, staffSignsIn } from './journey-helpers.ts';

const { admin, store } = shopAddresses('admin-app');

/** An imported marketplace item (server/fixtures/marketplace) with SKUs in stock. */
const PRODUCT = { search: 'Magnetic Case', name: /^Luxury Matte Magnetic Case For iPhone/ };

test('a parcel never arrives, the shopper claims it and staff reship it from the claim', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shopper = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();
  const policyViolations = await watchPolicyViolations(staff);
  let order = { _id: '', orderNumber: '' };
  let product = { _id: '', productId: '', name: '' };

  await test.step('the case’s supplier promises delivery by the day it is ordered', async () => {
    await staffSignsIn(staff);
    product = await productNamed(staff, PRODUCT);
    await control(staff, 'reset', {});
    await control(staff, 'scenario', { action: 'promise_days', productId: product.productId, days: 0 });
  });

  await test.step('the shopper orders the case, staff confirm the payment and forward the order', async () => {
    type Suppliers = { variants: Array<{ skuId: string; label: string; stock: number }> };
    const suppliers = await callAs<Suppliers>(
      staff,
      'shop.adminToken',
      'GET',
      `/products/${product._id}/suppliers`,
    );
    const variant =
      suppliers.variants.find((v) => v.stock > 0 && /Sierra Blue/.test(v.label)) ??
      suppliers.variants.find((v) => v.stock > 0);
    if (!variant) throw new Error('the case has no variant in stock');

    await shopperSignsIn(shopper);
    order = await callAs(shopper, 'shop.userToken', 'POST', '/order', {
      items: [{ product: product._id, sku_id: variant.skuId, quantity: 1 }],
      shippingAddress: {
        full_name: 'Demo Shopper',
        address: 'House 12, Road 5, Dhanmondi',
        city: 'Dhaka',
        province: 'Dhaka Division',
        country: 'BD',
        zip: '1205',
        mobile_no: '1712345678',
        phone_country: '+880',
        logistics_service_name: 'CAINIAO_STANDARD',
      },
      paymentMethod: 'Bank Transfer',
      currency: 'USD',
    });
    await callAs(staff, 'shop.adminToken', 'POST', `/orders/${order._id}/confirm-payment`, {
      reference: 'BANK-REF-CLAIM',
    });
    await callAs(staff, 'shop.adminToken', 'POST', `/orders/${order._id}/forward`);
    const placed = (await control(staff, 'calls?method=aliexpress.ds.order.create')) as unknown[];
    expect(placed).toHaveLength(1);
  });

  await test.step('the shopper reports that parcel 1 never arrived', async () => {
    await shopper.goto(`${store}/#/order/${order._id}`);
    const section = shopper.getByRole('region', { name: 'Problems with a parcel' });
    const first = section.getByLabel('Parcel 1');
    await first.getByRole('button', { name: 'Report a problem' }).click();
    const form = shopper.getByRole('form', { name: 'Report a problem with parcel 1' });
    await expect(form.getByRole('radio', { name: 'It never arrived' })).toBeChecked();
    await form
      .getByRole('textbox', { name: /Tell us what happened/ })
      .fill('The tracking never moved and nothing came.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(first.getByText('We are looking into it')).toBeVisible();
  });

  await test.step('staff open the claim, see the supplier dispute, and reship', async () => {
    await staff.goto(`${admin}/manage-admin/orders/claims`);
    const row = staff.getByRole('row', { name: new RegExp(order.orderNumber) });
    await row.getByRole('button', { name: `Open claim on ${order.orderNumber} parcel 1` }).click();
    const drawer = staff.getByRole('dialog', { name: 'Claim' });
    await expect(drawer.getByText(/^Dispute \d+: Waiting for the supplier$/)).toBeVisible();
    await drawer.getByRole('button', { name: 'Reship' }).click();
    const confirm = staff.getByRole('dialog', { name: 'Send the items again' });
    await confirm.getByLabel('Note to the shopper').fill('Sorry about that, a new parcel is on its way.');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(staff.getByText('Reshipment created and placed with the supplier.')).toBeVisible();
  });

  await test.step('the stand-in received the second supplier order', async () => {
    const placed = (await control(staff, 'calls?method=aliexpress.ds.order.create')) as Array<
      Record<string, string>
    >;
    expect(placed).toHaveLength(2);
    const references = placed.map(
      (call) =>
        (JSON.parse(call.param_place_order_request4_open_api_d_t_o ?? '{}') as { out_order_id?: string })
          .out_order_id,
    );
    expect(new Set(references).size).toBe(2);
  });

  await test.step('the shopper sees the reshipment parcel on the order page', async () => {
    await shopper.reload();
    const section = shopper.getByRole('region', { name: 'Problems with a parcel' });
    await expect(section.getByLabel('Parcel 1').getByText('Sent again')).toBeVisible();
    await expect(section.getByLabel('Parcel 2')).toBeVisible();
  });

  expect(policyViolations).toEqual([]);
});
