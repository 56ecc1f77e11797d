import { expect, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { api, chooseSettings, newShopper, staffToken, store, withSettings } from './journey-helpers';

// The full cost before paying: staff set an import duty for the United Kingdom, the product page shows a shopper
// there the landed cost in pounds (price, delivery, VAT, duty, total, when it arrives), and the order charges
// exactly that total, with the duty as its own line.

/** An imported fixture item (server/fixtures/marketplace) that ships to the United Kingdom. */
const PRODUCT = { search: 'Magnetic Case', name: /^Luxury Matte Magnetic Case For iPhone/ };

const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const pounds = (amount: number) =>
  spaced(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'GBP' }).format(amount));

interface Landed {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  dutyPrice: number;
  totalPrice: number;
  window: { from: string; to: string } | null;
}

test('a shopper in the United Kingdom sees the landed cost with import duty, and the order charges it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await staffToken(request);
  const restore = await withSettings(request, token, {
    taxRules: [{ country: 'GB', rate: 20, inclusive: false, label: 'VAT' }],
    dutyRules: [{ country: 'GB', rate: 8, deMinimis: 0, basis: 'goods_and_delivery', label: 'Import duty' }],
  });
  try {
    await newShopper(request, page, 'Oliver Landed');
    await chooseSettings(page, { shipTo: 'United Kingdom (GB)', currency: 'GBP', language: 'English' });

    const list = await (
      await request.get(
        `${api}/product/?search=${encodeURIComponent(PRODUCT.search)}&country=GB&currency=GBP`,
      )
    ).json();
    const id = (list.data as Array<{ _id: string; name: string }>).find((item) =>
      PRODUCT.name.test(item.name),
    )?._id;
    if (!id) throw new Error('the fixture product is missing');

    const landed = await test.step('the product page shows the landed cost with the duty', async () => {
      const quoted = page.waitForResponse(
        (response) =>
          response.url().includes(`/api/product/landed-cost/${id}`) &&
          response.url().includes('service=') &&
          response.ok(),
      );
      await page.goto(`${store}/#/products/${id}`);
      const cost = ((await (await quoted).json()) as { data: Landed }).data;
      expect(cost.dutyPrice).toBeGreaterThan(0);
      const box = page.getByRole('region', { name: 'Total cost to GB' });
      await expect(box).toBeVisible();
      await expect(box.getByRole('definition').last()).toHaveText(pounds(cost.totalPrice));
      await expect(box).toContainText(`Import duty${pounds(cost.dutyPrice)}`);
      await expect(box).toContainText(`VAT (20%)${pounds(cost.taxPrice)}`);
      expect(cost.window).not.toBeNull();
      await expect(box.getByText(/^Arrives /)).toBeVisible();
      return cost;
    });

    await test.step('checkout shows the duty line and the same total', async () => {
      const shipping = page.getByRole('region', { name: 'Shipping & Purchase' });
      await shipping.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Product added to cart!')).toBeVisible();
      await page.getByRole('link', { name: 'Cart, 1 item' }).click();
      await proceedToCheckout(page);
      await expect(page.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(summary).toContainText(`Import duty${pounds(landed.dutyPrice)}`);
      await expect(summary).toContainText(`Total${pounds(landed.totalPrice)}`);
    });

    await test.step('the placed order charges the landed total', async () => {
      await page.getByLabel(/^Full Name/).fill('Oliver Landed');
      await page.getByLabel(/^Address/).fill('12 Queen Street');
      await page.getByLabel(/^City/).fill('London');
      await page.getByLabel(/^Province \/ State/).fill('Greater London');
      await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
      await page.getByLabel(/^ZIP \/ Postal Code/).fill('EC4N 1SA');
      await page.getByLabel(/^Phone Country Code/).fill('+44');
      await page.getByLabel(/^Mobile Number/).fill('7700900123');
      await page.getByRole('radio', { name: 'PayPal' }).check();
      const placed = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
      );
      await page.getByRole('button', { name: 'Place Order' }).click();
      const answer = await placed;
      expect(answer.status()).toBe(201);
      const order = (await answer.json()).data;
      expect(order).toMatchObject({
        currency: 'GBP',
        itemsPrice: landed.itemsPrice,
        shippingPrice: landed.shippingPrice,
        taxPrice: landed.taxPrice,
        dutyPrice: landed.dutyPrice,
        dutyLabel: 'Import duty',
        totalPrice: landed.totalPrice,
      });
      await expect(page.getByText('Order placed successfully!').first()).toBeVisible();
      await expect(page).toHaveURL(`${store}/profile/order`);
    });
  } finally {
    await withSettings(request, token, restore);
  }
});
