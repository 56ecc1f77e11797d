import { expect, type Locator, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { closeAddedToast } from '../../scripts/e2e/toast.ts';
import { emptyKeptCart } from './journey-helpers';

const store = 'http://localhost:5174';

/**
 * An imported fixture item with Color swatches and sizes, shipped from China (server/fixtures/marketplace):
 * its cheapest SKU (Frosted Black, iPhone 14) is sold out, so the page opens on the cheapest in stock (Lavender,
 * iPhone 14), the price its card shows; Sierra Blue / iPhone 15 Pro is in stock.
 */
const PRODUCT = {
  search: 'Magnetic Case',
  name: /^Luxury Matte Magnetic Case For iPhone/,
  preselectedSku: '12000031291839210',
  blueIPhone14Sku: '12000031291839193',
  chosenSku: '12000031291839202',
};

type OrderAnswer = {
  data: {
    _id: string;
    orderNumber: string;
    currency: string;
    itemsPrice: number;
    shippingPrice: number;
    taxPrice: number;
    totalPrice: number;
    isPaid: boolean;
    isDelivered: boolean;
  };
};

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
const cents = (amount: number) => Math.round(amount * 100);

/** What the 'Change' modal offers: how many options, and DHL's line (company · fee). */
async function deliveryChoices(page: Page, shipping: Locator): Promise<{ count: number; dhl: string }> {
  await shipping.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delivery Options' });
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  const count = await dialog.getByRole('radio').count();
  const dhl = (await dialog.getByText(/^DHL · /).textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return { count, dhl };
}

test('a shopper browses, picks options and delivery, wishes, buys and finds the order', async ({
  page,
  request,
}) => {
  // One long journey on a shared two-core machine: more room than the suite's 60 s per test.
  test.setTimeout(120_000);
  // Settings follow the account: the demo shopper starts from the store's defaults (BD, USD, English), whatever
  // an earlier attempt of this journey saved.
  const signedIn = await request.post('http://localhost:3000/api/user/login', {
    data: { email: 'shopper@example.com', password: 'shopper123' },
  });
  const token = (await signedIn.json()).token as string;
  const reset = await request.put('http://localhost:3000/api/user/settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { shipToCountry: 'BD', currency: 'USD', language: 'en', theme: 'light' },
  });
  expect(reset.ok()).toBe(true);
  // The cart the server keeps for the account starts empty too, whatever other journeys left in it.
  await emptyKeptCart(request, 'shopper@example.com', 'shopper123');
  await test.step('sign in as the demo shopper', async () => {
    await page.goto(`${store}/#/login`);
    await page.getByLabel(/email/i).fill('shopper@example.com');
    await page.getByLabel(/password/i).fill('shopper123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('You are signed in')).toBeVisible();
    await expect(page).toHaveURL(`${store}/`);
  });

  let productHref = '';
  await test.step('browse the home page and open a product', async () => {
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);

    const searchBox = page.getByRole('searchbox', { name: 'Search top picks' });
    await searchBox.fill(PRODUCT.search);
    await searchBox.press('Enter');
    const card = page.getByRole('article', { name: PRODUCT.name });
    await expect(card).toBeVisible();
    const link = card.getByRole('link', { name: PRODUCT.name });
    // Cards open the product in a new tab; the journey follows the same address in this page.
    await expect(link).toHaveAttribute('target', '_blank');
    productHref = (await link.getAttribute('href')) ?? '';
    expect(productHref).toMatch(/^\/products\/[^/]+$/);
    await page.goto(`${store}${productHref}`);
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
  });

  const shipping = page.getByRole('region', { name: 'Shipping & Purchase' });
  let chargedFee = '';

  await test.step('choose options and see the matching SKU', async () => {
    await expect(page.getByText(`SKU ID: ${PRODUCT.preselectedSku}`)).toBeVisible();
    await expect(page.getByText(/^Stock: [1-9]\d*$/)).toBeVisible();
    const colour = page.getByRole('group', { name: 'Color' });
    await colour.getByRole('button', { name: 'Sierra Blue' }).click();
    await expect(colour.getByRole('button', { name: 'Sierra Blue' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`SKU ID: ${PRODUCT.blueIPhone14Sku}`)).toBeVisible();

    const size = page.getByRole('group', { name: 'Size' });
    await size.getByRole('button', { name: 'iPhone 15 Pro', exact: true }).click();
    await expect(size.getByRole('button', { name: 'iPhone 15 Pro', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(`SKU ID: ${PRODUCT.chosenSku}`)).toBeVisible();
    await expect(page.getByText(/^Stock: [1-9]\d*$/)).toBeVisible();
  });

  await test.step('see delivery options, change the ship-to country and see them quoted again', async () => {
    await expect(shipping.getByText('Ship to BD')).toBeVisible();
    await expect(shipping.getByRole('group', { name: 'Chosen delivery option' })).toBeVisible();
    const toBangladesh = await deliveryChoices(page, shipping);
    expect(toBangladesh.count).toBeGreaterThan(1);
    expect(toBangladesh.dhl).toMatch(/^DHL · \$\d+\.\d\d$/);

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const shipTo = settings.getByRole('combobox', { name: 'Ship to' });
    await expect(shipTo).toHaveValue('Bangladesh (BD)');
    await shipTo.click();
    await shipTo.fill('United States');
    await page.getByRole('option', { name: 'United States (US)' }).click();
    // The new quote's answer, not just its request: the options are read once it has arrived.
    const requote = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith('/api/logistic') &&
        response.request().postDataJSON()?.country === 'US',
    );
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toBeHidden();
    await requote;

    await expect(shipping.getByText('Ship to US')).toBeVisible();
    await expect(shipping.getByRole('group', { name: 'Chosen delivery option' })).toBeVisible();
    const toUnitedStates = await deliveryChoices(page, shipping);
    expect(toUnitedStates.count).toBeGreaterThan(1);
    // The paid services cost differently to another zone.
    expect(toUnitedStates.dhl).toMatch(/^DHL · \$\d+\.\d\d$/);
    expect(toUnitedStates.dhl).not.toBe(toBangladesh.dhl);
    // The chosen options stay chosen through the repricing.
    await expect(page.getByText(`SKU ID: ${PRODUCT.chosenSku}`)).toBeVisible();
  });

  await test.step('add the product to the wishlist and the cart', async () => {
    const details = page.getByRole('heading', { level: 1, name: PRODUCT.name }).locator('..');
    await details.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(details.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The service the page preselected (the cheapest) and its fee: what the order will charge for delivery.
    chargedFee =
      (await shipping
        .getByRole('group', { name: 'Chosen delivery option' })
        .locator('p')
        .first()
        .textContent()) ?? '';
    expect(chargedFee).toMatch(/^(Free shipping|\$\d+\.\d\d)$/);
    await shipping.getByRole('button', { name: 'Add to Cart' }).click();
    await closeAddedToast(page);
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  let order: OrderAnswer['data'] | undefined;
  await test.step('check out from the cart and place the order', async () => {
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: PRODUCT.name })).toBeVisible();
    await proceedToCheckout(page);

    await expect(page.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' }).getByText(PRODUCT.name)).toBeVisible();
    await page.getByLabel(/^Full Name/).fill('Demo Shopper');
    await page.getByLabel(/^Address/).fill('350 Fifth Avenue, Apt 21');
    await page.getByLabel(/^City/).fill('New York');
    await page.getByLabel(/^Province \/ State/).fill('NY');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    await page.getByLabel(/^ZIP \/ Postal Code/).fill('10118');
    await page.getByLabel(/^Phone Country Code/).fill('+1');
    await page.getByLabel(/^Mobile Number/).fill('2125550142');
    await page.getByRole('radio', { name: 'PayPal' }).check();

    const placed = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
    );
    await page.getByRole('button', { name: 'Place Order' }).click();
    const response = await placed;
    expect(response.status()).toBe(201);
    order = ((await response.json()) as OrderAnswer).data;
    await expect(page.getByText('Order placed successfully!').first()).toBeVisible();
    await expect(page).toHaveURL(`${store}/profile/order`);
  });

  await test.step('find the order in My Orders and open its details with the server’s totals', async () => {
    if (!order) throw new Error('the order was not placed');
    const { orderNumber, currency, itemsPrice, shippingPrice, taxPrice, totalPrice } = order;
    // The demo store charges the supplier's fee of the service the page showed, and the default tax, 10 % of
    // the items, added.
    expect(shippingPrice === 0 ? 'Free shipping' : money(shippingPrice, currency)).toBe(chargedFee);
    expect(cents(taxPrice)).toBe(Math.round(itemsPrice * 10));
    expect(cents(itemsPrice) + cents(shippingPrice) + cents(taxPrice)).toBe(cents(totalPrice));

    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const row = page.getByRole('listitem', { name: `Order ${orderNumber}` });
    await expect(row).toBeVisible();
    await expect(row.getByText(money(totalPrice, currency))).toBeVisible();
    // The flags as the server set them (card and PayPal orders are paid when placed).
    await expect(row.getByText(order.isPaid ? 'Paid' : 'Unpaid', { exact: true })).toBeVisible();
    await expect(
      row.getByText(order.isDelivered ? 'Delivered' : 'Not Delivered', { exact: true }),
    ).toBeVisible();
    await row.getByRole('link', { name: `View Details of order ${orderNumber}` }).click();

    await expect(page).toHaveURL(`${store}/order/${order._id}`);
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' }).getByText(PRODUCT.name)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment Method' }).getByText('PayPal')).toBeVisible();
    const totals = page.getByRole('region', { name: 'Order Summary' });
    // The tax row names the rule the order was priced with: the store's default, added at checkout.
    await expect(totals.getByRole('term')).toHaveText(['Items', 'Shipping', 'Tax (10%)', 'Total']);
    const amounts = totals.getByRole('definition');
    await expect(amounts).toHaveText(
      [itemsPrice, shippingPrice, taxPrice, totalPrice].map((n) => money(n, currency)),
    );

    // What the screen shows adds up: items + shipping + tax = total.
    const [items, shippingFee, tax, total] = (await amounts.allTextContents()).map((text) =>
      cents(Number(text.replace(/[^\d.]/g, ''))),
    );
    expect((items ?? 0) + (shippingFee ?? 0) + (tax ?? 0)).toBe(total);
  });

  await test.step('the wishlist kept the product', async () => {
    await page.goto(`${store}/#/profile/wishlist-and-followed-stores`);
    await expect(page.getByRole('list', { name: 'Wishlist items' }).getByText(PRODUCT.name)).toBeVisible();
  });
});
