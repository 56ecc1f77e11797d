import { expect, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { closeAddedToast } from '../../scripts/e2e/toast.ts';

const { admin, store, panel, api } = shopAddresses('vendor-app');

// A 2×2 PNG: the server reads a picture's first bytes and measures it, so the file must be a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

async function signInVendor(page: Page, email: string, password: string) {
  await page.goto(`${panel}/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a shop applies to sell, is approved, lists a product with a coupon; a shopper asks, buys with the coupon, and sees the answer and the tracking', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36).toUpperCase();
  const shopName = `E2E Clay Works ${run}`;
  const email = `clay.${run.toLowerCase()}@example.org`;
  const password = 'vendor-pass-42';
  const productTitle = `E2E Terracotta Planter ${run}`;
  const code = `CLAY${run}`;
  const tracking = `DHL${run}`;
  const answer = `Yes, it has a drainage hole (${run}).`;

  const vendor = await browser.newPage();
  const staff = await browser.newPage();
  const shopper = await browser.newPage();
  const policyViolations = await Promise.all([vendor, staff, shopper].map(watchPolicyViolations));

  await test.step('the storefront footer leads shop owners to the application', async () => {
    await shopper.goto(`${store}/`);
    await expect(shopper.getByRole('link', { name: 'Sell on Shop' })).toBeVisible();
  });

  await test.step('a shop owner applies from the vendor panel’s sign-in page', async () => {
    await vendor.goto(`${panel}/manage-vandor/dashboard`);
    await expect(vendor).toHaveURL(/\/login/);
    await vendor.getByRole('link', { name: 'Apply to sell' }).click();
    const form = vendor.getByRole('form', { name: 'Apply to sell' });
    await form.getByLabel(/^Store Name/).fill(shopName);
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill(password);
    await form.getByLabel(/^Phone/).fill('+8801711223344');
    await form.getByLabel(/^Address/).fill('Shop 4, Kumarpara, Dhaka');
    await form.getByLabel(/^Description/).fill('Hand-thrown clay pots.');
    await form.getByRole('button', { name: 'Apply to sell' }).click();
    await expect(vendor.getByRole('heading', { name: 'Application received' })).toBeVisible();

    await signInVendor(vendor, email, password);
    await expect(vendor.getByRole('alert')).toHaveText('Your application is still under review.');
  });

  await test.step('staff approve the application', async () => {
    await staff.goto(`${admin}/admin/auth/login`);
    await staff.getByLabel(/email/i).fill('admin@example.com');
    await staff.getByLabel(/password/i).fill('admin12345');
    await staff.getByRole('button', { name: 'Log In' }).click();
    await expect(staff).toHaveURL(/\/manage-admin\/dashboard$/);
    await staff.goto(`${admin}/manage-admin/vendors`);
    await staff.getByRole('button', { name: `Approve ${shopName}` }).click();
    await expect(staff.getByText(`${shopName} is approved`)).toBeVisible();
  });

  await test.step('the vendor signs in and sets the store logo', async () => {
    await signInVendor(vendor, email, password);
    await expect(vendor).toHaveURL(/\/manage-vandor\/dashboard$/);
    await expect(vendor.getByText('Welcome, Vendor!')).toBeVisible();
    await expect(vendor.getByText(shopName).first()).toBeVisible();

    await vendor
      .getByRole('navigation', { name: 'Vendor panel' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const settings = vendor.getByRole('form', { name: 'Store settings' });
    await expect(settings.getByLabel(/^Store Name/)).toHaveValue(shopName);
    await settings.locator('input[type="file"]').setInputFiles(picture('logo.png'));
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expect(vendor.getByText('Settings saved!')).toBeVisible();
    const me = await vendor.evaluate(async (url) => {
      const token = localStorage.getItem('shop.vendorToken');
      const answer = await fetch(`${url}/vendor/me`, { headers: { Authorization: `Bearer ${token}` } });
      return (await answer.json()) as { data: { _id: string; logoUrl: string | null } };
    }, api);
    expect(me.data.logoUrl).toMatch(/^http/);
    const page = await request.get(`${api}/stores/${me.data._id}`);
    expect(((await page.json()) as { data: { logo: string | null } }).data.logo).toBe(me.data.logoUrl);
  });

  await test.step('the vendor creates a product, which waits for staff', async () => {
    await vendor
      .getByRole('navigation', { name: 'Vendor panel' })
      .getByRole('link', { name: 'Products' })
      .click();
    await vendor.getByRole('link', { name: 'Add Product' }).first().click();
    await vendor.getByLabel(/^Product Title/).fill(productTitle);
    await vendor.getByRole('combobox', { name: /^Category/ }).click();
    await vendor.getByRole('option', { name: 'Home & Kitchen' }).click();
    await vendor
      .getByRole('region', { name: 'Images' })
      .locator('input[type="file"]')
      .setInputFiles(picture('planter.png'));
    await expect(vendor.getByRole('listitem', { name: 'planter.png' })).toBeVisible();
    const variants = vendor.getByRole('region', { name: 'Options & Variants' });
    await variants
      .getByLabel(/^Price/)
      .first()
      .fill('24.00');
    await variants
      .getByLabel(/^Stock/)
      .first()
      .fill('30');
    await variants
      .getByLabel(/^SKU Code/)
      .first()
      .fill(`PLANTER-${run}`);
    await vendor.getByRole('button', { name: 'Create Product' }).click();
    await expect(vendor.getByText('Product created and sent for approval.')).toBeVisible();
    await expect(vendor.getByRole('row').filter({ hasText: productTitle })).toContainText('Pending approval');

    const hidden = await request.get(`${api}/product/?search=${encodeURIComponent(productTitle)}`);
    expect(JSON.stringify(await hidden.json())).not.toContain(productTitle);
  });

  await test.step('the vendor makes a 10% coupon for the store', async () => {
    await vendor
      .getByRole('navigation', { name: 'Vendor panel' })
      .getByRole('link', { name: 'Promotion & Coupons' })
      .click();
    await vendor.getByRole('button', { name: 'New Coupon' }).click();
    const form = vendor.getByRole('form', { name: 'New coupon' });
    await form.getByLabel(/^Code/).fill(code);
    await form.getByLabel(/^Percent Off/).fill('10');
    await form.getByLabel(/^Start/).fill(localInput(new Date(Date.now() - 60 * 60 * 1000)));
    await form.getByLabel(/^End/).fill(localInput(new Date(Date.now() + 24 * 60 * 60 * 1000)));
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(
      vendor.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: code }),
    ).toContainText('Active');
  });

  await test.step('staff approve the product from Product Management', async () => {
    await staff.goto(`${admin}/manage-admin/products?approval=pending`);
    const row = staff.getByRole('row').filter({ hasText: productTitle });
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  let orderId = '';
  let orderNumber = '';
  await test.step('a shopper finds the product, asks a question and orders it with the vendor’s coupon', async () => {
    const shopperEmail = `clay.buyer.${Date.now()}@example.org`;
    const shopperPassword = 'correct-horse-42';
    const registered = await request.post(`${api}/user/register`, {
      data: {
        name: 'Clay Buyer',
        email: shopperEmail,
        password: shopperPassword,
        confirmPassword: shopperPassword,
      },
    });
    expect(registered.status()).toBe(201);
    await shopper.goto(`${store}/#/login`);
    await shopper.getByLabel(/email/i).fill(shopperEmail);
    await shopper.getByLabel(/password/i).fill(shopperPassword);
    await shopper.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(shopper.getByText('You are signed in')).toBeVisible();

    const searchBox = shopper.getByRole('searchbox', { name: 'Search top picks' });
    await searchBox.fill(productTitle);
    await searchBox.press('Enter');
    const card = shopper.getByRole('article', { name: productTitle });
    const href = await card.getByRole('link', { name: productTitle }).first().getAttribute('href');
    await shopper.goto(`${store}/${href}`);
    await expect(shopper.getByRole('heading', { name: productTitle })).toBeVisible();

    await shopper.getByRole('button', { name: 'Ask the seller' }).click();
    await shopper.getByLabel(/^Your question/).fill('Does the planter have a drainage hole?');
    await shopper.getByRole('button', { name: 'Send Question' }).click();
    await expect(shopper.getByText('Your question was sent to the seller.')).toBeVisible();
    await shopper.keyboard.press('Escape');

    await shopper
      .getByRole('region', { name: 'Shipping & Purchase' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await closeAddedToast(shopper);
    await shopper.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
    await proceedToCheckout(shopper);
    await shopper.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
    await shopper.getByRole('button', { name: 'Apply' }).click();
    await expect(shopper.getByText(`Code ${code} applied.`)).toBeVisible();

    await shopper.getByLabel(/^Full Name/).fill('Clay Buyer');
    await shopper.getByLabel(/^Address/).fill('House 12, Road 5, Dhanmondi');
    await shopper.getByLabel(/^City/).fill('Dhaka');
    await shopper.getByLabel(/^Province \/ State/).fill('Dhaka Division');
    await shopper.getByLabel(/^ZIP \/ Postal Code/).fill('1205');
    await shopper.getByLabel(/^Phone Country Code/).fill('+880');
    await shopper.getByLabel(/^Mobile Number/).fill('1712345678');
    await shopper.getByRole('radio', { name: 'PayPal' }).check();
    const placed = shopper.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
    );
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    const response = await placed;
    expect(response.status()).toBe(201);
    const order = (
      (await response.json()) as {
        data: {
          _id: string;
          orderNumber?: string;
          id?: string;
          couponCode: string;
          discountPrice: number;
          itemsPrice: number;
        };
      }
    ).data;
    expect(order.couponCode).toBe(code);
    // 10% of the vendor's line, which is the whole order here.
    expect(Math.round(order.discountPrice * 100)).toBe(Math.round(order.itemsPrice * 10));
    orderId = order._id;
    orderNumber = order.orderNumber ?? order.id ?? '';
  });

  await test.step('the vendor sees the order line and the question, answers and ships with tracking', async () => {
    await vendor
      .getByRole('navigation', { name: 'Vendor panel' })
      .getByRole('link', { name: 'Orders' })
      .click();
    const row = vendor
      .getByRole('row')
      .filter({ hasText: productTitle.slice(0, 20) })
      .first();
    await expect(row).toBeVisible();
    if (orderNumber) await expect(row).toContainText(orderNumber);
    await row.getByRole('button').first().click();
    const details = vendor.getByRole('dialog', { name: 'Order details' });
    await expect(details.getByRole('table', { name: 'Your items in this order' })).toContainText(
      productTitle,
    );
    const ship = details.getByRole('form', { name: 'Mark as shipped' });
    await ship.getByLabel(/^Carrier/).fill('DHL');
    await ship.getByLabel(/^Tracking number/).fill(tracking);
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(details).toContainText(tracking);
    await vendor.keyboard.press('Escape');

    await vendor
      .getByRole('navigation', { name: 'Vendor panel' })
      .getByRole('link', { name: 'Message Center' })
      .click();
    await vendor
      .getByRole('button', { name: new RegExp(productTitle) })
      .first()
      .click();
    const thread = vendor.getByRole('list', { name: 'Message thread' });
    await expect(thread).toContainText('Does the planter have a drainage hole?');
    await vendor.getByLabel(/^Reply/).fill(answer);
    await vendor.getByRole('button', { name: 'Send Reply' }).click();
    await expect(thread).toContainText(answer);
  });

  await test.step('the shopper reads the answer and sees the tracking on the order', async () => {
    await shopper.goto(`${store}/#/profile/messages`);
    await shopper
      .getByRole('button', { name: new RegExp(productTitle) })
      .first()
      .click();
    await expect(shopper.getByRole('list', { name: 'Messages in this conversation' })).toContainText(answer);

    await shopper.goto(`${store}/#/order/${orderId}`);
    await expect(shopper.getByText(`Tracking number: ${tracking}`).first()).toBeVisible();
    await expect(shopper.getByText('Carrier: DHL').first()).toBeVisible();
  });

  expect(policyViolations.flat()).toEqual([]);
});
