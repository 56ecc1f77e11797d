import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import {
  basisPointsOf,
  convertMinor,
  decimalTextToMinor,
  includedTaxOf,
  roundShownPrice,
  toAmount,
  toMinor,
} from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from './orders.fixtures.ts';
import { OrderRejection, priceOrder } from './orders.priced.ts';

// Delivery, tax and rounding as staff set them in System Settings: the product page, the quote and the order
// charge the same delivery fee, the same tax-inclusive and rounded prices, and the order records them.

const PHONE_CASE = '1005006084529133';
const EUR = '0.86';
const BDT = '121.5';

const address = (country: string) => ({
  full_name: 'Lucía García',
  address: 'Calle Mayor 5',
  city: country === 'ES' ? 'Madrid' : 'Dhaka',
  country,
  zip: '28013',
  mobile_no: '600000000',
  phone_country: '+34',
});

interface DeliveryOption {
  code: string;
  company: string;
  free_shipping: boolean;
  shipping_fee_cent: string;
  shipping_fee_currency: string;
}

describe('delivery, tax and rounding policies', () => {
  let t: TestApp;
  let admin: string;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Lucía García' });
  });
  afterAll(() => t.close());

  const settings = async (payload: object) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: bearer(admin),
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('updateStoreSettings', response);
    return response.json().data;
  };
  const logistic = async (payload: object, token?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logistic',
      headers: token ? bearer(token) : {},
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.freight_data.delivery_option_d_t_o as DeliveryOption[];
  };
  const quote = async (payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/order/quote', payload });
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('quoteOrder', response);
    return response.json().data;
  };
  const place = async (payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(shopper.token),
      payload: { paymentMethod: 'Bank Transfer', ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    assertMatchesContract('placeOrder', response);
    return response.json().data;
  };

  async function phoneCase() {
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.productId, PHONE_CASE));
    if (!row) throw new Error('the seeded phone case is missing');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/product/${row.id}?currency=BDT&country=BD`,
    });
    const data = detail.json().data;
    const sku = data.skus.find((s: { sku_available_stock: number }) => s.sku_available_stock >= 2);
    if (!sku) throw new Error('the seeded phone case has no SKU with stock');
    return { id: row.id as string, skuId: sku.sku_id as string, price: Number(sku.offer_sale_price) };
  }

  it('charges the chosen supplier service with the markup, the same fee from the product page to the order', async () => {
    await settings({ deliveryPolicy: 'supplier', supplierShippingMarkup: 10, supplierFreeShipping: false });
    const product = await phoneCase();
    const line = { product_id: product.id, sku_id: product.skuId, country: 'BD', quantity: 2 };

    // The supplier's own fees (staff's view, USD) and the shopper's (the store's, in BDT).
    const supplier = await logistic({ ...line, currency: 'USD' }, admin);
    const shown = await logistic({ ...line, currency: 'BDT' });
    expect(shown.map((o) => o.code)).toEqual(supplier.map((o) => o.code));
    const paid = supplier.find((o) => !o.free_shipping);
    if (!paid) throw new Error('the fixture offers no paid service');
    const raw = decimalTextToMinor(paid.shipping_fee_cent) ?? -1;
    const expected = convertMinor(raw + basisPointsOf(raw, 1000), '1', BDT, 'BDT');
    const onPage = shown.find((o) => o.code === paid.code);
    expect(onPage).toMatchObject({
      shipping_fee_currency: 'BDT',
      shipping_fee_cent: toAmount(expected).toFixed(2),
    });

    const items = [
      { product: product.id, sku_id: product.skuId, quantity: 2, logistics_service_name: paid.company },
    ];
    const quoted = await quote({ items, currency: 'BDT', country: 'BD' });
    expect(quoted.items[0].delivery).toEqual({
      code: paid.code,
      company: paid.company,
      fee: toAmount(expected),
    });
    expect(quoted.shippingPrice).toBe(toAmount(expected));
    expect(quoted.items[0].price).toBe(product.price);
    expect(quoted.deliveryPolicy).toBe('supplier');

    const order = await place({ items, currency: 'BDT', shippingAddress: address('BD') });
    expect(order.shippingPrice).toBe(toAmount(expected));
    expect(order.totalPrice).toBe(quoted.totalPrice);
    expect(order.items[0].delivery).toEqual(quoted.items[0].delivery);
    expect(order.shippingAddress.logistics_service_name).toBe(paid.company);
  });

  it('charges the cheapest service when the shopper chose none, and the code names a service too', async () => {
    await settings({ deliveryPolicy: 'supplier', supplierShippingMarkup: 0, supplierFreeShipping: false });
    const product = await phoneCase();
    const shown = await logistic({
      product_id: product.id,
      sku_id: product.skuId,
      country: 'BD',
      quantity: 1,
    });
    const cheapest = [...shown].sort((a, b) => Number(a.shipping_fee_cent) - Number(b.shipping_fee_cent))[0];
    const dearest = [...shown].sort((a, b) => Number(b.shipping_fee_cent) - Number(a.shipping_fee_cent))[0];
    const items = [{ product: product.id, sku_id: product.skuId, quantity: 1 }];
    const none = await quote({ items, country: 'BD' });
    expect(none.items[0].delivery.code).toBe(cheapest?.code);
    expect(none.shippingPrice).toBe(Number(cheapest?.shipping_fee_cent));
    // The order's address may name the service by its code, as the marketplace's order does.
    const byCode = await quote({ items, country: 'BD', logistics_service_name: dearest?.code });
    expect(byCode.items[0].delivery.code).toBe(dearest?.code);
    expect(byCode.shippingPrice).toBe(Number(dearest?.shipping_fee_cent));
  });

  it('makes supplier delivery free above the threshold when staff say so', async () => {
    await settings({ deliveryPolicy: 'supplier', supplierFreeShipping: true, freeShippingAbove: 1 });
    const product = await phoneCase();
    await settings({ supplierFreeShipping: false });
    const shown = await logistic({
      product_id: product.id,
      sku_id: product.skuId,
      country: 'BD',
      quantity: 1,
    });
    const paid = shown.find((o) => !o.free_shipping);
    const items = [
      { product: product.id, sku_id: product.skuId, quantity: 1, logistics_service_name: paid?.company },
    ];
    expect((await quote({ items, country: 'BD' })).shippingPrice).toBe(Number(paid?.shipping_fee_cent));
    await settings({ supplierFreeShipping: true });
    expect((await quote({ items, country: 'BD' })).shippingPrice).toBe(0);
    // The product page says so too.
    const free = await logistic({
      product_id: product.id,
      sku_id: product.skuId,
      country: 'BD',
      quantity: 1,
    });
    expect(free.every((o) => o.free_shipping && o.shipping_fee_cent === '0.00')).toBe(true);
    await settings({ freeShippingAbove: 100 });
  });

  it('shows the store rule on the product page when staff choose it, as checkout charges it', async () => {
    await settings({ deliveryPolicy: 'store_rule', flatShipping: 10, freeShippingAbove: 100 });
    const product = await phoneCase();
    const shown = await logistic({
      product_id: product.id,
      sku_id: product.skuId,
      country: 'BD',
      quantity: 1,
      currency: 'BDT',
    });
    const flat = toAmount(convertMinor(10_00, '1', BDT, 'BDT'));
    expect(shown.length).toBeGreaterThan(0);
    for (const option of shown) expect(Number(option.shipping_fee_cent)).toBe(flat);
    const quoted = await quote({
      items: [{ product: product.id, sku_id: product.skuId, quantity: 1 }],
      currency: 'BDT',
      country: 'BD',
    });
    expect(quoted.shippingPrice).toBe(flat);
    expect(quoted.items[0].delivery).toBeNull();
  });

  it('shows prices with the country’s included tax, rounded by the currency’s rule, on every screen and the order', async () => {
    await settings({
      deliveryPolicy: 'store_rule',
      taxRules: [
        { country: 'ES', rate: 21, inclusive: true, label: 'IVA' },
        { country: 'BD', rate: 15, inclusive: false, label: 'VAT' },
      ],
      priceRounding: [{ currency: 'EUR', rule: 'end_99' }],
    });
    const product = await insertTestProduct(t.db, {
      title: 'Linen Shirt',
      skus: [{ skuId: 'LS-M', salePriceMinor: 23_40, stock: 10 }],
    });
    const net = convertMinor(23_40, '1', EUR, 'EUR');
    const shownMinor = roundShownPrice(net + basisPointsOf(net, 2100, 'EUR'), 'EUR', 'end_99');
    expect(shownMinor % 100).toBe(99);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/product/${product.id}?currency=EUR&country=ES`,
    });
    expect(detail.json().data.skus[0].offer_sale_price).toBe(toAmount(shownMinor).toFixed(2));
    expect(detail.json().data.price).toBe(toAmount(shownMinor));
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/product?currency=EUR&country=ES&search=${encodeURIComponent('Linen Shirt')}`,
    });
    const card = list.json().data.find((item: { _id: string }) => item._id === product.id);
    expect(card?.price).toBe(toAmount(shownMinor));

    const items = [{ product: product.id, sku_id: 'LS-M', quantity: 3 }];
    const quoted = await quote({ items, currency: 'EUR', country: 'ES' });
    expect(quoted.items[0].price).toBe(toAmount(shownMinor));
    expect(quoted.tax).toEqual({ rate: 21, inclusive: true, label: 'IVA' });
    const itemsMinor = shownMinor * 3;
    expect(quoted.taxPrice).toBe(toAmount(includedTaxOf(itemsMinor, 2100, 'EUR')));
    // The tax is in the prices: the total is items + shipping.
    expect(toMinor(quoted.totalPrice)).toBe(itemsMinor + (toMinor(quoted.shippingPrice) ?? 0));

    const order = await place({ items, currency: 'EUR', shippingAddress: address('ES') });
    expect(order.tax).toEqual({ rate: 21, inclusive: true, label: 'IVA' });
    expect([order.itemsPrice, order.taxPrice, order.shippingPrice, order.totalPrice]).toEqual([
      quoted.itemsPrice,
      quoted.taxPrice,
      quoted.shippingPrice,
      quoted.totalPrice,
    ]);

    // Bangladesh adds its VAT at checkout; prices there are not grossed up.
    const bd = await quote({ items, currency: 'USD', country: 'BD' });
    expect(bd.items[0].price).toBe(23.4);
    expect(bd.tax).toEqual({ rate: 15, inclusive: false, label: 'VAT' });
    expect(bd.taxPrice).toBe(toAmount(basisPointsOf(23_40 * 3, 1500)));
    // A country without a rule pays the default rate, added.
    const us = await quote({ items, currency: 'USD', country: 'US' });
    expect(us.tax).toEqual({ rate: 10, inclusive: false, label: 'Tax' });
    await settings({ taxRules: [], priceRounding: [] });
  });

  it('rounds a whole-unit currency to amounts ending in 9 and keeps lines adding up', async () => {
    await settings({ priceRounding: [{ currency: 'BDT', rule: 'end_9' }], taxRules: [] });
    const product = await insertTestProduct(t.db, {
      title: 'Clay Teapot',
      skus: [{ skuId: 'TP-1', salePriceMinor: 12_34, stock: 10 }],
    });
    const expected = roundShownPrice(convertMinor(12_34, '1', BDT, 'BDT'), 'BDT', 'end_9');
    expect(Math.round(expected / 100) % 10).toBe(9);
    const quoted = await quote({
      items: [{ product: product.id, sku_id: 'TP-1', quantity: 2 }],
      currency: 'BDT',
      country: 'BD',
    });
    expect(quoted.items[0].price).toBe(toAmount(expected));
    const sum =
      (toMinor(quoted.itemsPrice) ?? 0) +
      (toMinor(quoted.shippingPrice) ?? 0) +
      (toMinor(quoted.taxPrice) ?? 0);
    expect(toMinor(quoted.totalPrice)).toBe(sum);
    await settings({ priceRounding: [] });
  });

  it('refuses a country named twice, a rate with three decimals and a rounding for one currency twice', async () => {
    for (const payload of [
      {
        taxRules: [
          { country: 'ES', rate: 21, inclusive: true, label: 'IVA' },
          { country: 'ES', rate: 10, inclusive: false, label: 'IVA' },
        ],
      },
      { taxRules: [{ country: 'IN', rate: 18.125, inclusive: true, label: 'GST' }] },
      {
        priceRounding: [
          { currency: 'EUR', rule: 'end_99' },
          { currency: 'EUR', rule: 'whole' },
        ],
      },
      { deliveryPolicy: 'cheapest' },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/store',
        headers: bearer(admin),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      assertMatchesContract('updateStoreSettings', response);
    }
    const saved = await t.app.inject({ method: 'GET', url: '/api/settings/store', headers: bearer(admin) });
    expect(saved.json().data.taxRules).toEqual([]);
  });

  it('refuses an order whose supplier cannot quote delivery, and one nothing ships to the country', async () => {
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.productId, PHONE_CASE));
    const product = await phoneCase();
    await settings({ deliveryPolicy: 'supplier' });
    const line = { productId: row?.id ?? '', skuId: product.skuId, quantity: 1 };
    const unreachable = priceOrder(t.db, [line], 'USD', {
      country: 'BD',
      customerId: null,
      quoteDelivery: async () => {
        throw new Error('connection refused');
      },
    });
    await expect(unreachable).rejects.toMatchObject({ kind: 'delivery_unavailable' });
    const nowhere = priceOrder(t.db, [line], 'USD', {
      country: 'BD',
      customerId: null,
      quoteDelivery: async () => [],
    });
    await expect(nowhere).rejects.toBeInstanceOf(OrderRejection);
    await expect(nowhere).rejects.toMatchObject({ kind: 'no_delivery' });
    await settings({ deliveryPolicy: 'store_rule' });
  });

  it('pays refunds of a whole-unit currency back in whole units', async () => {
    const product = await insertTestProduct(t.db, {
      title: 'Paprika Tin',
      skus: [{ skuId: 'PT-1', salePriceMinor: 7_77, stock: 5 }],
    });
    const order = await place({
      items: [{ product: product.id, sku_id: 'PT-1', quantity: 1 }],
      currency: 'HUF',
      paymentMethod: 'PayPal',
      shippingAddress: { ...address('ES'), country: 'HU' },
    });
    expect(order.isPaid).toBe(true);
    const refund = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/refunds`,
        headers: bearer(admin),
        payload: { amount, reason: 'Dented tin' },
      });
    const fraction = await refund(100.5);
    expect(fraction.statusCode, fraction.body).toBe(400);
    assertMatchesContract('createRefund', fraction);
    expect(fraction.json().message).toBe('Refunds in HUF are in whole units.');
    const whole = await refund(100);
    expect(whole.statusCode, whole.body).toBe(201);
  });
});
