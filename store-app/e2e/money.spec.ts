import { expect, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { closeAddedToast } from '../../scripts/e2e/toast.ts';

const store = 'http://localhost:5174';

/** A store product with one price for every option, so the card and the page show the same figure. */
const PRODUCT = { search: 'Dotted Notebook', name: /^Shop Originals A5 Dotted Notebook/ };

/** '1 × BDT 1,216.22' → 121622: the (last) amount a shopper reads, in minor units. */
const minor = (text: string) =>
  Math.round(Number((text.match(/[\d,]+\.\d\d/g)?.at(-1) ?? 'NaN').replaceAll(',', '')) * 100);
const BDT = /^BDT|৳/;

async function textOf(page: Page, pattern: RegExp, within = page.locator('body')): Promise<string> {
  const element = within.getByText(pattern).first();
  await expect(element).toBeVisible();
  return (await element.textContent()) ?? '';
}

test('in BDT the card, product page, cart, checkout and order show the figure the order charges', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A shopper of its own: settings are kept with the account, and the demo shopper's stay as other journeys expect.
  const email = `taka.${Date.now()}@example.org`;
  const password = 'correct-horse-42';
  const registered = await request.post('http://localhost:3000/api/user/register', {
    data: { name: 'Demo Shopper', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  await page.goto(`${store}/#/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const currency = settings.getByRole('combobox', { name: 'Currency' });
  await currency.click();
  await page.getByRole('option', { name: /BDT/ }).first().click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();

  const searchBox = page.getByRole('searchbox', { name: 'Search top picks' });
  await searchBox.fill(PRODUCT.search);
  await searchBox.press('Enter');
  const card = page.getByRole('article', { name: PRODUCT.name });
  const cardPrice = minor(await textOf(page, /(BDT|৳)\s?[\d,]+\.\d\d/, card));
  const href = await card.getByRole('link', { name: PRODUCT.name }).getAttribute('href');
  await page.goto(`${store}${href}`);

  const pagePrice = minor(await textOf(page, /^Price in BDT: /));
  expect(pagePrice).toBe(cardPrice);

  const shipping = page.getByRole('region', { name: 'Shipping & Purchase' });
  await shipping.getByRole('button', { name: 'Add to Cart' }).click();
  await closeAddedToast(page);
  await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
  const line = page.getByRole('listitem', { name: PRODUCT.name });
  expect(minor(await textOf(page, / each$/, line))).toBe(pagePrice);

  await proceedToCheckout(page);
  const items = page.getByRole('region', { name: 'Items' });
  expect(minor(await textOf(page, /^1 × /, items))).toBe(pagePrice);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(BDT).first()).toBeVisible();
  const quoted = (await summary.getByRole('definition').allTextContents()).map(minor);

  await page.getByLabel(/^Full Name/).fill('Demo Shopper');
  await page.getByLabel(/^Address/).fill('House 12, Road 5, Dhanmondi');
  await page.getByLabel(/^City/).fill('Dhaka');
  await page.getByLabel(/^Province \/ State/).fill('Dhaka Division');
  await page.getByLabel(/^ZIP \/ Postal Code/).fill('1205');
  await page.getByLabel(/^Phone Country Code/).fill('+880');
  await page.getByLabel(/^Mobile Number/).fill('1712345678');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  const placed = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const order = (
    (await response.json()) as {
      data: {
        _id: string;
        currency: string;
        items: Array<{ price: number }>;
        itemsPrice: number;
        shippingPrice: number;
        taxPrice: number;
        totalPrice: number;
      };
    }
  ).data;
  expect(order.currency).toBe('BDT');
  // What the order charges is what every screen showed.
  expect(Math.round((order.items[0]?.price ?? 0) * 100)).toBe(pagePrice);
  expect(
    [order.itemsPrice, order.shippingPrice, order.taxPrice, order.totalPrice].map((n) => Math.round(n * 100)),
  ).toEqual(quoted);

  await page.goto(`${store}/#/order/${order._id}`);
  expect(minor(await textOf(page, /^1 × /, page.getByRole('region', { name: 'Items' })))).toBe(pagePrice);
  const totals = (
    await page.getByRole('region', { name: 'Order Summary' }).getByRole('definition').allTextContents()
  ).map(minor);
  expect(totals).toEqual(quoted);
});
