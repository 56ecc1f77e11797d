import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { api, chooseSettings, demoShopperSignsIn, staffToken, store } from './journey-helpers';

// Paying the way shoppers in Bangladesh do: on SSLCommerz's page (its local stand-in, playwright.config.ts), and
// cash to the courier. The order is paid only when SSLCommerz confirms it, and cash only when it is delivered.

const PRODUCT = { search: 'Magnetic Case', name: /^Luxury Matte Magnetic Case For iPhone/ };

const admin = 'http://localhost:5173';

/** Puts the fixture case in the cart from its page and opens the checkout with the address filled in. */
async function checkoutWithTheCase(
  page: Page,
  request: APIRequestContext,
  where = { country: 'Bangladesh', city: 'Dhaka', zip: '1205', phone: '+880' },
) {
  const list = await (
    await request.get(`${api}/product/?search=${encodeURIComponent(PRODUCT.search)}&country=BD&currency=BDT`)
  ).json();
  const id = (list.data as Array<{ _id: string; name: string }>).find((item) =>
    PRODUCT.name.test(item.name),
  )?._id;
  if (!id) throw new Error('the fixture case is missing');
  await page.goto(`${store}/#/products/${id}`);
  await page
    .getByRole('region', { name: 'Shipping & Purchase' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await proceedToCheckout(page);
  await expect(page.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
  await page.getByLabel(/^Full Name/).fill('Rahim Uddin');
  await page.getByLabel(/^Address/).fill('House 12, Road 5, Dhanmondi');
  await page.getByLabel(/^City/).fill(where.city);
  await page.getByLabel(/^Province \/ State/).fill('Dhaka Division');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue(where.country);
  await page.getByLabel(/^ZIP \/ Postal Code/).fill(where.zip);
  await page.getByLabel(/^Phone Country Code/).fill(where.phone);
  await page.getByLabel(/^Mobile Number/).fill('1712345678');
}

async function placeOrder(page: Page) {
  const placed = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  return (await answer.json()).data as {
    _id: string;
    orderNumber: string;
    totalPrice: number;
    paymentFee: number;
  };
}

test('a shopper in Bangladesh pays on the SSLCommerz page and is back on a paid order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await demoShopperSignsIn(page);
  await chooseSettings(page, { shipTo: 'Bangladesh (BD)', currency: 'BDT', language: 'English' });
  await checkoutWithTheCase(page, request);

  await page.getByRole('radio', { name: 'SSLCommerz' }).check();
  await expect(
    page.getByText("You will pay on SSLCommerz's secure page, then come back here."),
  ).toBeVisible();
  // The browser leaves for SSLCommerz as soon as the order is placed: the order is read from where it comes back.
  await page.getByRole('button', { name: 'Place Order' }).click();

  await test.step('the SSLCommerz page takes the payment', async () => {
    await expect(page).toHaveURL(/127\.0\.0\.1:5197\/EasyCheckOut\//);
    await page.getByRole('button', { name: 'Pay' }).click();
  });

  const orderId =
    await test.step('back in the store, the order is paid once SSLCommerz confirmed it', async () => {
      await expect(page).toHaveURL(/5174\/payment\/return\?order=[\w-]+&outcome=paid$/);
      const id = new URL(page.url()).searchParams.get('order') ?? '';
      await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
      await page.getByRole('link', { name: 'View order' }).click();
      await expect(page).toHaveURL(`${store}/order/${id}`);
      await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay now' })).toBeHidden();
      return id;
    });

  await test.step('a refund goes back through SSLCommerz', async () => {
    const token = await staffToken(request);
    const refund = await request.post(`${api}/orders/${orderId}/refunds`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { amount: 100, reason: 'The case arrived scratched.' },
    });
    expect(refund.status(), await refund.text()).toBe(201);
    expect((await refund.json()).data.status).toBe('Completed');
  });
});

test('a shopper in Bangladesh pays cash on delivery: the fee is charged and the cash collected on delivery', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await demoShopperSignsIn(page);
  await chooseSettings(page, { shipTo: 'Bangladesh (BD)', currency: 'BDT', language: 'English' });
  await checkoutWithTheCase(page, request);

  const cod = page.getByRole('radio', { name: 'Cash on Delivery' });
  await expect(cod).toBeVisible();
  await cod.check();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Cash on delivery fee')).toBeVisible();
  const order = await placeOrder(page);
  expect(order.paymentFee).toBeGreaterThan(0);
  await expect(page.getByText('Order placed successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(`${store}/profile/order`);

  await page.goto(`${store}/#/order/${order._id}`);
  await expect(page.getByText('Cash on delivery fee')).toBeVisible();
  await expect(page.getByText('Unpaid', { exact: true }).first()).toBeVisible();

  await test.step('the courier delivers it and collects the cash', async () => {
    const token = await staffToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    for (const data of [
      { status: 'Confirmed' },
      { status: 'Shipped', carrier: 'Pathao', trackingNumber: 'PTH-7781' },
      { status: 'Delivered' },
    ]) {
      const moved = await request.post(`${api}/orders/${order._id}/status`, { headers, data });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
  });

  await page.reload();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Cash collected on delivery/)).toBeVisible();
});

test('a shopper pays with a card that needs 3-D Secure on Stripe, and staff refund it back to the card', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await demoShopperSignsIn(page);
  await chooseSettings(page, { shipTo: 'United States (US)', currency: 'USD', language: 'English' });
  await checkoutWithTheCase(page, request, {
    country: 'United States',
    city: 'New York',
    zip: '10118',
    phone: '+1',
  });

  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await expect(
    page.getByText(/You will enter your card on our payment provider's secure page/),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card Number' })).toBeHidden();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await test.step("the bank's 3-D Secure challenge on Stripe's page", async () => {
    await expect(page).toHaveURL(/127\.0\.0\.1:5195\/c\/pay\//);
    await page.getByLabel('Card number').fill('4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
  });

  const orderId = await test.step('back in the store, the order is paid', async () => {
    await expect(page).toHaveURL(/5174\/payment\/return\?order=[\w-]+&outcome=paid$/);
    await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
    return new URL(page.url()).searchParams.get('order') ?? '';
  });

  await test.step('staff refund the whole order from its page; it goes back to the card at once', async () => {
    const staff = await browser.newPage();
    await staff.goto(`${admin}/admin/auth/login`);
    await staff.getByLabel(/email/i).fill('admin@example.com');
    await staff.getByLabel(/password/i).fill('admin12345');
    await staff.getByRole('button', { name: 'Log In' }).click();
    await expect(staff).toHaveURL(/\/manage-admin\/dashboard$/);
    await staff.goto(`${admin}/manage-admin/orders/details?id=${orderId}`);
    const token = await staff.evaluate(() => window.localStorage.getItem('shop.adminToken'));
    const detail = await staff.request.get(`${api}/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const total = ((await detail.json()) as { data: { total: number } }).data.total;
    await staff
      .getByRole('toolbar', { name: 'Order actions' })
      .getByRole('button', { name: 'Refund' })
      .click();
    const dialog = staff.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel(/^Amount/).fill(String(total));
    await dialog.getByLabel(/^Reason/).fill('Ordered the wrong model');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toBeHidden();
    await staff.close();
  });

  // A fresh load: the page read this order when the shopper came back from Stripe.
  await page.goto(`${store}/#/order/${orderId}`);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Refunds' }).getByText('Ordered the wrong model'),
  ).toBeVisible();
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
});
