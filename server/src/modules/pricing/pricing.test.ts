import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, customers, productSkus, products } from '../../db/schema.ts';
import { basisPointsOf, toDecimalText } from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import {
  bearer,
  demoAdminToken,
  demoShopperToken,
  limitedStaffToken,
  registerShopper,
} from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';

const RULES = {
  markupType: 'percentage',
  markupValue: 10,
  minMarginPercent: 0,
  compareAtMode: 'marketplace',
  compareAtPercent: 20,
  b2bEnabled: false,
  b2bDiscountPercent: 10,
  currencyMode: 'auto',
} as const;

const address = (country: string) => ({
  full_name: 'Nusrat Jahan',
  address: 'House 7, Road 2, Banani',
  city: 'Dhaka',
  province: 'Dhaka Division',
  country,
  zip: '1213',
  mobile_no: '1711000000',
  phone_country: '+880',
  logistics_service_name: 'CAINIAO_STANDARD',
});

describe('Pricing & Profit Management', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    token: string | null = admin,
  ) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  /** An imported SKU with its supplier cost, of a published product. */
  async function importedSku() {
    const [row] = await t.db
      .select({ product: products, sku: productSkus })
      .from(productSkus)
      .innerJoin(products, eq(products.id, productSkus.productId))
      .where(
        and(eq(products.source, 'aliexpress'), eq(products.status, 'published'), gt(productSkus.stock, 0)),
      )
      .limit(1);
    if (!row?.sku.supplierPriceMinor) throw new Error('seed has no imported SKU with a cost');
    return { ...row, cost: row.sku.supplierPriceMinor };
  }

  it('starts with a 10% global markup and refuses a markup below 0', async () => {
    const initial = await call('GET', '/api/pricing');
    expect(initial.statusCode).toBe(200);
    assertMatchesContract('getPricingRules', initial);
    expect(initial.json().data).toEqual({ rules: RULES, countries: [], repriced: 0 });

    for (const bad of [
      { ...RULES, markupValue: -1 },
      { ...RULES, minMarginPercent: 101 },
      { ...RULES, markupType: 'double' },
      { ...RULES, markupValue: 10.001 },
      { markupValue: 10 },
    ]) {
      const refused = await call('PUT', '/api/pricing', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      assertMatchesContract('updatePricingRules', refused);
    }
    expect((await call('GET', '/api/pricing')).json().data.rules).toEqual(RULES);
  });

  it('reprices every imported product from its cost when the markup changes', async () => {
    const { product, sku, cost } = await importedSku();
    const saved = await call('PUT', '/api/pricing', { ...RULES, markupValue: 20 });
    expect(saved.statusCode, saved.body).toBe(200);
    assertMatchesContract('updatePricingRules', saved);
    expect(saved.json().data.repriced).toBeGreaterThan(0);
    const [after] = await t.db.select().from(productSkus).where(eq(productSkus.id, sku.id));
    expect(after?.salePriceMinor).toBe(cost + basisPointsOf(cost, 2000));
    // The card follows its SKUs.
    const [card] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(card?.priceMinor).toBeGreaterThanOrEqual(cost);
    const shown = (
      await call('GET', `/api/product/${product.id}?currency=USD&country=BD`, undefined, null)
    ).json().data;
    expect(shown.skus.find((item: { sku_id: string }) => item.sku_id === sku.skuId).offer_sale_price).toBe(
      toDecimalText(cost + basisPointsOf(cost, 2000)),
    );
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'pricing.rules'));
    expect(entry?.details).toMatchObject({ repriced: saved.json().data.repriced });
    await call('PUT', '/api/pricing', RULES);
  });

  it('logs a price set by hand as an override, keeps it through repricing, and refuses one under the floor', async () => {
    const { product, sku, cost } = await importedSku();
    const detail = (await call('GET', `/api/product/${product.id}`)).json().data;
    const body = (skuPrice: string) => ({
      title: detail.name,
      description: detail.description,
      categoryId: detail.categoryId,
      // The editor's prices are in the product's own currency.
      currency: product.currency,
      status: 'published',
      images: detail.media,
      properties: detail.property,
      skus: detail.skus.map((item: Record<string, unknown>) =>
        item.sku_id === sku.skuId ? { ...item, offer_sale_price: skuPrice, sku_price: skuPrice } : item,
      ),
    });
    expect((await call('GET', '/api/pricing/overrides')).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });

    const byHand = toDecimalText(cost + 777);
    const updated = await call('PUT', `/api/product/${product.id}`, body(byHand));
    expect(updated.statusCode, updated.body).toBe(200);
    // Saving replaces the SKU rows: the same SKU id keeps its cost and is marked as priced by hand.
    const [same] = await t.db
      .select()
      .from(productSkus)
      .where(and(eq(productSkus.productId, product.id), eq(productSkus.skuId, sku.skuId)));
    expect(same).toMatchObject({
      supplierPriceMinor: cost,
      priceOverridden: true,
      salePriceMinor: cost + 777,
    });

    const logs = await call('GET', '/api/pricing/overrides');
    assertMatchesContract('listPriceOverrides', logs);
    expect(logs.json().data[0]).toMatchObject({ productId: product.id, by: 'Store Admin' });
    expect(logs.json().data[0].message).toContain(`(SKU ${sku.skuId}): `);
    expect(logs.json().data[0].message).toContain(`→ ${byHand} ${product.currency} by hand`);

    await call('PUT', '/api/pricing', { ...RULES, markupValue: 30 });
    const [afterReprice] = await t.db
      .select()
      .from(productSkus)
      .where(and(eq(productSkus.productId, product.id), eq(productSkus.skuId, sku.skuId)));
    expect(afterReprice?.salePriceMinor).toBe(cost + 777);

    await call('PUT', '/api/pricing', { ...RULES, minMarginPercent: 50 });
    const under = await call('PUT', `/api/product/${product.id}`, body(toDecimalText(cost + 1)));
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toMatch(/would sell below the margin floor: at least /);
    await call('PUT', '/api/pricing', RULES);
  });

  it('prices the same product by the ship-to country, alike on the list, the page, the quote and the order', async () => {
    const product = await insertTestProduct(t.db, {
      title: 'Country Priced Lamp',
      skus: [{ skuId: 'LAMP-1', salePriceMinor: 20_00, stock: 50 }],
    });
    const bd = await call('PUT', '/api/pricing/countries/BD', { adjustmentType: 'percentage', value: 15 });
    expect(bd.statusCode, bd.body).toBe(200);
    assertMatchesContract('setCountryPricing', bd);
    expect(bd.json().data.countries).toEqual([{ country: 'BD', adjustmentType: 'percentage', value: 15 }]);
    await call('PUT', '/api/pricing/countries/US', { adjustmentType: 'fixed', value: -2.5 });

    const shopper = await registerShopper(t.app);
    const expected = { BD: 23_00, US: 17_50, DE: 20_00 } as const;
    for (const [country, minor] of Object.entries(expected)) {
      const amount = minor / 100;
      const page = (
        await call('GET', `/api/product/${product.id}?currency=USD&country=${country}`, undefined, null)
      ).json().data;
      expect(page.skus[0].offer_sale_price, country).toBe(toDecimalText(minor));
      expect(page.price, country).toBe(amount);
      const list = (
        await call(
          'GET',
          `/api/product/?currency=USD&country=${country}&q=Country%20Priced%20Lamp`,
          undefined,
          null,
        )
      ).json().data;
      expect(list.find((item: { _id: string }) => item._id === product.id)?.price, country).toBe(amount);
      const items = [{ product: product.id, sku_id: 'LAMP-1', quantity: 2 }];
      const quote = await call(
        'POST',
        '/api/order/quote',
        { items, currency: 'USD', country },
        shopper.token,
      );
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().data.items[0].price, country).toBe(amount);
      const order = await call(
        'POST',
        '/api/order',
        { items, shippingAddress: address(country), paymentMethod: 'Bank Transfer' },
        shopper.token,
      );
      expect(order.statusCode, order.body).toBe(201);
      expect(order.json().data.items[0].price, country).toBe(amount);
      expect(order.json().data.totalPrice, country).toBe(quote.json().data.totalPrice);
    }

    // In taka too: the quote and the order agree to the poisha.
    const items = [{ product: product.id, sku_id: 'LAMP-1', quantity: 3 }];
    const quote = (
      await call('POST', '/api/order/quote', { items, currency: 'BDT', country: 'BD' }, shopper.token)
    ).json().data;
    const order = (
      await call(
        'POST',
        '/api/order',
        { items, currency: 'BDT', shippingAddress: address('BD'), paymentMethod: 'Bank Transfer' },
        shopper.token,
      )
    ).json().data;
    expect(order.items[0].price).toBe(quote.items[0].price);
    expect(order.totalPrice).toBe(quote.totalPrice);

    // The wishlist shows the price of the shopper's own ship-to country, kept with their account.
    await t.db
      .update(customers)
      .set({ settings: { shipToCountry: 'BD' } })
      .where(eq(customers.id, shopper.id));
    await call('POST', '/api/wishlist/add', { productId: product.id }, shopper.token);
    const wishlist = (await call('GET', '/api/wishlist/?currency=USD', undefined, shopper.token)).json().data;
    expect(
      wishlist.find((entry: { product: { _id: string } }) => entry.product._id === product.id).product.price,
    ).toBe(23);

    const removed = await call('DELETE', '/api/pricing/countries/US');
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', '/api/pricing/countries/US')).statusCode).toBe(404);
    for (const bad of [
      { adjustmentType: 'percentage', value: 501 },
      { adjustmentType: 'percentage', value: -91 },
      { adjustmentType: 'fixed', value: 1.005 },
      { adjustmentType: 'gift', value: 1 },
    ]) {
      expect((await call('PUT', '/api/pricing/countries/FR', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call('PUT', '/api/pricing/countries/france', { adjustmentType: 'fixed', value: 1 })).statusCode,
    ).toBe(400);
    await call('DELETE', '/api/pricing/countries/BD');
  });

  it('gives business accounts B2B prices when the switch is on', async () => {
    const product = await insertTestProduct(t.db, {
      title: 'Bulk Paper',
      skus: [{ skuId: 'PAPER-1', salePriceMinor: 50_00, stock: 50 }],
    });
    const business = await registerShopper(t.app);
    const person = await registerShopper(t.app);
    const marked = await call('PATCH', `/api/users/${business.id}`, { isBusiness: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, business.id));
    expect(row?.isBusiness).toBe(true);
    const details = await call('GET', `/api/users/${business.id}`);
    expect(details.json().data.profile.isBusiness).toBe(true);
    await call('PUT', '/api/pricing', { ...RULES, b2bEnabled: true, b2bDiscountPercent: 12 });
    const priceFor = async (token: string) =>
      (await call('GET', `/api/product/${product.id}?currency=USD&country=DE`, undefined, token)).json().data
        .price;
    expect(await priceFor(business.token)).toBe(44);
    expect(await priceFor(person.token)).toBe(50);
    const items = [{ product: product.id, sku_id: 'PAPER-1', quantity: 1 }];
    const quote = await call(
      'POST',
      '/api/order/quote',
      { items, currency: 'USD', country: 'DE' },
      business.token,
    );
    expect(quote.json().data.items[0].price).toBe(44);
    const order = await call(
      'POST',
      '/api/order',
      { items, shippingAddress: address('DE'), paymentMethod: 'Bank Transfer' },
      business.token,
    );
    expect(order.json().data.items[0].price).toBe(44);
    await call('PUT', '/api/pricing', RULES);
    expect(await priceFor(business.token)).toBe(50);
  });

  it('previews a cost with the same rules, two decimals', async () => {
    const preview = await call('POST', '/api/pricing/preview', { cost: 12.5 });
    expect(preview.statusCode).toBe(200);
    assertMatchesContract('previewPricing', preview);
    expect(preview.json().data).toEqual({
      cost: 12.5,
      price: 13.75,
      margin: 1.25,
      profitPercent: 10,
      currency: 'USD',
    });
    await call('PUT', '/api/pricing/countries/BD', { adjustmentType: 'percentage', value: 20 });
    expect(
      (await call('POST', '/api/pricing/preview', { cost: 10, country: 'BD' })).json().data,
    ).toMatchObject({
      price: 13.2,
      margin: 3.2,
      profitPercent: 32,
    });
    await call('DELETE', '/api/pricing/countries/BD');
    for (const bad of [{ cost: -1 }, { cost: 1.001 }, {}, { cost: 'ten' }]) {
      expect((await call('POST', '/api/pricing/preview', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('lets staff set rates by hand only in manual mode, and fetch them only in auto mode', async () => {
    const refused = await call('PUT', '/api/settings/currency/BDT', { rate: 120 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Rates are set by hand only in manual conversion mode.');
    const offline = await call('POST', '/api/settings/currency/refresh');
    expect(offline.statusCode).toBe(200);
    assertMatchesContract('refreshCurrencyRates', offline);
    expect(offline.json()).toMatchObject({
      message: 'No rates provider is configured: the stored rates stay as they are.',
      data: { updated: 0, source: 'offline' },
    });

    await call('PUT', '/api/pricing', { ...RULES, currencyMode: 'manual' });
    const set = await call('PUT', '/api/settings/currency/BDT', { rate: 120.25 });
    expect(set.statusCode, set.body).toBe(200);
    assertMatchesContract('updateCurrencyRate', set);
    const listed = (await call('GET', '/api/settings/currency', undefined, null)).json().data;
    expect(listed.find((row: { code: string }) => row.code === 'BDT').rate).toBe(120.25);
    expect((await call('PUT', '/api/settings/currency/XYZ', { rate: 2 })).statusCode).toBe(404);
    expect((await call('PUT', '/api/settings/currency/USD', { rate: 2 })).statusCode).toBe(409);
    expect((await call('PUT', '/api/settings/currency/BDT', { rate: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/api/settings/currency/refresh')).statusCode).toBe(409);
    await call('PUT', '/api/settings/currency/BDT', { rate: 121.5 });
    await call('PUT', '/api/pricing', RULES);
  });

  it('is for staff with the settings permission', async () => {
    const shopper = await demoShopperToken(t.app);
    const products = await limitedStaffToken(t.app, t.db, ['products']);
    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['getPricingRules', 'GET', '/api/pricing'],
      ['updatePricingRules', 'PUT', '/api/pricing', { ...RULES, markupValue: 99 }],
      ['setCountryPricing', 'PUT', '/api/pricing/countries/NP', { adjustmentType: 'percentage', value: 1 }],
      ['deleteCountryPricing', 'DELETE', '/api/pricing/countries/BD'],
      ['previewPricing', 'POST', '/api/pricing/preview', { cost: 1 }],
      ['listPriceOverrides', 'GET', '/api/pricing/overrides'],
      ['updateCurrencyRate', 'PUT', '/api/settings/currency/BDT', { rate: 1 }],
      ['refreshCurrencyRates', 'POST', '/api/settings/currency/refresh'],
    ];
    const before = (await call('GET', '/api/pricing')).json().data;
    for (const [operationId, method, url, body] of attempts) {
      expect((await call(method, url, body, null)).statusCode, operationId).toBe(401);
      for (const token of [shopper, products]) {
        const answer = await call(method, url, body, token);
        expect(answer.statusCode, operationId).toBe(403);
        assertMatchesContract(operationId as never, answer);
      }
    }
    // The refused calls changed nothing: the rules and the country rules are as they were.
    expect((await call('GET', '/api/pricing')).json().data).toEqual(before);
  });
});
