import { expect, type Page, test } from '@playwright/test';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { shopperSignsIn, staffSignsIn } from './journey-helpers.ts';

const { admin, store, api } = shopAddresses('admin-app');

/** A 1×1 PNG: the shopper's photo of the damage. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type ShopperOrder = {
  _id: string;
  orderNumber: string;
  currency: string;
  isPaid: boolean;
  totalPrice: number;
};

/** One of the demo shopper's paid orders, as the API answers it. */
async function paidOrder(page: Page): Promise<ShopperOrder> {
  const token = await page.evaluate(() => window.localStorage.getItem('shop.userToken'));
  const response = await page.request.get(`${api}/order?limit=50`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const orders = ((await response.json()) as { data: ShopperOrder[] }).data;
  const order = orders.find((candidate) => candidate.isPaid && candidate.totalPrice >= 5);
  if (!order) throw new Error('the demo shopper has no paid order');
  return order;
}

async function fileDispute(page: Page, subject: string, orderNumber?: string) {
  await page.goto(`${store}/#/profile/appeal-dispute-center`);
  await expect(page.getByRole('heading', { name: 'Dispute Center / Appeal' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New Dispute' });
  await form.getByLabel(/^Subject/).fill(subject);
  if (orderNumber) await form.getByLabel(/^Order ID/).fill(orderNumber);
  await form.getByLabel(/^Detailed Description/).fill(`${subject}: the details, as the shopper tells them.`);
  return form;
}

test('a dispute on an order is answered, reviewed and resolved with a partial refund; another is escalated', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shopper = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();
  const subject = `Cracked case ${Date.now()}`;
  const reply = 'Sorry about that. We will refund part of the order.';

  let order: ShopperOrder = { _id: '', orderNumber: '', currency: 'USD', isPaid: true, totalPrice: 0 };
  await test.step('the shopper files a dispute on one of their orders with a photo', async () => {
    await shopperSignsIn(shopper);
    order = await paidOrder(shopper);
    const form = await fileDispute(shopper, subject, order.orderNumber);
    const chooser = shopper.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Attach Files' }).click();
    await (await chooser).setFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(form.getByRole('list', { name: 'Evidence files' }).getByText('damage.png')).toBeVisible();
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await expect(
      shopper.getByText(
        'Your dispute has been submitted successfully. We will review and respond within 48 hours.',
      ),
    ).toBeVisible();
  });

  await test.step('staff find it with the filters, reply and move it to under review', async () => {
    await staffSignsIn(staff);
    await staff.goto(`${admin}/manage-admin/disputes`);
    await staff.getByLabel('Search').fill(subject);
    const list = staff.getByRole('list', { name: 'Disputes' });
    await expect(list.getByRole('button')).toHaveCount(1);
    await list.getByRole('button', { name: new RegExp(subject) }).click();
    await expect(staff.getByText(order.orderNumber).first()).toBeVisible();
    await expect(staff.getByRole('link', { name: /File 1|damage|evidence/i }).first()).toBeVisible();

    await staff.getByLabel('Reply').fill(reply);
    await staff.getByRole('button', { name: 'Send Reply' }).click();
    await expect(
      staff
        .getByRole('log', { name: 'Message thread' })
        .or(staff.getByLabel('Message thread'))
        .getByText(reply),
    ).toBeVisible();

    const statuses = staff.getByRole('group', { name: 'Change status' });
    await statuses.getByRole('button', { name: 'Under Review' }).click();
    await expect(statuses.getByRole('button', { name: 'Under Review' })).toBeDisabled();
  });

  const refund = Math.round(order.totalPrice * 20) / 100;
  await test.step('staff resolve it with a partial refund', async () => {
    const resolution = staff.getByRole('form', { name: 'Resolution' });
    await resolution.getByRole('combobox', { name: 'Action' }).click();
    await staff.getByRole('option', { name: 'Partial Refund' }).click();
    await resolution.getByLabel(/^Amount/).fill(String(refund));
    // A refund on an order is in the order's currency: the form shows it and offers no other.
    await expect(resolution.getByRole('combobox', { name: 'Currency' })).toHaveValue(order.currency);
    await resolution.getByLabel(/^Notes/).fill('Partial refund for the cracked case.');
    await resolution.getByRole('button', { name: 'Resolve Dispute' }).click();
    await expect(staff.getByText('Resolution Applied')).toBeVisible();
    await expect(staff.getByText(/^RF-\d{6}$/)).toBeVisible();
  });

  await test.step('the shopper sees the reply, the resolution and the refund on the order', async () => {
    // The shopper comes back to the Dispute Center later.
    await shopper.goto(`${store}/#/profile`);
    await shopper.goto(`${store}/#/profile/appeal-dispute-center`);
    await shopper.getByRole('tab', { name: /^My Disputes/ }).click();
    await shopper
      .getByRole('list', { name: 'My Disputes' })
      .getByRole('button', { name: new RegExp(subject) })
      .click();
    await expect(shopper.getByText(reply)).toBeVisible();
    await expect(shopper.getByText(/Resolution Applied/)).toBeVisible();
    await expect(shopper.getByText('Partial refund for the cracked case.')).toBeVisible();

    await shopper.goto(`${store}/#/order/${order._id}`);
    const refunds = shopper.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByText('Partial refund for the cracked case.')).toBeVisible();
  });

  await test.step('another dispute is escalated by its shopper and shows as escalated on both sides', async () => {
    const other = `Late delivery ${Date.now()}`;
    const form = await fileDispute(shopper, other);
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await expect(shopper.getByRole('button', { name: 'Submit Another' })).toBeVisible();
    await shopper.getByRole('tab', { name: /^My Disputes/ }).click();
    await shopper
      .getByRole('list', { name: 'My Disputes' })
      .getByRole('button', { name: new RegExp(other) })
      .click();
    await shopper.getByRole('button', { name: 'Escalate' }).click();
    await expect(
      shopper.getByRole('list', { name: 'My Disputes' }).getByRole('button', { name: new RegExp(other) }),
    ).toContainText('Escalated');

    await staff.goto(`${admin}/manage-admin/disputes?status=escalated`);
    const escalated = staff
      .getByRole('list', { name: 'Disputes' })
      .getByRole('button', { name: new RegExp(other) });
    await expect(escalated).toContainText('Escalated');
  });
});
