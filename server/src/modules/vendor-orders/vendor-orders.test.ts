import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, coupons, orderItems, orderStatusHistory, orders, stores } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, type RegisteredShopper, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertVendorProduct, signedInVendor } from '../../test/vendors.ts';
import {
  CODE_FORMAT,
  END_AFTER_START,
  FIXED_ABOVE_ZERO,
  PERCENT_RANGE,
} from '../campaigns/campaigns.rules.ts';
import { otherStoreMessage } from '../orders/orders.coupons.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { salesChannel } from '../orders/orders.pricing.ts';
import { CODE_LOCKED, COUPON_IN_USE, VENDOR_COUPON_NOT_FOUND } from './vendor-coupons.handlers.ts';
import { VENDOR_ORDER_NOT_FOUND } from './vendor-orders.handlers.ts';
import {
  ALREADY_SHIPPED,
  CLOSED_ORDER,
  DELIVERED_ORDER,
  NOT_PAID,
  REFUNDED_ORDER,
} from './vendor-orders.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
const ADDRESS = {
  full_name: 'Nusrat Jahan',
  address: 'House 7, Road 2, Banani',
  city: 'Dhaka',
  province: 'Dhaka Division',
  country: 'BD',
  zip: '1213',
  mobile_no: '1711000000',
  phone_country: '+880',
};
const GOOD_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Vendor = Awaited<ReturnType<typeof signedInVendor>>;
type Line = { product: string; sku_id: string; quantity: number };

interface VendorOrderBody {
  _id: string;
  id: string;
  customer: string;
  date: string;
  items: Array<{
    _id: string;
    product: string | null;
    name: string;
    sku: string | null;
    quantity: number;
    price: number;
    lineTotal: number;
    carrier: string | null;
    trackingNumber: string | null;
    shippedAt: string | null;
  }>;
  total: number;
  currency: string;
  status: string;
  isPaid: boolean;
  shipped: boolean;
  canShip: boolean;
  shipTo?: Record<string, unknown>;
}

interface CouponBody {
  _id: string;
  code: string;
  type: string;
  value: number;
  startsAt: string;
  endsAt: string;
  usageLimit: number | null;
  minOrder: number;
  currency: string;
  status: string;
  uses: number;
}

describe('vendor orders and coupons', () => {
  let t: TestApp;
  let admin: string;
  let shopper: RegisteredShopper;
  let alpha: Vendor;
  let beta: Vendor;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Nusrat Jahan' });
    alpha = await signedInVendor(t.app, t.db, { name: 'Alpha Crafts' });
    beta = await signedInVendor(t.app, t.db, { name: 'Beta Leather' });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  let seq = 0;
  /** A published, approved product of a vendor's store (or the shop's own), one SKU. */
  async function product(priceMinor: number, storeId: string | null = null) {
    seq += 1;
    const item = { title: `Item ${seq}`, skuId: `SKU-${seq}`, priceMinor, stock: 100 };
    if (storeId) return insertVendorProduct(t.db, storeId, item);
    const row = await insertTestProduct(t.db, {
      title: item.title,
      skus: [{ skuId: item.skuId, salePriceMinor: priceMinor, stock: item.stock }],
    });
    return { id: row.id, skuId: item.skuId };
  }

  const line = (item: { id: string; skuId: string }, quantity = 1): Line => ({
    product: item.id,
    sku_id: item.skuId,
    quantity,
  });

  async function place(lines: Line[], options: { paid?: boolean; couponCode?: string; token?: string } = {}) {
    const paid = options.paid ?? true;
    return call('POST', '/order', options.token ?? shopper.token, {
      items: lines,
      shippingAddress: ADDRESS,
      paymentMethod: paid ? 'Credit Card' : 'Bank Transfer',
      ...(paid ? { card: GOOD_CARD } : {}),
      ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    });
  }

  async function placed(lines: Line[], options: { paid?: boolean; couponCode?: string } = {}) {
    const response = await place(lines, options);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { _id: string; orderNumber: string } }>().data;
  }

  const itemsOf = (orderId: string) =>
    t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  const orderRow = async (orderId: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];

  const ship = (
    orderId: string,
    token: string,
    payload: object = { carrier: 'DHL', trackingNumber: 'JD0146' },
  ) => call('POST', `/vendor/orders/${orderId}/ship`, token, payload);

  describe('order placement', () => {
    it('records each line’s store and sells an order with a vendor’s line through the B2B channel', async () => {
      const overview = async () =>
        (await call('GET', '/stats/overview', admin)).json<{ data: { orders: { b2b: number } } }>().data
          .orders.b2b;
      const before = await overview();
      const vendorItem = await product(40_00, alpha.id);
      const plain = await product(50_00);
      const order = await placed([line(vendorItem), line(plain)]);
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(stored?.channel).toBe('b2b');
      expect((await itemsOf(order._id)).map((item) => item.storeId)).toEqual([alpha.id, null]);
      expect(await overview()).toBe(before + 1);

      // An order of the store's own products stays B2C.
      const own = await placed([line(plain)]);
      expect((await orderRow(own._id))?.channel).toBe('b2c');
    });

    it('records the store and the channel of a manual order staff place', async () => {
      const vendorItem = await product(25_00, beta.id);
      const response = await call('POST', '/orders', admin, {
        productId: vendorItem.id,
        skuId: vendorItem.skuId,
        address: '12 Lake Road, Dhaka',
        paymentMethod: 'Cash',
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<{ data: { _id: string; channel: string } }>().data._id;
      expect((await orderRow(id))?.channel).toBe('b2b');
      expect((await itemsOf(id)).map((item) => item.storeId)).toEqual([beta.id]);
    });

    it('keeps D2C for factory-only orders and B2B as soon as one line is a vendor’s', () => {
      expect(salesChannel(['factory', 'factory'])).toBe('d2c');
      expect(salesChannel(['factory', 'vendor'])).toBe('b2b');
      expect(salesChannel(['marketplace', null])).toBe('b2c');
      expect(salesChannel([])).toBe('b2c');
    });
  });

  describe('GET /vendor/orders and /vendor/orders/{id}', () => {
    let shared: { _id: string; orderNumber: string };
    let alphaItem: { id: string; skuId: string };
    let betaItem: { id: string; skuId: string };
    let shopItem: { id: string; skuId: string };

    beforeAll(async () => {
      alphaItem = await product(12_50, alpha.id);
      betaItem = await product(30_00, beta.id);
      shopItem = await product(99_00);
      shared = await placed([line(alphaItem, 2), line(betaItem), line(shopItem)]);
    });

    it('lists the orders holding the vendor’s lines, showing only those lines and their total', async () => {
      const response = await call('GET', '/vendor/orders?limit=100', alpha.token);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listVendorOrders', response);
      const body = response.json<{ data: VendorOrderBody[]; meta: { total: number } }>();
      const order = body.data.find((row) => row._id === shared._id);
      expect(order).toMatchObject({
        id: shared.orderNumber,
        customer: 'Nusrat Jahan',
        total: 25,
        currency: 'USD',
        status: 'Placed',
        isPaid: true,
        shipped: false,
        canShip: true,
      });
      expect(order?.items).toHaveLength(1);
      expect(order?.items[0]).toMatchObject({
        product: alphaItem.id,
        sku: alphaItem.skuId,
        quantity: 2,
        price: 12.5,
        lineTotal: 25,
        carrier: null,
        trackingNumber: null,
        shippedAt: null,
      });
      // Every order listed holds one of Alpha's lines and shows nothing else.
      const alphaLines = new Set(
        (
          await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.storeId, alpha.id))
        ).map((row) => row.id),
      );
      for (const row of body.data) {
        expect(row.items.length).toBeGreaterThan(0);
        for (const item of row.items) expect(alphaLines.has(item._id)).toBe(true);
      }
      expect(body.meta.total).toBe(body.data.length);
      // No payment detail, no other store's line.
      expect(response.body).not.toMatch(/paymentMethod|paymentRef|Credit Card|4242|itemsPrice/);
      expect(response.body).not.toContain(betaItem.id);

      const beta_ = (await call('GET', '/vendor/orders?limit=100', beta.token)).json<{
        data: VendorOrderBody[];
      }>().data;
      expect(beta_.find((row) => row._id === shared._id)).toMatchObject({
        total: 30,
        items: [{ lineTotal: 30 }],
      });
    });

    it('pages, searches by order id and customer, and filters by status', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Gamma Goods' });
      const item = await product(10_00, vendor.id);
      const empty = await call('GET', '/vendor/orders', vendor.token);
      expect(empty.json()).toMatchObject({ data: [], meta: { page: 1, limit: 10, total: 0 } });

      const first = await placed([line(item)]);
      const second = await placed([line(item)], { paid: false });
      const other = await registerShopper(t.app, { name: 'Rafiq Islam' });
      const third = (await place([line(item)], { token: other.token })).json<{
        data: { _id: string; orderNumber: string };
      }>().data;

      const page = (url: string) =>
        call('GET', url, vendor.token).then((r) => {
          expect(r.statusCode, r.body).toBe(200);
          return r.json<{ data: VendorOrderBody[]; meta: { page: number; limit: number; total: number } }>();
        });
      const firstPage = await page('/vendor/orders?limit=2');
      expect(firstPage.meta).toEqual({ page: 1, limit: 2, total: 3 });
      expect(firstPage.data.map((row) => row._id)).toEqual([third._id, second._id]);
      expect((await page('/vendor/orders?limit=2&page=2')).data.map((row) => row._id)).toEqual([first._id]);
      expect(
        (await page(`/vendor/orders?q=${second.orderNumber.toLowerCase()}`)).data.map((r) => r._id),
      ).toEqual([second._id]);
      expect((await page('/vendor/orders?q=rafiq')).data.map((row) => row._id)).toEqual([third._id]);
      const unpaid = (await page(`/vendor/orders?q=${second.orderNumber}`)).data[0];
      expect(unpaid).toMatchObject({ isPaid: false, canShip: false });

      await t.db.update(orders).set({ status: 'Confirmed' }).where(eq(orders.id, first._id));
      expect((await page('/vendor/orders?status=Confirmed')).data.map((row) => row._id)).toEqual([first._id]);
    });

    it('refuses bad list parameters with 400', async () => {
      for (const query of ['limit=0', 'limit=101', 'page=0', 'status=Lost', `q=${'x'.repeat(101)}`]) {
        const response = await call('GET', `/vendor/orders?${query}`, alpha.token);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }
    });

    it('shows one order with the ship-to address and never the payment', async () => {
      const response = await call('GET', `/vendor/orders/${shared._id}`, alpha.token);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('getVendorOrder', response);
      const data = response.json<{ data: VendorOrderBody }>().data;
      expect(data.shipTo).toEqual({
        name: 'Nusrat Jahan',
        address: ADDRESS.address,
        city: 'Dhaka',
        province: 'Dhaka Division',
        postalCode: '1213',
        country: 'BD',
        phone: '+880 1711000000',
      });
      expect(data.items.map((item) => item.product)).toEqual([alphaItem.id]);
      expect(response.body).not.toMatch(/paymentMethod|paymentRef|Credit Card|card|4242|totalPrice/);
    });

    it('answers 404 for another vendor’s order, an order without the vendor’s lines and an unknown id', async () => {
      const onlyShop = await placed([line(shopItem)]);
      const gamma = await signedInVendor(t.app, t.db);
      for (const [token, id] of [
        [gamma.token, shared._id],
        [alpha.token, onlyShop._id],
        [alpha.token, randomUUID()],
      ] as const) {
        const response = await call('GET', `/vendor/orders/${id}`, token);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(VENDOR_ORDER_NOT_FOUND);
      }
      expect((await call('GET', '/vendor/orders/not-a-uuid', alpha.token)).statusCode).toBe(400);
    });
  });

  describe('POST /vendor/orders/{id}/ship', () => {
    it('ships the vendor’s lines; the last vendor to ship moves the order to Shipped, which the shopper sees', async () => {
      const a = await product(20_00, alpha.id);
      const a2 = await product(5_00, alpha.id);
      const b = await product(30_00, beta.id);
      const order = await placed([line(a), line(b), line(a2)]);

      const first = await ship(order._id, alpha.token, { carrier: '  DHL ', trackingNumber: ' JD0146000 ' });
      expect(first.statusCode, first.body).toBe(200);
      assertMatchesContract('shipVendorOrder', first);
      const shippedByAlpha = first.json<{ data: VendorOrderBody }>().data;
      expect(shippedByAlpha).toMatchObject({ shipped: true, canShip: false, status: 'Placed' });
      expect(shippedByAlpha.items).toHaveLength(2);
      for (const item of shippedByAlpha.items) {
        expect(item).toMatchObject({ carrier: 'DHL', trackingNumber: 'JD0146000' });
        expect(item.shippedAt).not.toBeNull();
      }
      // Beta's line is untouched, and the order has not moved.
      const afterAlpha = await itemsOf(order._id);
      expect(afterAlpha.map((item) => item.trackingNumber)).toEqual(['JD0146000', null, 'JD0146000']);
      expect((await orderRow(order._id))?.status).toBe('Placed');

      const again = await ship(order._id, alpha.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ALREADY_SHIPPED);

      const second = await ship(order._id, beta.token, { carrier: 'FedEx', trackingNumber: 'FX-77' });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().data).toMatchObject({ status: 'Shipped', shipped: true });
      expect(await orderRow(order._id)).toMatchObject({
        status: 'Shipped',
        carrier: 'FedEx',
        trackingNumber: 'FX-77',
      });
      // Through the lifecycle: a Placed order goes by way of Processing, both moves by the store.
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order._id))
        .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.status));
      expect(history.map((entry) => [entry.status, entry.by, entry.actorType])).toEqual([
        ['Placed', 'Nusrat Jahan', 'customer'],
        ['Processing', 'Beta Leather', 'vendor'],
        ['Shipped', 'Beta Leather', 'vendor'],
      ]);

      // The shopper sees each line's carrier, tracking number and shipping date.
      const mine = await call('GET', `/order/${order._id}`, shopper.token);
      expect(mine.statusCode).toBe(200);
      assertMatchesContract('getMyOrder', mine);
      const items = mine.json<{ data: { items: Array<Record<string, unknown>> } }>().data.items;
      expect(items.map((item) => [item.product, item.carrier, item.trackingNumber])).toEqual([
        [a.id, 'DHL', 'JD0146000'],
        [b.id, 'FedEx', 'FX-77'],
        [a2.id, 'DHL', 'JD0146000'],
      ]);
      for (const item of items) expect(typeof item.shippedAt).toBe('string');
      const list = await call('GET', '/order', shopper.token);
      assertMatchesContract('listMyOrders', list);
      const listed = list
        .json<{ data: Array<{ _id: string; items: Array<{ trackingNumber: string | null }> }> }>()
        .data.find((row) => row._id === order._id);
      expect(listed?.items.map((item) => item.trackingNumber)).toEqual(['JD0146000', 'FX-77', 'JD0146000']);
    });

    it('moves a confirmed order straight to Shipped', async () => {
      const a = await product(20_00, alpha.id);
      const order = await placed([line(a)], { paid: false });
      const confirmed = await call('POST', `/orders/${order._id}/confirm-payment`, admin, {
        reference: 'BANK-991',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await ship(order._id, alpha.token)).statusCode).toBe(200);
      const history = await t.db
        .select({ status: orderStatusHistory.status, actorType: orderStatusHistory.actorType })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order._id))
        .orderBy(asc(orderStatusHistory.at));
      expect(history.map((entry) => entry.status)).toEqual(['Placed', 'Confirmed', 'Shipped']);
      expect(history.at(-1)?.actorType).toBe('vendor');
    });

    it('refuses an unpaid, cancelled, failed, refunded or delivered order with 409 and changes nothing', async () => {
      const a = await product(20_00, alpha.id);
      const unpaid = await placed([line(a)], { paid: false });
      const cases: Array<[string, Partial<typeof orders.$inferInsert> | null, string]> = [
        [unpaid._id, null, NOT_PAID],
        [(await placed([line(a)]))._id, { status: 'Cancelled' }, CLOSED_ORDER],
        [(await placed([line(a)]))._id, { status: 'Failed' }, CLOSED_ORDER],
        [(await placed([line(a)]))._id, { status: 'Delivered', isDelivered: true }, DELIVERED_ORDER],
        [(await placed([line(a)]))._id, { status: 'Completed', isDelivered: true }, DELIVERED_ORDER],
        [(await placed([line(a)]))._id, { refundedMinor: 22_00 + 10_00 }, REFUNDED_ORDER],
      ];
      for (const [id, change, message] of cases) {
        if (change) await t.db.update(orders).set(change).where(eq(orders.id, id));
        const before = { order: await orderRow(id), items: await itemsOf(id) };
        const response = await ship(id, alpha.token);
        expect(response.statusCode, message).toBe(409);
        expect(response.json().message).toBe(message);
        expect({ order: await orderRow(id), items: await itemsOf(id) }).toEqual(before);
      }
    });

    it('refuses a missing or blank carrier or tracking number with 400', async () => {
      const order = await placed([line(await product(20_00, alpha.id))]);
      for (const payload of [
        {},
        { carrier: 'DHL' },
        { trackingNumber: 'X1' },
        { carrier: '   ', trackingNumber: 'X1' },
        { carrier: 'DHL', trackingNumber: '' },
        { carrier: 'DHL', trackingNumber: 'x'.repeat(101) },
      ]) {
        const response = await ship(order._id, alpha.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().errors?.length).toBeGreaterThan(0);
      }
      expect((await itemsOf(order._id))[0]?.shippedAt).toBeNull();
    });
  });

  describe('who may call', () => {
    const operations: Array<[Method, string, object?]> = [
      ['GET', '/vendor/orders'],
      ['GET', `/vendor/orders/${randomUUID()}`],
      ['POST', `/vendor/orders/${randomUUID()}/ship`, { carrier: 'DHL', trackingNumber: 'X' }],
      ['GET', '/vendor/coupons'],
      ['POST', '/vendor/coupons', {}],
      ['PUT', `/vendor/coupons/${randomUUID()}`, {}],
      ['DELETE', `/vendor/coupons/${randomUUID()}`],
    ];

    it('refuses staff and shopper tokens with 403 and no token with 401', async () => {
      for (const [method, url, payload] of operations) {
        for (const token of [admin, shopper.token]) {
          const response = await call(method, url, token, payload);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
        }
        expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('refuses a vendor token on staff and shopper operations', async () => {
      expect((await call('GET', '/orders', alpha.token)).statusCode).toBe(403);
      expect((await call('GET', '/campaigns', alpha.token)).statusCode).toBe(403);
      expect((await call('GET', '/order', alpha.token)).statusCode).toBe(403);
    });
  });

  describe('vendor coupons', () => {
    const input = (overrides: Record<string, unknown> = {}) => ({
      code: `C${randomUUID().slice(0, 8)}`,
      type: 'percentage',
      value: 25,
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
      ...overrides,
    });

    async function create(vendor: Vendor, overrides: Record<string, unknown> = {}) {
      const response = await call('POST', '/vendor/coupons', vendor.token, input(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: CouponBody }>().data;
    }

    const quote = (lines: Line[], couponCode: string) =>
      call('POST', '/order/quote', shopper.token, { items: lines, couponCode, country: 'BD' });

    it('creates a coupon scoped to the vendor’s store, with its status and uses', async () => {
      const body = input({ code: ' spring-10 ', usageLimit: 50, minOrder: 20 });
      const response = await call('POST', '/vendor/coupons', alpha.token, body);
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('createVendorCoupon', response);
      expect(response.json().data).toMatchObject({
        code: 'SPRING-10',
        type: 'percentage',
        value: 25,
        usageLimit: 50,
        minOrder: 20,
        currency: 'USD',
        status: 'Active',
        uses: 0,
      });
      const id = response.json<{ data: CouponBody }>().data._id;
      const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(row).toMatchObject({ storeId: alpha.id, usageLimitTotal: 50, minOrderUsdMinor: 20_00 });

      const scheduled = await create(alpha, {
        type: 'fixed',
        value: 5,
        startsAt: new Date(Date.now() + DAY).toISOString(),
        endsAt: new Date(Date.now() + 2 * DAY).toISOString(),
      });
      expect(scheduled).toMatchObject({ type: 'fixed', value: 5, status: 'Scheduled', usageLimit: null });
    });

    it('refuses bad input with field errors', async () => {
      const cases: Array<[Record<string, unknown>, string, string?]> = [
        [{ code: 'no!' }, '/code', CODE_FORMAT],
        [{ code: 'AB' }, '/code', CODE_FORMAT],
        [{ code: '   ' }, '/code', CODE_FORMAT],
        [{ endsAt: new Date(Date.now() - 2 * DAY).toISOString() }, '/endsAt', END_AFTER_START],
        [{ value: 150 }, '/value', PERCENT_RANGE],
        [{ value: 0 }, '/value', PERCENT_RANGE],
        [{ type: 'fixed', value: 0 }, '/value', FIXED_ABOVE_ZERO],
        [{ value: 10.555 }, '/value'],
        [{ minOrder: 1.001 }, '/minOrder'],
        [{ minOrder: -1 }, '/minOrder'],
        [{ usageLimit: 0 }, '/usageLimit'],
        [{ type: 'free_shipping' }, '/type'],
        [{ startsAt: 'tomorrow' }, '/startsAt'],
        [{ code: undefined }, '/code'],
        [{ value: undefined }, '/value'],
      ];
      const before = await t.db.select({ id: campaigns.id }).from(campaigns);
      for (const [overrides, path, message] of cases) {
        const response = await call('POST', '/vendor/coupons', alpha.token, input(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        const errors = response.json<{ errors: Array<{ path: string; message: string }> }>().errors;
        const error = errors.find((entry) => entry.path === path);
        expect(error, `${JSON.stringify(overrides)} ${JSON.stringify(errors)}`).toBeDefined();
        if (message) expect(error?.message).toBe(message);
      }
      expect(await t.db.select({ id: campaigns.id }).from(campaigns)).toHaveLength(before.length);
    });

    it('keeps codes unique across the store, whoever made them, in any case', async () => {
      const taken = await create(alpha);
      for (const vendor of [alpha, beta]) {
        const response = await call(
          'POST',
          '/vendor/coupons',
          vendor.token,
          input({ code: taken.code.toLowerCase() }),
        );
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(`The code ${taken.code} is already in use.`);
      }
      // A code of a staff campaign is taken too.
      const staffCampaign = await call('POST', '/campaigns', admin, {
        name: 'Store sale',
        type: 'percentage',
        value: 5,
        startsAt: new Date(Date.now() - DAY).toISOString(),
        endsAt: new Date(Date.now() + DAY).toISOString(),
      });
      const campaignId = staffCampaign.json<{ data: { _id: string } }>().data._id;
      const added = await call('POST', `/campaigns/${campaignId}/coupons`, admin, { code: 'STAFF-ONLY-1' });
      expect(added.statusCode).toBe(201);
      const betaCampaigns = () => t.db.select().from(campaigns).where(eq(campaigns.storeId, beta.id));
      const before = await betaCampaigns();
      const refused = await call('POST', '/vendor/coupons', beta.token, input({ code: 'staff-only-1' }));
      expect(refused.statusCode).toBe(409);
      // Nothing half-written: no campaign left without its code.
      expect(await betaCampaigns()).toEqual(before);
    });

    it('lists only the vendor’s own coupons, newest first, with search and status', async () => {
      const vendor = await signedInVendor(t.app, t.db);
      const empty = await call('GET', '/vendor/coupons', vendor.token);
      expect(empty.json()).toMatchObject({ data: [], meta: { page: 1, limit: 10, total: 0 } });
      const older = await create(vendor, { code: `OLDER-ONE${seq}` });
      const ended = await create(vendor, {
        startsAt: new Date(Date.now() - 3 * DAY).toISOString(),
        endsAt: new Date(Date.now() - DAY).toISOString(),
      });
      await create(beta);
      const response = await call('GET', '/vendor/coupons', vendor.token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listVendorCoupons', response);
      const body = response.json<{ data: CouponBody[]; meta: { total: number } }>();
      expect(body.data.map((row) => row._id)).toEqual([ended._id, older._id]);
      expect(body.meta.total).toBe(2);
      const search = await call('GET', '/vendor/coupons?q=older', vendor.token);
      expect(search.json<{ data: CouponBody[] }>().data.map((row) => row._id)).toEqual([older._id]);
      const endedOnly = await call('GET', '/vendor/coupons?status=Ended', vendor.token);
      expect(endedOnly.json<{ data: CouponBody[] }>().data.map((row) => [row._id, row.status])).toEqual([
        [ended._id, 'Ended'],
      ]);
      for (const query of ['limit=0', 'status=Live', 'page=0']) {
        expect((await call('GET', `/vendor/coupons?${query}`, vendor.token)).statusCode, query).toBe(400);
      }
    });

    it('edits a coupon, code included, and refuses a taken code or bad input', async () => {
      const coupon = await create(alpha);
      const other = await create(alpha);
      const response = await call(
        'PUT',
        `/vendor/coupons/${coupon._id}`,
        alpha.token,
        input({ code: `${coupon.code}-NEW`, type: 'fixed', value: 7.5, usageLimit: 3 }),
      );
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateVendorCoupon', response);
      expect(response.json().data).toMatchObject({
        _id: coupon._id,
        code: `${coupon.code}-NEW`,
        type: 'fixed',
        value: 7.5,
        usageLimit: 3,
      });
      const taken = await call(
        'PUT',
        `/vendor/coupons/${coupon._id}`,
        alpha.token,
        input({ code: other.code }),
      );
      expect(taken.statusCode).toBe(409);
      const bad = await call('PUT', `/vendor/coupons/${coupon._id}`, alpha.token, input({ value: 101 }));
      expect(bad.statusCode).toBe(400);
      const missing = await call('PUT', `/vendor/coupons/${randomUUID()}`, alpha.token, input());
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(VENDOR_COUPON_NOT_FOUND);
      const [code] = await t.db.select().from(coupons).where(eq(coupons.campaignId, coupon._id));
      expect(code?.code).toBe(`${coupon.code}-NEW`);
    });

    it('deletes an unused coupon and refuses one orders have used', async () => {
      const unused = await create(alpha);
      const deleted = await call('DELETE', `/vendor/coupons/${unused._id}`, alpha.token);
      expect(deleted.statusCode, deleted.body).toBe(200);
      assertMatchesContract('deleteVendorCoupon', deleted);
      expect(await t.db.select().from(campaigns).where(eq(campaigns.id, unused._id))).toHaveLength(0);
      expect((await call('DELETE', `/vendor/coupons/${unused._id}`, alpha.token)).statusCode).toBe(404);

      const used = await create(alpha);
      await placed([line(await product(30_00, alpha.id))], { couponCode: used.code });
      const refused = await call('DELETE', `/vendor/coupons/${used._id}`, alpha.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(COUPON_IN_USE);
      const renamed = await call(
        'PUT',
        `/vendor/coupons/${used._id}`,
        alpha.token,
        input({ code: 'RENAMED-1' }),
      );
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json().message).toBe(CODE_LOCKED);
      // Its other settings may still change (stopping it early, say).
      const stopped = await call(
        'PUT',
        `/vendor/coupons/${used._id}`,
        alpha.token,
        input({ code: used.code, endsAt: new Date(Date.now() + 1000).toISOString() }),
      );
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().data).toMatchObject({ uses: 1 });
    });

    it('discounts only the vendor’s lines at checkout, and the quote equals the order', async () => {
      const a = await product(40_00, alpha.id);
      const plain = await product(50_00);
      const b = await product(30_00, beta.id);
      const coupon = await create(alpha, { value: 25 });
      const lines = [line(a), line(plain), line(b)];

      const quoted = await quote(lines, coupon.code.toLowerCase());
      expect(quoted.statusCode, quoted.body).toBe(200);
      assertMatchesContract('quoteOrder', quoted);
      const q = quoted.json<{ data: Record<string, unknown> }>().data;
      // 25% of Alpha's 40.00 only; tax is 10% of the items after it.
      expect(q).toMatchObject({
        itemsPrice: 120,
        discountPrice: 10,
        shippingPrice: 0,
        taxPrice: 11,
        totalPrice: 121,
        coupon: { code: coupon.code, applied: true },
      });
      const order = await place(lines, { couponCode: coupon.code });
      expect(order.statusCode, order.body).toBe(201);
      const o = order.json<{ data: Record<string, unknown> }>().data;
      for (const key of ['itemsPrice', 'discountPrice', 'shippingPrice', 'taxPrice', 'totalPrice']) {
        expect(o[key], key).toBe(q[key]);
      }
      const listed = await call('GET', `/vendor/coupons?q=${coupon.code}`, alpha.token);
      expect(listed.json<{ data: CouponBody[] }>().data[0]?.uses).toBe(1);
    });

    it('refuses a vendor’s code on a cart without that vendor’s products, saying whose it is', async () => {
      const coupon = await create(alpha);
      const items = [line(await product(30_00, beta.id)), line(await product(20_00))];
      const quoted = await quote(items, coupon.code);
      expect(quoted.json().data).toMatchObject({
        discountPrice: 0,
        coupon: { applied: false, reason: 'not_eligible', message: otherStoreMessage('Alpha Crafts') },
      });
      const order = await place(items, { couponCode: coupon.code });
      expect(order.statusCode).toBe(422);
      expect(order.json().message).toBe(otherStoreMessage('Alpha Crafts'));
    });

    it('counts only the vendor’s lines towards the coupon’s minimum order', async () => {
      const a = await product(40_00, alpha.id);
      const big = await product(200_00);
      const coupon = await create(alpha, { minOrder: 50 });
      const below = (await quote([line(a), line(big)], coupon.code)).json().data;
      expect(below.coupon).toMatchObject({ applied: false, reason: 'below_minimum', minimumOrder: 50 });
      expect((await place([line(a), line(big)], { couponCode: coupon.code })).statusCode).toBe(422);
      const enough = (await quote([line(a, 2), line(big)], coupon.code)).json().data;
      expect(enough).toMatchObject({ discountPrice: 20, coupon: { applied: true } });
    });

    it('shows the vendor what the shopper paid for its lines, after its own coupon', async () => {
      const gamma = await signedInVendor(t.app, t.db, { name: 'Gamma Goods' });
      const mug = await product(10_00, gamma.id);
      const bowl = await product(16_00, gamma.id);
      const other = await product(30_00, beta.id);
      const coupon = await create(gamma, { value: 10 });
      const order = await placed([line(mug), line(bowl), line(other), line(await product(20_00))], {
        couponCode: coupon.code,
      });

      // 26.00 of Gamma's lines with its 10% coupon: the shopper paid 23.40 for them.
      const listed = await call('GET', '/vendor/orders', gamma.token);
      assertMatchesContract('listVendorOrders', listed);
      const [mine] = listed.json<{ data: Array<VendorOrderBody & { discount: number }> }>().data;
      expect(mine).toMatchObject({ _id: order._id, discount: 2.6, total: 23.4 });
      expect(mine?.items.map((item) => item.lineTotal)).toEqual([10, 16]);
      const detail = await call('GET', `/vendor/orders/${order._id}`, gamma.token);
      expect(detail.json().data).toMatchObject({ discount: 2.6, total: 23.4 });

      const dashboard = await call('GET', '/vendor/dashboard', gamma.token);
      assertMatchesContract('getVendorDashboard', dashboard);
      expect(dashboard.json().data).toMatchObject({
        orders: 1,
        revenue: 23.4,
        currency: 'USD',
        recentOrders: [{ _id: order._id, amount: 23.4, currency: 'USD' }],
      });

      // Another vendor's coupon takes nothing off Beta's line.
      const theirs = (await call('GET', `/vendor/orders/${order._id}`, beta.token)).json().data;
      expect(theirs).toMatchObject({ discount: 0, total: 30 });
    });

    it('shows staff whose a vendor’s campaign is', async () => {
      const coupon = await create(beta, { code: `BETA-${seq}-STAFF` });
      const response = await call('GET', `/campaigns?q=${coupon.code}`, admin);
      expect(response.statusCode).toBe(200);
      const [campaign] = response.json<{ data: Array<{ storeId: string; rules: string; name: string }> }>()
        .data;
      expect(campaign).toMatchObject({ storeId: beta.id, name: coupon.code });
      expect(campaign?.rules).toContain('from Beta Leather');
    });
  });

  describe('isolation', () => {
    it('answers 404 to every operation on another vendor’s order or coupon and changes nothing', async () => {
      const order = await placed([line(await product(20_00, alpha.id))]);
      const coupon = (
        await call('POST', '/vendor/coupons', alpha.token, {
          code: `ISO-${seq}`,
          type: 'percentage',
          value: 10,
          startsAt: new Date(Date.now() - DAY).toISOString(),
          endsAt: new Date(Date.now() + DAY).toISOString(),
        })
      ).json<{ data: CouponBody }>().data;
      const snapshot = async () => ({
        order: await orderRow(order._id),
        items: await itemsOf(order._id),
        campaign: await t.db.select().from(campaigns).where(eq(campaigns.id, coupon._id)),
        codes: await t.db.select().from(coupons).where(eq(coupons.campaignId, coupon._id)),
        store: await t.db.select().from(stores).where(eq(stores.id, alpha.id)),
      });
      const before = await snapshot();
      const table: Array<[Method, string, object?]> = [
        ['GET', `/vendor/orders/${order._id}`],
        ['POST', `/vendor/orders/${order._id}/ship`, { carrier: 'DHL', trackingNumber: 'STOLEN' }],
        [
          'PUT',
          `/vendor/coupons/${coupon._id}`,
          {
            code: 'HIJACKED',
            type: 'fixed',
            value: 99,
            startsAt: new Date(Date.now() - DAY).toISOString(),
            endsAt: new Date(Date.now() + DAY).toISOString(),
          },
        ],
        ['DELETE', `/vendor/coupons/${coupon._id}`],
      ];
      for (const [method, url, payload] of table) {
        const response = await call(method, url, beta.token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      const lists = await Promise.all([
        call('GET', '/vendor/orders?limit=100', beta.token),
        call('GET', '/vendor/coupons?limit=100', beta.token),
      ]);
      expect(lists[0].body).not.toContain(order._id);
      expect(lists[1].body).not.toContain(coupon._id);
      expect(await snapshot()).toEqual(before);
    });
  });
});
