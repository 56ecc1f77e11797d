import { expect, type Locator, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { ALIEXPRESS_STAND_IN, shopAddresses } from '../../scripts/e2e/shops.ts';
import { control, productNamed, staffApi } from './dropship-helpers.ts';
import { shopperSignsIn, staffSignsIn } from './journey-helpers.ts';

const { admin, store } = shopAddresses('admin-app');

/**
 * Two imported marketplace items (server/fixtures/marketplace) from different AliExpress stores, so an order of
 * both ships as two supplier parcels; no other staff journey touches them.
 */
const MOUSE = { search: 'Wireless Mouse', name: /^Wireless Mouse Bluetooth Rechargeable/ };
const UTENSILS = { search: 'Silicone Kitchen Utensils', name: /^Silicone Kitchen Utensils Set/ };

type Parcel = { id: string; number: number; status: string; aeOrderId: string | null };

test.afterEach(async ({ request }) => {
  // The other staff journeys expect supplier orders to ship as soon as they are asked about.
  const reset = await request.post(`${ALIEXPRESS_STAND_IN.control}/reset`, { data: {} });
  expect(reset.ok()).toBe(true);
});

test('an order from two sellers ships in two parcels the shopper tracks separately', async ({ browser }) => {
  test.setTimeout(180_000);
  const shopper = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();
  const staffViolations = await watchPolicyViolations(staff);
  const shopperViolations = await watchPolicyViolations(shopper);
  let order = { _id: '', orderNumber: '' };
  let parcels: Parcel[] = [];

  await test.step('the suppliers hold their orders until they ship them', async () => {
    await staffSignsIn(staff);
    await control(staff, 'reset', {});
    await control(staff, 'orders', { action: 'hold_shipments', hold: true });
  });

  const mouse = await productNamed(staff, MOUSE);
  const utensils = await productNamed(staff, UTENSILS);

  await test.step('the shopper buys the mouse and the utensils in one order', async () => {
    await shopperSignsIn(shopper);
    for (const [count, product] of [mouse, utensils].entries()) {
      await shopper.goto(`${store}/products/${product._id}`);
      await expect(shopper.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await shopper
        .getByRole('region', { name: 'Shipping & Purchase' })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await expect(shopper.getByText('Product added to cart!').first()).toBeVisible();
      await expect(
        shopper.getByRole('link', { name: `Cart, ${count + 1} item${count === 0 ? '' : 's'}` }),
      ).toBeVisible();
    }
    await shopper.getByRole('link', { name: 'Cart, 2 items' }).click();
    await expect(shopper.getByRole('listitem', { name: mouse.name })).toBeVisible();
    await expect(shopper.getByRole('listitem', { name: utensils.name })).toBeVisible();
    await proceedToCheckout(shopper);

    await expect(shopper.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
    await shopper.getByLabel(/^Full Name/).fill('Demo Shopper');
    await shopper.getByLabel(/^Address/).fill('House 12, Road 5, Dhanmondi');
    await shopper.getByLabel(/^City/).fill('Dhaka');
    await shopper.getByLabel(/^Province \/ State/).fill('Dhaka Division');
    await expect(shopper.getByRole('combobox', { name: 'Country' })).toHaveValue('Bangladesh');
    await shopper.getByLabel(/^ZIP \/ Postal Code/).fill('1205');
    await shopper.getByLabel(/^Phone Country Code/).fill('+880');
    await shopper.getByLabel(/^Mobile Number/).fill('1712345678');
    await shopper.getByRole('radio', { name: 'Bank Transfer' }).check();
    const placed = shopper.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
    );
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    const response = await placed;
    expect(response.status(), await response.text()).toBe(201);
    order = ((await response.json()) as { data: typeof order }).data;
    await expect(shopper.getByText('Order placed successfully!').first()).toBeVisible();
  });

  await test.step('staff confirm the transfer and forward the order from the forwarding screen', async () => {
    await staffApi(staff, 'POST', `/orders/${order._id}/confirm-payment`, { reference: 'BANK-REF-PARCELS' });
    await staff.goto(`${admin}/manage-admin/orders/aliexpress`);
    const row = forwardingRow(staff, order.orderNumber);
    await row.getByRole('button', { name: 'Forward' }).click();
    await expect(staff.getByText(new RegExp(`^Order ${order.orderNumber} forwarded`))).toBeVisible();
    await expect(parcelOnScreen(row, 1).getByText('Forwarded', { exact: true })).toBeVisible();
    await expect(parcelOnScreen(row, 2).getByText('Forwarded', { exact: true })).toBeVisible();

    const forwardings = await staffApi<Array<{ orderId: string; parcels: Parcel[] }>>(
      staff,
      'GET',
      '/forwarding?limit=50',
    );
    parcels = forwardings.find((row) => row.orderId === order._id)?.parcels ?? [];
    expect(parcels.map((parcel) => parcel.number)).toEqual([1, 2]);
    // Each parcel is its own supplier order.
    const placedOrders = (await control(staff, 'calls?method=aliexpress.ds.order.create')) as unknown[];
    expect(placedOrders).toHaveLength(2);
    expect(parcels.every((parcel) => parcel.aeOrderId)).toBe(true);
    expect(new Set(parcels.map((parcel) => parcel.aeOrderId)).size).toBe(2);
  });

  const [first, second] = parcels;
  if (!first?.aeOrderId || !second?.aeOrderId) throw new Error('the order was not placed as two parcels');
  const firstTracking = `LP00${first.aeOrderId.slice(-12)}`;
  const secondTracking = `YT${second.aeOrderId.slice(-12)}`;

  await test.step('the shopper sees two parcels being prepared', async () => {
    await shopper.goto(`${store}/order/${order._id}`);
    const section = shopper.getByRole('region', { name: 'Parcels and tracking' });
    await expect(section.getByText('Your order ships in 2 parcels from different sellers')).toBeVisible();
    for (const number of [1, 2]) {
      const parcel = section.getByRole('article', { name: `Parcel ${number}` });
      await expect(parcel.getByText('Being prepared')).toBeVisible();
      await expect(parcel).not.toContainText('Tracking number');
    }
    // Each seller's item travels in its own parcel.
    const contents = await section.getByRole('article').allTextContents();
    expect(contents).toHaveLength(2);
    expect(contents.filter((text) => text.includes(mouse.name))).toHaveLength(1);
    expect(contents.filter((text) => text.includes(utensils.name))).toHaveLength(1);
    expect(contents.find((text) => text.includes(mouse.name))).not.toContain(utensils.name);
  });

  await test.step('the first seller ships and staff sync the tracking', async () => {
    await control(staff, 'orders', {
      action: 'ship',
      orderId: first.aeOrderId,
      carrier: 'Cainiao',
      trackingNumber: firstTracking,
    });
    await syncTracking(staff, order.orderNumber);
    const row = forwardingRow(staff, order.orderNumber);
    await expect(parcelOnScreen(row, 1).getByText('Shipped', { exact: true })).toBeVisible();
    await expect(parcelOnScreen(row, 2).getByText('Forwarded', { exact: true })).toBeVisible();
  });

  await test.step('the shopper sees parcel 1 on its way and parcel 2 not shipped yet', async () => {
    await shopper.reload();
    const section = shopper.getByRole('region', { name: 'Parcels and tracking' });
    const one = section.getByRole('article', { name: 'Parcel 1' });
    await expect(one.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(one.getByText('Carrier: Cainiao')).toBeVisible();
    await expect(one.getByText(`Tracking number: ${firstTracking}`)).toBeVisible();
    await expect(one.getByText('Handed to the carrier')).toBeVisible();
    const two = section.getByRole('article', { name: 'Parcel 2' });
    await expect(two.getByText('Being prepared')).toBeVisible();
    await expect(two).not.toContainText('Tracking number');
    await expect(two).not.toContainText('Carrier');
  });

  await test.step('the second seller ships with another carrier and staff sync again', async () => {
    await control(staff, 'orders', {
      action: 'ship',
      orderId: second.aeOrderId,
      carrier: 'YunExpress',
      trackingNumber: secondTracking,
    });
    await syncTracking(staff, order.orderNumber);
    const row = forwardingRow(staff, order.orderNumber);
    await expect(parcelOnScreen(row, 2).getByText('Shipped', { exact: true })).toBeVisible();
  });

  await test.step('the shopper tracks each parcel by its own number', async () => {
    await shopper.reload();
    const section = shopper.getByRole('region', { name: 'Parcels and tracking' });
    const one = section.getByRole('article', { name: 'Parcel 1' });
    const two = section.getByRole('article', { name: 'Parcel 2' });
    await expect(one.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(one.getByText(`Tracking number: ${firstTracking}`)).toBeVisible();
    await expect(two.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(two.getByText('Carrier: YunExpress')).toBeVisible();
    await expect(two.getByText(`Tracking number: ${secondTracking}`)).toBeVisible();
    await expect(one).not.toContainText(secondTracking);
    await expect(two).not.toContainText(firstTracking);
  });

  expect(staffViolations).toEqual([]);
  expect(shopperViolations).toEqual([]);
});

/** The order's row on the forwarding screen (its first cell links to the order by number). */
function forwardingRow(page: Page, orderNumber: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber, exact: true }) });
}

/** One parcel in the row's Parcels column. */
function parcelOnScreen(row: Locator, number: number): Locator {
  return row.getByLabel(`Parcel ${number}`, { exact: true });
}

async function syncTracking(page: Page, orderNumber: string) {
  const row = forwardingRow(page, orderNumber);
  const synced = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/forward/sync'),
  );
  await row.getByRole('button', { name: 'Sync tracking' }).click();
  const response = await synced;
  expect(response.ok(), await response.text()).toBe(true);
  await expect(page.getByText(new RegExp(`^Tracking of order ${orderNumber}: `)).first()).toBeVisible();
}
