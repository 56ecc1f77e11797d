import { type APIRequestContext, expect, test } from '@playwright/test';
import { api, chooseSettings, newShopper, staffToken, store, withSettings } from './journey-helpers';

// Money the way each market expects it, from the product page to the order: in Spanish, euros to Spain with IVA in
// the prices and a chosen supplier service whose fee is the one charged; in Bengali, taka rounded to .99.

/** An imported fixture item with several supplier services (server/fixtures/marketplace). */
const PRODUCT = { search: 'Magnetic Case', name: /^Luxury Matte Magnetic Case For iPhone/ };

const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const format = (locale: string, amount: number, currency: string) =>
  spaced(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount));

/** The product's id and the SKU its page opens on, as the shopper's country and currency price it. */
async function productFor(request: APIRequestContext, country: string, currency: string) {
  const list = await (
    await request.get(
      `${api}/product/?search=${encodeURIComponent(PRODUCT.search)}&country=${country}&currency=${currency}`,
    )
  ).json();
  const id = (list.data as Array<{ _id: string; name: string }>).find((item) =>
    PRODUCT.name.test(item.name),
  )?._id;
  expect(id).toBeTruthy();
  const detail = (
    await (await request.get(`${api}/product/${id}?country=${country}&currency=${currency}`)).json()
  ).data;
  const sku = (detail.skus as Array<{ sku_id: string; offer_sale_price: string }>).find(
    (entry) => entry.sku_id === detail.preselectedSkuId,
  );
  if (!id || !sku) throw new Error('the fixture product is missing');
  return { id, skuId: sku.sku_id, price: Number(sku.offer_sale_price) };
}

test('in Spanish a shopper buys in euros to Spain, with IVA in the prices and the delivery service they chose', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await staffToken(request);
  // The demo store: supplier fees (here with a 5 % markup), and Spain's 21 % IVA included in shown prices.
  const restore = await withSettings(request, token, {
    deliveryPolicy: 'supplier',
    supplierShippingMarkup: 5,
    taxRules: [
      { country: 'ES', rate: 21, inclusive: true, label: 'IVA' },
      { country: 'IN', rate: 18, inclusive: true, label: 'GST' },
    ],
  });
  try {
    await newShopper(request, page, 'Lucía Envíos');
    await chooseSettings(page, { shipTo: 'Spain (ES)', currency: 'EUR', language: 'Spanish' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    const product = await productFor(request, 'ES', 'EUR');
    const options = (
      await (
        await request.post(`${api}/logistic`, {
          data: {
            product_id: product.id,
            sku_id: product.skuId,
            country: 'ES',
            quantity: 1,
            currency: 'EUR',
          },
        })
      ).json()
    ).data.freight_data.delivery_option_d_t_o as Array<{
      code: string;
      company: string;
      shipping_fee_cent: string;
    }>;
    const dhl = options.find((option) => option.code === 'DHL' || option.company === 'DHL');
    if (!dhl) throw new Error('the fixture ships no DHL to Spain');
    const dhlFee = Number(dhl.shipping_fee_cent);
    expect(dhlFee).toBeGreaterThan(0);
    const dhlText = format('es-ES', dhlFee, 'EUR');

    await test.step('the product page shows the price with IVA and the chosen service’s fee', async () => {
      await page.goto(`${store}/#/products/${product.id}`);
      await expect(page.getByText(`Precio en EUR: ${format('es-ES', product.price, 'EUR')}`)).toBeVisible();
      await expect(page.getByText('IVA incluido (21 %)').first()).toBeVisible();
      const shipping = page.getByRole('region', { name: 'Envío y compra' });
      await expect(
        shipping.getByText('Se cobra el servicio más barato, salvo que elijas otro.'),
      ).toBeVisible();
      await shipping.getByRole('button', { name: 'Cambiar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Opciones de envío' });
      // Choosing closes the dialog at once (no closing transition under reduced motion), so this is a click: check()
      // would look for the radio again to confirm it and wait for a dialog that is gone.
      await dialog.getByRole('radio', { name: new RegExp(`^${dhl.company} · `) }).click();
      await expect(dialog).toBeHidden();
      const chosen = shipping.getByRole('group', { name: 'Opción de envío elegida' });
      await expect(chosen.locator('p').first()).toHaveText(dhlText);
      await expect(
        shipping.getByText('Se cobra el servicio más barato, salvo que elijas otro.'),
      ).toBeHidden();
      await shipping.getByRole('button', { name: 'Añadir al carrito' }).click();
      await expect(page.getByText('¡Producto añadido al carrito!')).toBeVisible();
    });

    await test.step('the cart and the checkout charge the same fee and say the IVA is included', async () => {
      await page.getByRole('link', { name: 'Carrito, 1 artículo' }).click();
      await expect(page.getByRole('heading', { name: 'Carrito de compra' })).toBeVisible();
      await expect(page.getByText(`Envío: ${dhl.company}, ${dhlText}`)).toBeVisible();
      await page.getByRole('button', { name: 'Tramitar pedido' }).click();
      await expect(page.getByRole('heading', { name: 'Realiza tu pedido' })).toBeVisible();
      await expect(page.getByText(`Envío: ${dhl.company}, ${dhlText}`)).toBeVisible();
      await expect(page.getByText('IVA incluido (21 %)').first()).toBeVisible();
    });

    const order =
      await test.step('places the order: the fee, the service and the IVA are the ones shown', async () => {
        await page.getByLabel(/^Nombre completo/).fill('Lucía Envíos');
        await page.getByRole('textbox', { name: /^Dirección/ }).fill('Calle de Alcalá 42');
        await page.getByLabel(/^Ciudad/).fill('Madrid');
        await page.getByLabel(/^Provincia \/ Estado/).fill('Madrid');
        await expect(page.getByRole('combobox', { name: 'País' })).toHaveValue('España');
        await page.getByLabel(/^Código postal/).fill('28014');
        await page.getByLabel(/^Prefijo telefónico/).fill('+34');
        await page.getByLabel(/^Número de móvil/).fill('612345678');
        await page.getByRole('radio', { name: 'PayPal' }).check();
        const placed = page.waitForResponse(
          (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
        );
        await page.getByRole('button', { name: 'Realizar pedido' }).click();
        const answer = await placed;
        expect(answer.status()).toBe(201);
        const data = (await answer.json()).data;
        expect(data.currency).toBe('EUR');
        expect(data.shippingPrice).toBe(dhlFee);
        expect(data.items[0].price).toBe(product.price);
        expect(data.items[0].delivery).toMatchObject({ company: dhl.company, fee: dhlFee });
        expect(data.shippingAddress.logistics_service_name).toBe(dhl.company);
        expect(data.tax).toEqual({ rate: 21, inclusive: true, label: 'IVA' });
        // The IVA is in the prices: the total is the items and the delivery.
        expect(Math.round(data.totalPrice * 100)).toBe(
          Math.round(data.itemsPrice * 100) + Math.round(data.shippingPrice * 100),
        );
        await expect(page.getByText('¡Pedido realizado con éxito!').first()).toBeVisible();
        // Checkout moves to My Orders a moment later; the next page is opened after that move, not raced by it.
        await expect(page).toHaveURL(/5174\/profile\/order$/);
        return data as { _id: string; taxPrice: number };
      });

    await test.step('the order page shows the service, its fee and the IVA included', async () => {
      await page.goto(`${store}/#/order/${order._id}`);
      await expect(page.getByText(`Envío: ${dhl.company}, ${dhlText}`)).toBeVisible();
      await expect(page.getByText(`Incluye IVA: ${format('es-ES', order.taxPrice, 'EUR')}`)).toBeVisible();
    });
  } finally {
    await withSettings(request, token, restore);
  }
});

test('in Bengali a shopper buys in taka with prices rounded to .99, the same figure from the page to the order', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await staffToken(request);
  const restore = await withSettings(request, token, {
    priceRounding: [{ currency: 'BDT', rule: 'end_99' }],
  });
  try {
    await newShopper(request, page, 'Rahim Taka');
    await chooseSettings(page, { shipTo: 'Bangladesh (BD)', currency: 'BDT', language: 'Bengali' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');

    const product = await productFor(request, 'BD', 'BDT');
    // The rule the server applies after conversion and markup: the paisa are always .99.
    expect(Math.round(product.price * 100) % 100).toBe(99);
    const priceText = format('bn-BD', product.price, 'BDT');
    expect(priceText).toMatch(/\.৯৯/);

    await page.goto(`${store}/#/products/${product.id}`);
    await expect(page.getByText(`BDT-এ মূল্য: ${priceText}`)).toBeVisible();
    const shipping = page.getByRole('region', { name: 'শিপিং ও কেনা' });
    await expect(shipping.getByRole('group', { name: 'বেছে নেওয়া ডেলিভারি অপশন' })).toBeVisible();
    await shipping.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
    await page.getByRole('link', { name: /^কার্ট, / }).click();
    await expect(page.getByRole('heading', { name: 'শপিং কার্ট' })).toBeVisible();
    await expect(page.getByText(`প্রতিটি ${priceText}`)).toBeVisible();
    await page.getByRole('button', { name: 'চেকআউটে যান' }).click();

    const summary = page.getByRole('region', { name: 'অর্ডারের সারসংক্ষেপ' });
    await expect(summary.getByRole('definition').first()).toBeVisible();
    const shown = (await summary.getByRole('definition').allTextContents()).map(spaced);
    await page.getByLabel(/^পুরো নাম/).fill('Rahim Taka');
    await page.getByRole('textbox', { name: /^ঠিকানা/ }).fill('House 12, Road 5, Dhanmondi');
    await page.getByLabel(/^শহর/).fill('Dhaka');
    await page.getByLabel(/^বিভাগ \/ রাজ্য/).fill('Dhaka Division');
    await page.getByLabel(/^পোস্ট কোড/).fill('1205');
    await page.getByLabel(/^দেশের ফোন কোড/).fill('+880');
    await page.getByLabel(/^মোবাইল নম্বর/).fill('1712345678');
    await page.getByRole('radio', { name: 'PayPal' }).check();
    const placed = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
    );
    await page.getByRole('button', { name: 'অর্ডার করুন' }).click();
    const answer = await placed;
    expect(answer.status()).toBe(201);
    const order = (await answer.json()).data;
    expect(order.currency).toBe('BDT');
    expect(order.items[0].price).toBe(product.price);
    // What checkout showed, in Bengali digits, is what the order charged, and it adds up.
    expect(shown).toEqual(
      [order.itemsPrice, order.shippingPrice, order.taxPrice, order.totalPrice].map((amount: number) =>
        format('bn-BD', amount, 'BDT'),
      ),
    );
    const paisa = (amount: number) => Math.round(amount * 100);
    expect(paisa(order.totalPrice)).toBe(
      paisa(order.itemsPrice) + paisa(order.shippingPrice) + paisa(order.taxPrice),
    );

    // Checkout moves to My Orders a moment after the order is placed: on a busy machine that move landed after
    // this page was opened and replaced it.
    await expect(page).toHaveURL(/5174\/profile\/order$/);
    await page.goto(`${store}/order/${order._id}`);
    const totals = page.getByRole('region', { name: 'অর্ডারের সারাংশ' });
    await expect(totals.getByRole('definition')).toHaveText(shown);
  } finally {
    await withSettings(request, token, restore);
  }
});
