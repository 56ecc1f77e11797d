import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates, orders, payments, productSkus, products } from '../../db/schema.ts';
import { BASE_RATE, convertMinor, toAmount } from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { COD_NOT_CONFIRMED } from '../forwarding/forwarding.repository.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { checkoutAddress } from './payments.fixtures.ts';

// Cash on delivery as staff offer it, and the payment methods checkout may show: the fee the list names is the
// fee the quote and the order charge; the order is unpaid until the courier (or staff) collects the cash.

const PHONE_CASE = '1005006084529133';

describe('cash on delivery and the payment methods', () => {
  let t: TestApp;
  let admin: string;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;
  let bdtRate: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Rahim Uddin' });
    const [bdt] = await t.db.select().from(currencyRates).where(eq(currencyRates.code, 'BDT'));
    if (!bdt) throw new Error('the seeded BDT rate is missing');
    bdtRate = bdt.rate;
  });
  afterAll(() => t.close());

  const settings = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/store', headers: bearer(admin), payload });
  const methods = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/payment-methods?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('listPaymentMethods', response);
    return response.json().data as Array<{ method: string; fee: number; maxOrder: number | null }>;
  };
  const product = (priceMinor: number, stock = 20) =>
    insertTestProduct(t.db, { skus: [{ skuId: 'ONE', salePriceMinor: priceMinor, stock }] });
  const order = (productId: string, country: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(shopper.token),
      payload: {
        items: [{ product: productId, sku_id: 'ONE', quantity: 1 }],
        shippingAddress: checkoutAddress(country),
        paymentMethod: 'Cash on Delivery',
        ...extra,
      },
    });
  const staffMove = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers: bearer(admin), payload });

  it('lists card, PayPal and bank transfer, and no cash on delivery until staff offer it', async () => {
    await settings({ cashOnDelivery: { enabled: false, countries: [], fee: 0, maxOrder: null } });
    expect((await methods('country=BD&currency=BDT')).map((m) => m.method)).toEqual([
      'Credit Card',
      'PayPal',
      'Bank Transfer',
    ]);
  });

  it('refuses to switch cash on delivery on without a country, and keeps what was saved', async () => {
    const response = await settings({
      cashOnDelivery: { enabled: true, countries: [], fee: 1, maxOrder: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('/cashOnDelivery/countries');
    const saved = await t.app.inject({ method: 'GET', url: '/api/settings/store', headers: bearer(admin) });
    expect(saved.json().data.cashOnDelivery.enabled).toBe(false);
    const badFee = await settings({
      cashOnDelivery: { enabled: true, countries: ['BD'], fee: 1.005, maxOrder: null },
    });
    expect(badFee.statusCode).toBe(400);
  });

  it('offers it in the countries staff name, with the fee in the shopper currency, up to the largest order', async () => {
    const saved = await settings({
      cashOnDelivery: { enabled: true, countries: ['IN', 'BD'], fee: 1.5, maxOrder: 100 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.cashOnDelivery).toEqual({
      enabled: true,
      countries: ['BD', 'IN'],
      fee: 1.5,
      maxOrder: 100,
    });

    const inBd = await methods('country=BD&currency=BDT&amount=500');
    const cod = inBd.find((m) => m.method === 'Cash on Delivery');
    expect(cod?.fee).toBe(toAmount(convertMinor(150, BASE_RATE, bdtRate, 'BDT')));
    expect(cod?.maxOrder).toBe(toAmount(convertMinor(100_00, BASE_RATE, bdtRate, 'BDT')));
    expect((await methods('country=ES&currency=EUR')).map((m) => m.method)).not.toContain('Cash on Delivery');
    // Above the largest order (100 USD in taka) it is not offered.
    const above = toAmount(convertMinor(100_00, BASE_RATE, bdtRate, 'BDT') + 100);
    expect((await methods(`country=BD&currency=BDT&amount=${above}`)).map((m) => m.method)).not.toContain(
      'Cash on Delivery',
    );
    const bad = await t.app.inject({ method: 'GET', url: '/api/payment-methods?country=XX' });
    expect(bad.statusCode).toBe(400);
  });

  it('charges the listed fee in the quote and the order, and the lines add up to the total', async () => {
    const item = await product(20_00);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/order/quote',
      payload: {
        items: [{ product: item.id, sku_id: 'ONE', quantity: 1 }],
        currency: 'BDT',
        country: 'BD',
        paymentMethod: 'Cash on Delivery',
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    assertMatchesContract('quoteOrder', quote);
    const q = quote.json().data;
    const listed = (await methods('country=BD&currency=BDT')).find((m) => m.method === 'Cash on Delivery');
    expect(q.paymentFee).toBe(listed?.fee);
    expect(q.totalPrice).toBeCloseTo(q.itemsPrice + q.shippingPrice + q.taxPrice + q.paymentFee, 2);

    const placed = await order(item.id, 'BD', { currency: 'BDT' });
    expect(placed.statusCode, placed.body).toBe(201);
    assertMatchesContract('placeOrder', placed);
    const o = placed.json().data;
    expect(o.paymentMethod).toBe('Cash on Delivery');
    expect(o.isPaid).toBe(false);
    expect(o.paymentFee).toBe(q.paymentFee);
    expect(o.totalPrice).toBe(q.totalPrice);
  });

  it('refuses cash on delivery where it is not offered, or above the largest order, placing nothing', async () => {
    const item = await product(20_00, 5);
    const elsewhere = await order(item.id, 'ES');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors[0].path).toBe('/paymentMethod');
    expect(elsewhere.json().message).toBe('Cash on delivery is not available for delivery to ES.');

    const dear = await product(150_00, 5);
    const tooMuch = await order(dear.id, 'BD');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Cash on delivery is available for orders up to 100.00 USD.');
    const [sku] = await t.db.select().from(productSkus).where(eq(productSkus.productId, dear.id));
    expect(sku?.stock).toBe(5);
    // The same order by bank transfer goes through.
    const byTransfer = await order(dear.id, 'BD', { paymentMethod: 'Bank Transfer' });
    expect(byTransfer.statusCode, byTransfer.body).toBe(201);
  });

  it('is paid when the courier delivers it, and the timeline says the cash was collected', async () => {
    const item = await product(30_00);
    const placed = (await order(item.id, 'BD')).json().data;
    for (const payload of [
      { status: 'Confirmed' },
      { status: 'Shipped', carrier: 'Pathao', trackingNumber: 'PTH-1' },
      { status: 'Delivered' },
    ]) {
      const moved = await staffMove(placed._id, payload);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed._id}`,
      headers: bearer(admin),
    });
    assertMatchesContract('getAdminOrder', detail);
    const data = detail.json().data;
    expect(data.cashOnDelivery.collectedBy).toBe('courier');
    expect(data.paymentFee).toBe(1.5);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row?.isPaid).toBe(true);
    expect(row?.codCollectedAt).not.toBeNull();
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order/${placed._id}`,
      headers: bearer(shopper.token),
    });
    const delivered = mine
      .json()
      .data.statusHistory.find((h: { status: string }) => h.status === 'Delivered');
    expect(delivered.note).toContain('Cash collected on delivery');
  });

  it('goes to the supplier once staff confirm it, though it is paid only at the door', async () => {
    const [phoneCase] = await t.db.select().from(products).where(eq(products.productId, PHONE_CASE));
    if (!phoneCase) throw new Error('the seeded phone case is missing');
    const [sku] = await t.db
      .select()
      .from(productSkus)
      .where(and(eq(productSkus.productId, phoneCase.id), gt(productSkus.stock, 0)));
    if (!sku) throw new Error('the seeded phone case has no SKU in stock');
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(shopper.token),
      payload: {
        items: [{ product: phoneCase.id, sku_id: sku.skuId, quantity: 1 }],
        shippingAddress: checkoutAddress('BD'),
        paymentMethod: 'Cash on Delivery',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data._id;
    const forward = () =>
      t.app.inject({ method: 'POST', url: `/api/orders/${id}/forward`, headers: bearer(admin) });
    const early = await forward();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(COD_NOT_CONFIRMED);
    expect((await staffMove(id, { status: 'Confirmed' })).statusCode).toBe(200);
    const forwarded = await forward();
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.isPaid).toBe(false);
  });

  it('records cash staff collected themselves', async () => {
    const item = await product(10_00);
    const placed = (await order(item.id, 'IN')).json().data;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed._id}/confirm-payment`,
      headers: bearer(admin),
      payload: { reference: 'Counter receipt 17' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row?.codCollectedBy).toBe('staff');
    expect(row?.isPaid).toBe(true);
  });

  it('records a card charge in the payments ledger with its order, and its refund', async () => {
    const item = await product(25_00);
    const placed = await order(item.id, 'BD', {
      paymentMethod: 'Credit Card',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const o = placed.json().data;
    const [charge] = await t.db.select().from(payments).where(eq(payments.orderId, o._id));
    expect(charge).toMatchObject({
      provider: 'offline',
      method: 'Credit Card',
      state: 'paid',
      currency: 'USD',
    });
    expect(charge?.amountMinor).toBe(Math.round(o.totalPrice * 100));

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o._id}/refunds`,
      headers: bearer(admin),
      payload: { amount: 5, reason: 'Scratched case' },
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const [after] = await t.db.select().from(payments).where(eq(payments.orderId, o._id));
    expect(after).toMatchObject({ state: 'partially_refunded', refundedMinor: 500 });
  });
});
