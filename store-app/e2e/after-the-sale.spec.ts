import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin, api, shopperSignsIn, staffSignsIn, store } from './journey-helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signIn(request: APIRequestContext, path: string, email: string, password: string) {
  const answer = await request.post(`${api}${path}`, { data: { email, password } });
  expect(answer.ok(), `${path} answers ${answer.status()}`).toBe(true);
  const body = await answer.json();
  return (body.token ?? body.data?.token) as string;
}

test('a buyer reviews what was delivered; staff hide the review and it leaves the product page', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();
  const token = await signIn(request, '/user/login', 'shopper@example.com', 'shopper123');
  const waiting = await (await request.get(`${api}/reviews/reviewable`, { headers: bearer(token) })).json();
  const product = waiting.data[0].product as { _id: string; name: string };
  const comment = `Sturdy and quick to arrive (${Date.now()}).`;

  await test.step('the shopper writes a review from My Reviews', async () => {
    await shopperSignsIn(shopper, 'shopper@example.com', 'shopper123');
    await shopper.goto(`${store}/#/profile/my-reviews`);
    await shopper.getByRole('button', { name: `Write a review of ${product.name}` }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Write a Review' });
    // A star is chosen by its label, as a pointer does.
    const fourStars = await dialog.getByRole('radio', { name: '4 stars' }).getAttribute('id');
    await dialog.locator(`label[for="${fourStars}"]`).click();
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await dialog.getByLabel('Your review').fill(comment);
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(shopper.getByText('Thank you for your review!')).toBeVisible();
    await expect(shopper.getByRole('list', { name: 'My Reviews' }).getByText(comment)).toBeVisible();
  });

  await test.step('the review shows on the product page', async () => {
    await shopper.goto(`${store}/#/products/${product._id}`);
    await expect(shopper.getByRole('region', { name: 'Reviews' }).getByText(comment)).toBeVisible();
  });

  await test.step('staff hide it from the product viewer', async () => {
    await staffSignsIn(staff);
    await staff.goto(`${admin}/manage-admin/products/product-viewer?id=${product._id}`);
    const reviews = staff.getByRole('list', { name: 'Reviews' });
    const mine = reviews.getByRole('listitem').filter({ hasText: comment });
    await mine.getByRole('button', { name: /^Hide review by / }).click();
    await expect(mine.getByText('Hidden')).toBeVisible();
  });

  await test.step('the product page no longer shows it; My Reviews says it was hidden', async () => {
    await shopper.reload();
    await expect(shopper.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await expect(shopper.getByText(comment)).toHaveCount(0);
    await shopper.goto(`${store}/#/profile/my-reviews`);
    const card = shopper.getByRole('listitem', { name: product.name });
    await expect(card.getByText('Hidden by the store')).toBeVisible();
  });
});

test('a buyer asks for a refund within 7 days of delivery and staff approve it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `returns.${Date.now()}@example.org`;
  const password = 'correct-horse-42';
  const registered = await request.post(`${api}/user/register`, {
    data: { name: 'Rita Returns', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  const shopperToken = (await registered.json()).token as string;
  const staffToken = await signIn(request, '/admin/login', 'admin@example.com', 'admin12345');

  // An order placed and paid by card, then shipped and delivered by staff.
  const list = await (await request.get(`${api}/product/?page=1&limit=20&country=US&currency=USD`)).json();
  let line: { product: string; sku_id: string } | null = null;
  for (const item of list.data as { _id: string }[]) {
    const detail = await (await request.get(`${api}/product/${item._id}?country=US&currency=USD`)).json();
    const sku = detail.data.skus.find(
      (candidate: { sku_available_stock: number }) => candidate.sku_available_stock > 0,
    );
    if (sku) {
      line = { product: item._id, sku_id: String(sku.sku_id) };
      break;
    }
  }
  expect(line).not.toBeNull();
  const placed = await request.post(`${api}/order`, {
    headers: bearer(shopperToken),
    data: {
      items: [{ ...line, quantity: 1 }],
      shippingAddress: {
        full_name: 'Rita Returns',
        address: '350 Fifth Avenue',
        city: 'New York',
        province: 'NY',
        country: 'US',
        zip: '10118',
        mobile_no: '2125550142',
        phone_country: '+1',
      },
      // Paid at once (the PayPal test mode): with Stripe configured, cards are paid on Stripe's page instead.
      paymentMethod: 'PayPal',
      currency: 'USD',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderNumber: string };
  for (const step of [
    { status: 'Confirmed' },
    { status: 'Shipped', carrier: 'Cainiao', trackingNumber: 'LP00112233445CN' },
    { status: 'Delivered' },
  ]) {
    const moved = await request.post(`${api}/orders/${order._id}/status`, {
      headers: bearer(staffToken),
      data: step,
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  const shopper = await (await browser.newContext()).newPage();
  const staff = await (await browser.newContext()).newPage();

  await test.step('the Return & Refund page offers the order; the shopper asks for a refund on it', async () => {
    await shopperSignsIn(shopper, email, password);
    await shopper.goto(`${store}/#/profile/return-and-refund`);
    await shopper.getByRole('link', { name: `Request a Return: ${order.orderNumber}` }).click();
    const panel = shopper.getByRole('region', { name: 'Return or Refund' });
    await panel.getByRole('radio', { name: 'Refund' }).check();
    await panel.getByLabel(/Reason/).fill('The case arrived cracked.');
    await panel.getByRole('button', { name: 'Send Request' }).click();
    await expect(panel.getByText('Requested')).toBeVisible();
  });

  await test.step('staff approve it from the refunds screen with a note', async () => {
    await staffSignsIn(staff);
    await staff.goto(`${admin}/manage-admin/orders/refunds`);
    const row = staff
      .getByRole('table', { name: 'Return requests' })
      .getByRole('row')
      .filter({ hasText: order.orderNumber });
    await row.getByRole('button', { name: `Approve request for ${order.orderNumber}` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Approve refund request' });
    await dialog.getByLabel('Note to the shopper').fill('Sorry about that; refunding now.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByText('Request approved.')).toBeVisible();
  });

  await test.step('the shopper sees the answer on the order', async () => {
    await shopper.reload();
    const panel = shopper.getByRole('region', { name: 'Return or Refund' });
    await expect(panel.getByText('Approved')).toBeVisible();
    await expect(panel.getByText("Store's answer: Sorry about that; refunding now.")).toBeVisible();
  });
});
