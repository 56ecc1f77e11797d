import { expect, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { ALIEXPRESS_STAND_IN, shopAddresses } from '../../scripts/e2e/shops.ts';
import { closeAddedToast } from '../../scripts/e2e/toast.ts';
import { control } from './dropship-helpers.ts';
import { shopperSignsIn, staffSignsIn } from './journey-helpers.ts';

const { admin, store, api } = shopAddresses('admin-app');

/** An imported marketplace item (server/fixtures/marketplace) with a SKU in stock: Sierra Blue, iPhone 15 Pro. */
const PRODUCT = { search: 'Magnetic Case', name: /^Luxury Matte Magnetic Case For iPhone/ };

const TRACKING = 'LP00999888777CN';
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

async function staffGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('shop.adminToken'));
  const response = await page.request.get(`${api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path} answers ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test.afterEach(async ({ request }) => {
  // The other staff journeys expect supplier orders to ship as soon as they are asked about.
  const reset = await request.post(`${ALIEXPRESS_STAND_IN.control}/reset`, { data: {} });
  expect(reset.ok()).toBe(true);
});

test('a bank-transfer order is paid, forwarded, shipped with tracking and partly refunded', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shopper = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();

  // Staff mark the order shipped by hand here, so the supplier keeps it unshipped: otherwise the shop's
  // tracking sync, which asks about new supplier orders within a minute, could ship it first.
  await control(staff, 'orders', { action: 'hold_shipments', hold: true });

  let order = { _id: '', orderNumber: '', currency: '', totalPrice: 0 };
  await test.step('the shopper orders by bank transfer', async () => {
    await shopperSignsIn(shopper);
    const searchBox = shopper.getByRole('searchbox', { name: 'Search top picks' });
    await searchBox.fill(PRODUCT.search);
    await searchBox.press('Enter');
    const href = await shopper
      .getByRole('article', { name: PRODUCT.name })
      .getByRole('link', { name: PRODUCT.name })
      .getAttribute('href');
    await shopper.goto(`${store}${href}`);
    await shopper.getByRole('group', { name: 'Color' }).getByRole('button', { name: 'Sierra Blue' }).click();
    await shopper
      .getByRole('group', { name: 'Size' })
      .getByRole('button', { name: 'iPhone 15 Pro', exact: true })
      .click();
    const shipping = shopper.getByRole('region', { name: 'Shipping & Purchase' });
    await shipping.getByRole('button', { name: 'Add to Cart' }).click();
    await closeAddedToast(shopper);
    // Only the case: a line from another seller would make the order two parcels.
    await shopper.getByRole('link', { name: 'Cart, 1 item', exact: true }).click();
    await proceedToCheckout(shopper);

    await expect(shopper.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
    await shopper.getByLabel(/^Full Name/).fill('Demo Shopper');
    await shopper.getByLabel(/^Address/).fill('House 12, Road 5, Dhanmondi');
    await shopper.getByLabel(/^City/).fill('Dhaka');
    await shopper.getByLabel(/^Province \/ State/).fill('Dhaka Division');
    await shopper.getByLabel(/^ZIP \/ Postal Code/).fill('1205');
    await shopper.getByLabel(/^Phone Country Code/).fill('+880');
    await shopper.getByLabel(/^Mobile Number/).fill('1712345678');
    await shopper.getByRole('radio', { name: 'Bank Transfer' }).check();
    const placed = shopper.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
    );
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    const response = await placed;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { data: typeof order & { isPaid: boolean } };
    expect(body.data.isPaid).toBe(false);
    order = body.data;
  });

  await test.step('staff find the order and confirm the payment', async () => {
    await staffSignsIn(staff);
    await staff.goto(`${admin}/manage-admin/orders`);
    await staff.getByLabel('Search').fill(order.orderNumber);
    await expect(staff).toHaveURL(new RegExp(`q=${order.orderNumber}`));
    const row = staff.getByRole('row', { name: new RegExp(order.orderNumber) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Unpaid')).toBeVisible();
    await row.getByRole('link', { name: 'View' }).click();
    await expect(staff).toHaveURL(new RegExp(`/manage-admin/orders/details\\?id=${order._id}`));

    const actions = staff.getByRole('toolbar', { name: 'Order actions' });
    await actions.getByRole('button', { name: 'Confirm Payment' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Confirm Payment' });
    await dialog.getByLabel(/Payment reference/).fill('BANK-REF-4471');
    await dialog.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByText('BANK-REF-4471', { exact: true })).toBeVisible();
  });

  await test.step('staff forward it to the supplier', async () => {
    await staff
      .getByRole('toolbar', { name: 'Order actions' })
      .getByRole('button', { name: 'Forward to AliExpress' })
      .click();
    await staff
      .getByRole('dialog', { name: 'Forward to AliExpress' })
      .getByRole('button', { name: 'Forward' })
      .click();
    await expect
      .poll(
        async () =>
          (
            await staffGet<{ status: string; forwarding: { aeOrderId: string | null } | null }>(
              staff,
              `/orders/${order._id}`,
            )
          ).forwarding?.aeOrderId,
      )
      .toMatch(/^\d+$/);
    await staff.goto(`${admin}/manage-admin/orders/aliexpress`);
    const row = staff.getByRole('row', { name: new RegExp(order.orderNumber) });
    // The order's status, then its one parcel's: all its items come from one seller.
    await expect(row.getByText('Forwarded').first()).toBeVisible({ timeout: 20_000 });
    await expect(row.getByLabel('Parcel 1').getByText('Forwarded')).toBeVisible();
    await expect(row.getByLabel('Parcel 2')).toHaveCount(0);
  });

  await test.step('staff mark it shipped with a tracking number', async () => {
    await staff.goto(`${admin}/manage-admin/orders/details?id=${order._id}&mode=edit`);
    const form = staff.getByRole('form', { name: 'Change status' });
    await form.getByRole('combobox', { name: 'New status' }).click();
    await staff.getByRole('option', { name: 'Shipped', exact: true }).click();
    await form.getByLabel(/^Carrier/).fill('Cainiao');
    await form.getByLabel(/^Tracking number/).fill(TRACKING);
    await form.getByRole('button', { name: 'Update Status' }).click();
    await expect
      .poll(async () => (await staffGet<{ status: string }>(staff, `/orders/${order._id}`)).status)
      .toBe('Shipped');
  });

  await test.step('the shopper sees Shipped with the tracking number', async () => {
    await shopper.goto(`${store}/#/order/${order._id}`);
    await expect(shopper.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(shopper.getByText(`Tracking number: ${TRACKING}`)).toBeVisible();
    await expect(shopper.getByRole('listitem', { name: 'Shipped' })).toHaveAttribute('aria-current', 'step');
    await expect(shopper.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  });

  const refund = Math.round(order.totalPrice * 30) / 100;
  type Overview = { revenueVsRefund: Array<{ date: string; refund: number }> };
  const refundedToday = async () => {
    const today = new Date().toISOString().slice(0, 10);
    const overview = await staffGet<Overview>(staff, '/stats/overview');
    return overview.revenueVsRefund.find((day) => day.date === today)?.refund ?? 0;
  };
  let refundedBefore = 0;
  await test.step('staff refund part of it and process the refund', async () => {
    refundedBefore = await refundedToday();
    await staff.goto(`${admin}/manage-admin/orders/details?id=${order._id}`);
    await staff
      .getByRole('toolbar', { name: 'Order actions' })
      .getByRole('button', { name: 'Refund' })
      .click();
    const dialog = staff.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel(/^Amount/).fill(String(refund));
    await dialog.getByLabel(/^Reason/).fill('Case arrived scratched');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toBeHidden();

    await staff.goto(`${admin}/manage-admin/orders/refunds`);
    const row = staff.getByRole('row', { name: new RegExp(order.orderNumber) });
    await expect(row.getByText('Pending')).toBeVisible();
    await row.getByRole('button', { name: 'Process' }).click();
    await staff
      .getByRole('dialog', { name: 'Process Refund' })
      .getByRole('button', { name: 'Process' })
      .click();
    await expect(row.getByText('Completed')).toBeVisible();
  });

  await test.step('the shopper’s order and the dashboard show the refund', async () => {
    await shopper.reload();
    const refunds = shopper.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByText(`Refunded: ${money(refund, order.currency)}`)).toBeVisible();
    await expect(refunds.getByText('Case arrived scratched')).toBeVisible();

    // The dashboard's Revenue vs Refund chart counts it today (in USD, the order's currency here).
    expect(order.currency).toBe('USD');
    expect(Math.round((await refundedToday()) * 100) - Math.round(refundedBefore * 100)).toBe(
      Math.round(refund * 100),
    );
    await staff.goto(`${admin}/manage-admin/dashboard`);
    await expect(staff.getByText('Revenue vs Refund')).toBeVisible();
  });
});
