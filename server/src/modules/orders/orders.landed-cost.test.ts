import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, productSkus, products } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from './orders.fixtures.ts';

// The landed cost on the product page and the order's charge: per-country duty rules staff set, priced by the
// same code as checkout, so what the page shows is what the order charges.

const ADDRESS = {
  full_name: 'Amelia Hart',
  address: '12 Queen Street',
  city: 'London',
  zip: 'EC4N 1SA',
  mobile_no: '7700900123',
  phone_country: '+44',
};

interface Landed {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  dutyPrice: number;
  totalPrice: number;
  duty: { rate: number; label: string; basis: string; deMinimis: number } | null;
  delivery: { code: string; company: string } | null;
  window: { minDays: number; maxDays: number; from: string; to: string } | null;
}

describe('landed cost and import duty', () => {
  let t: TestApp;
  let admin: string;
  let shopper: string;
  let productId: string;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  const setDuty = async (dutyRules: object[]) => {
    const saved = await call('PUT', '/settings/store', admin, { dutyRules });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved;
  };

  const landed = async (query: string, id = productId) => {
    const answer = await call('GET', `/product/landed-cost/${id}?sku_id=S&${query}`, null);
    expect(answer.statusCode, answer.body).toBe(200);
    assertMatchesContract('getLandedCost', answer);
    return answer.json().data as Landed;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = (await registerShopper(t.app, { name: 'Amelia Hart' })).token;
    // The spec's rule: 10 USD shipping up to 100 USD of items, tax 10% where a country has no rule of its own.
    const product = await insertTestProduct(t.db, {
      skus: [{ skuId: 'S', salePriceMinor: 80_00, stock: 60 }],
    });
    productId = product.id;
  });
  afterAll(() => t.close());

  it('saves duty rules, logs the change, and refuses bad ones', async () => {
    const saved = await setDuty([
      { country: 'GB', rate: 5, deMinimis: 50, basis: 'goods', label: '  Import duty ' },
    ]);
    assertMatchesContract('updateStoreSettings', saved);
    expect(saved.json().data.dutyRules).toEqual([
      { country: 'GB', rate: 5, deMinimis: 50, basis: 'goods', label: 'Import duty' },
    ]);
    const read = await call('GET', '/settings/store', admin);
    assertMatchesContract('getStoreSettings', read);
    expect(read.json().data.dutyRules).toHaveLength(1);

    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'settings.update'))
      .orderBy(desc(activityLog.at))
      .limit(1);
    expect(JSON.stringify(entry?.details)).toContain('Import duty');

    const before = read.json().data;
    const rule = { country: 'US', rate: 2, deMinimis: 800, basis: 'goods', label: 'Customs' };
    const refusals: Array<[object[], number, string?]> = [
      [[rule, { ...rule, rate: 3 }], 400, '/dutyRules/1/country'],
      [[{ ...rule, label: '   ' }], 400, '/dutyRules/0/label'],
      [[{ ...rule, rate: 101 }], 400],
      [[{ ...rule, rate: -1 }], 400],
      [[{ ...rule, rate: 2.555 }], 400],
      [[{ ...rule, deMinimis: -5 }], 400],
      [[{ ...rule, basis: 'everything' }], 400],
      [[{ ...rule, country: 'XX' }], 400],
    ];
    for (const [dutyRules, status, path] of refusals) {
      const refused = await call('PUT', '/settings/store', admin, { dutyRules });
      expect(refused.statusCode, JSON.stringify(dutyRules)).toBe(status);
      expect(refused.json().success).toBe(false);
      if (path) expect(refused.json().errors).toEqual([expect.objectContaining({ path })]);
    }
    expect((await call('GET', '/settings/store', admin)).json().data).toEqual(before);
  });

  it('keeps duty rules to staff with the settings permission', async () => {
    const support = await limitedStaffToken(t.app, t.db, ['dashboard', 'orders']);
    const body = { dutyRules: [] };
    expect((await call('PUT', '/settings/store', support, body)).statusCode).toBe(403);
    expect((await call('PUT', '/settings/store', shopper, body)).statusCode).toBe(403);
    expect((await call('PUT', '/settings/store', null, body)).statusCode).toBe(401);
    // Still the rule saved above.
    expect((await call('GET', '/settings/store', admin)).json().data.dutyRules).toHaveLength(1);
  });

  it('prices duty per country: none without a rule, none below the de minimis, on goods or goods plus delivery', async () => {
    // No rule for Germany: 80 + 10 shipping + 10% tax, no duty.
    expect(await landed('country=DE&currency=USD')).toMatchObject({
      itemsPrice: 80,
      shippingPrice: 10,
      taxPrice: 8,
      dutyPrice: 0,
      totalPrice: 98,
      duty: null,
    });
    // Below the de minimis (100 USD of goods): the rule is named, nothing is due.
    await setDuty([{ country: 'GB', rate: 5, deMinimis: 100, basis: 'goods', label: 'Import duty' }]);
    expect(await landed('country=GB&currency=USD')).toMatchObject({
      dutyPrice: 0,
      totalPrice: 98,
      duty: { rate: 5, label: 'Import duty', basis: 'goods', deMinimis: 100 },
    });
    // Two units (160 USD): above it. 5% of the goods.
    expect(await landed('country=GB&currency=USD&quantity=2')).toMatchObject({
      itemsPrice: 160,
      shippingPrice: 0,
      taxPrice: 16,
      dutyPrice: 8,
      totalPrice: 184,
    });
    // On goods plus delivery: 5% of 80 + 10.
    await setDuty([{ country: 'GB', rate: 5, deMinimis: 20, basis: 'goods_and_delivery', label: 'Customs' }]);
    expect(await landed('country=GB&currency=USD')).toMatchObject({
      shippingPrice: 10,
      dutyPrice: 4.5,
      totalPrice: 102.5,
      duty: { label: 'Customs', basis: 'goods_and_delivery' },
    });
    // The de minimis in the shopper's currency, converted by the money module (the seeded 121.5 BDT per USD).
    expect((await landed('country=GB&currency=BDT')).duty?.deMinimis).toBe(2430);
  });

  it('charges the order exactly the landed cost, in several currencies', async () => {
    await setDuty([
      { country: 'GB', rate: 7.5, deMinimis: 20, basis: 'goods_and_delivery', label: 'Customs' },
    ]);
    for (const currency of ['USD', 'GBP', 'EUR', 'BDT', 'HUF']) {
      const shown = await landed(`country=GB&currency=${currency}&quantity=1`);
      expect(shown.dutyPrice, currency).toBeGreaterThan(0);
      expect(shown.itemsPrice + shown.shippingPrice + shown.taxPrice + shown.dutyPrice, currency).toBeCloseTo(
        shown.totalPrice,
        6,
      );
      const placed = await call('POST', '/order', shopper, {
        items: [{ product: productId, sku_id: 'S', quantity: 1 }],
        shippingAddress: { ...ADDRESS, country: 'GB' },
        paymentMethod: 'Bank Transfer',
        currency,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      assertMatchesContract('placeOrder', placed);
      const order = placed.json().data;
      expect(order, currency).toMatchObject({
        itemsPrice: shown.itemsPrice,
        shippingPrice: shown.shippingPrice,
        taxPrice: shown.taxPrice,
        dutyPrice: shown.dutyPrice,
        dutyLabel: 'Customs',
        totalPrice: shown.totalPrice,
      });

      const mine = await call('GET', `/order/${order._id}`, shopper);
      assertMatchesContract('getMyOrder', mine);
      expect(mine.json().data).toMatchObject({ dutyPrice: shown.dutyPrice, totalPrice: shown.totalPrice });
      const staff = await call('GET', `/orders/${order.orderNumber}`, admin);
      expect(staff.statusCode, staff.body).toBe(200);
      assertMatchesContract('getAdminOrder', staff);
      expect(staff.json().data).toMatchObject({ dutyPrice: shown.dutyPrice, dutyLabel: 'Customs' });
    }
  });

  it('quotes the checkout with the duty, and charges none where no rule applies', async () => {
    const quote = await call('POST', '/order/quote', shopper, {
      items: [{ product: productId, sku_id: 'S', quantity: 1 }],
      country: 'GB',
      currency: 'USD',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    assertMatchesContract('quoteOrder', quote);
    expect(quote.json().data).toMatchObject({ dutyPrice: 6.75, duty: { label: 'Customs' } });

    const placed = await call('POST', '/order', shopper, {
      items: [{ product: productId, sku_id: 'S', quantity: 1 }],
      shippingAddress: { ...ADDRESS, country: 'DE' },
      paymentMethod: 'Bank Transfer',
      currency: 'EUR',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ dutyPrice: 0, dutyLabel: null });
  });

  it('refunds up to the whole total, the duty included, and no more', async () => {
    const placed = await call('POST', '/order', shopper, {
      items: [{ product: productId, sku_id: 'S', quantity: 1 }],
      shippingAddress: { ...ADDRESS, country: 'GB' },
      paymentMethod: 'Credit Card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      currency: 'USD',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    // 80 + 10 shipping + 8 tax + 7.5% of 90 duty.
    expect(order).toMatchObject({ isPaid: true, dutyPrice: 6.75, totalPrice: 104.75 });
    const refund = (amount: number) =>
      call('POST', `/orders/${order._id}/refunds`, admin, { amount, reason: 'Customs refused the parcel' });
    expect((await refund(104.76)).statusCode).toBe(409);
    const whole = await refund(104.75);
    expect(whole.statusCode, whole.body).toBe(201);
    const mine = await call('GET', `/order/${order._id}`, shopper);
    expect(mine.json().data).toMatchObject({ paymentStatus: 'Refunded', refundedPrice: 104.75 });
  });

  it('gives the delivery window of the supplier service for an imported product', async () => {
    const [imported] = await t.db
      .selectDistinct({ id: products.id, skuId: productSkus.skuId })
      .from(products)
      .innerJoin(productSkus, and(eq(productSkus.productId, products.id), gt(productSkus.stock, 5)))
      .where(and(eq(products.source, 'aliexpress'), eq(products.status, 'published')))
      .limit(1);
    if (!imported) throw new Error('the demo catalogue has no imported product in stock');
    const answer = await call(
      'GET',
      `/product/landed-cost/${imported.id}?sku_id=${imported.skuId}&country=GB&currency=GBP`,
      null,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    assertMatchesContract('getLandedCost', answer);
    const data = answer.json().data as Landed;
    expect(data.delivery).not.toBeNull();
    expect(data.window).not.toBeNull();
    if (!data.window) return;
    expect(data.window.minDays).toBeLessThanOrEqual(data.window.maxDays);
    expect(data.window.from <= data.window.to).toBe(true);
  });

  it('answers 404 for what is not for sale and 400 for a bad query', async () => {
    const unknown = await call(
      'GET',
      '/product/landed-cost/0b8c7b5e-2f7e-4f4b-9a53-0c1d2e3f4a5b?sku_id=S&country=GB',
      null,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/product/landed-cost/nope?sku_id=S', null)).statusCode).toBe(404);
    expect((await call('GET', `/product/landed-cost/${productId}?sku_id=GONE`, null)).statusCode).toBe(404);
    expect((await call('GET', `/product/landed-cost/${productId}`, null)).statusCode).toBe(400);
    expect(
      (await call('GET', `/product/landed-cost/${productId}?sku_id=S&quantity=13`, null)).statusCode,
    ).toBe(400);
    const draft = await insertTestProduct(t.db, {
      status: 'draft',
      skus: [{ skuId: 'S', salePriceMinor: 10_00, stock: 1 }],
    });
    expect((await call('GET', `/product/landed-cost/${draft.id}?sku_id=S`, null)).statusCode).toBe(404);
    await setDuty([]);
  });
});
