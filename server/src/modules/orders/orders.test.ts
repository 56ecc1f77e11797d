import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, productSkus, products } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from './orders.fixtures.ts';

const ADDRESS = {
  full_name: 'Nusrat Jahan',
  address: 'House 7, Road 2, Banani',
  city: 'Dhaka',
  province: 'Dhaka Division',
  country: 'BD',
  zip: '1213',
  mobile_no: '1711000000',
  phone_country: '+880',
  logistics_service_name: 'CAINIAO_STANDARD',
};

interface OrderBody {
  _id: string;
  orderNumber: string;
  user: string;
  currency: string;
  items: Array<{
    product: string;
    sku_id: string;
    name: string;
    quantity: number;
    price: number;
    currency: string;
  }>;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  status: string;
  statusHistory: Array<{ status: string; by: string }>;
  shippingAddress: Record<string, unknown>;
}

describe('shopper orders', () => {
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;
  let other: Awaited<ReturnType<typeof registerShopper>>;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    shopper = await registerShopper(t.app, { name: 'Nusrat Jahan' });
    other = await registerShopper(t.app);
  });
  afterAll(() => t.close());

  const place = (token: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: token ? bearer(token) : {},
      payload,
    });

  const orderFor = (lines: Array<Record<string, unknown>>, extra: object = {}) => ({
    items: lines,
    shippingAddress: ADDRESS,
    paymentMethod: 'Credit Card',
    ...extra,
  });

  async function skuStock(productId: string, skuId: string): Promise<number> {
    const [row] = await t.db
      .select({ stock: productSkus.stock })
      .from(productSkus)
      .where(and(eq(productSkus.productId, productId), eq(productSkus.skuId, skuId)));
    expect(row, `sku ${skuId}`).toBeDefined();
    return row?.stock ?? -1;
  }

  describe('POST /api/order', () => {
    it('prices the order from the catalogue and ignores every figure the client sends', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Wireless Earbuds',
        skus: [{ skuId: 'EB-BLACK', salePriceMinor: 18_99, stock: 20, image: 'http://localhost:3000/e.png' }],
      });
      const response = await place(
        shopper.token,
        orderFor(
          [
            {
              product: product.id,
              sku_id: 'EB-BLACK',
              quantity: 2,
              name: 'Free stuff',
              price: 0.01,
              image: 'http://evil.example/x.png',
              currency: 'USD',
            },
          ],
          {
            itemsPrice: 0.01,
            shippingPrice: 0,
            taxPrice: 0,
            totalPrice: 0.01,
            isPaid: true,
            status: 'Delivered',
          },
        ),
      );
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('placeOrder', response);
      const body = response.json<{ message: string; data: OrderBody }>();
      expect(body.message).toBe('Order placed successfully!');
      expect(body.data).toMatchObject({
        user: shopper.id,
        currency: 'USD',
        items: [
          {
            product: product.id,
            sku_id: 'EB-BLACK',
            name: 'Wireless Earbuds',
            quantity: 2,
            price: 18.99,
            image: 'http://localhost:3000/e.png',
            currency: 'USD',
          },
        ],
        itemsPrice: 37.98,
        shippingPrice: 10,
        taxPrice: 3.8,
        totalPrice: 51.78,
        paymentMethod: 'Credit Card',
        isPaid: true,
        isDelivered: false,
        deliveredAt: null,
        status: 'Placed',
        statusHistory: [{ status: 'Placed', by: 'Nusrat Jahan' }],
        shippingAddress: {
          full_name: 'Nusrat Jahan',
          address: 'House 7, Road 2, Banani',
          city: 'Dhaka',
          province: 'Dhaka Division',
          postalCode: '1213',
          country: 'BD',
          mobile_no: '1711000000',
          phone_country: '+880',
          logistics_service_name: 'CAINIAO_STANDARD',
        },
      });
      expect(body.data.orderNumber).toMatch(/^ORD-\d{8}-\d{4}$/);
      expect(body.data.paidAt).not.toBeNull();

      // What is stored is the server's figures too, in minor units.
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, body.data._id));
      expect(stored).toMatchObject({
        customerId: shopper.id,
        channel: 'b2c',
        itemsMinor: 37_98,
        shippingMinor: 10_00,
        taxMinor: 3_80,
        totalMinor: 51_78,
      });
      expect(await skuStock(product.id, 'EB-BLACK')).toBe(18);
      const [productRow] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(productRow).toMatchObject({ stock: 18, status: 'published', salesCount: 2 });
    });

    it('ships free only above 100 and rounds the 10% tax half up to the cent', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [
          { skuId: 'FIFTY', salePriceMinor: 50_00, stock: 50 },
          { skuId: 'TEN-O-FIVE', salePriceMinor: 10_05, stock: 50 },
          { skuId: 'THIRTY-THREE', salePriceMinor: 33_35, stock: 50 },
        ],
      });
      const totals = async (sku_id: string, quantity: number) => {
        const response = await place(shopper.token, orderFor([{ product: product.id, sku_id, quantity }]));
        expect(response.statusCode, response.body).toBe(201);
        const { itemsPrice, shippingPrice, taxPrice, totalPrice } = response.json<{ data: OrderBody }>().data;
        return { itemsPrice, shippingPrice, taxPrice, totalPrice };
      };
      // Exactly 100 is not above 100.
      expect(await totals('FIFTY', 2)).toEqual({
        itemsPrice: 100,
        shippingPrice: 10,
        taxPrice: 10,
        totalPrice: 120,
      });
      expect(await totals('FIFTY', 3)).toEqual({
        itemsPrice: 150,
        shippingPrice: 0,
        taxPrice: 15,
        totalPrice: 165,
      });
      // 10% of 10.05 is 1.005, which rounds to 1.01.
      expect(await totals('TEN-O-FIVE', 1)).toEqual({
        itemsPrice: 10.05,
        shippingPrice: 10,
        taxPrice: 1.01,
        totalPrice: 21.06,
      });
      // 100.05 is above 100; 10% is 10.005, which rounds to 10.01.
      expect(await totals('THIRTY-THREE', 3)).toEqual({
        itemsPrice: 100.05,
        shippingPrice: 0,
        taxPrice: 10.01,
        totalPrice: 110.06,
      });
    });

    it('prices an order in EUR with the stored rate, shipping included in EUR', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'EUR-1', salePriceMinor: 18_99, stock: 10 }],
      });
      const response = await place(
        shopper.token,
        orderFor([{ product: product.id, sku_id: 'EUR-1', quantity: 2 }], { currency: 'EUR' }),
      );
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('placeOrder', response);
      // The seeded rate is 0.86 EUR per USD: 18.99 USD is 16.3314, so 16.33 EUR a unit.
      expect(response.json<{ data: OrderBody }>().data).toMatchObject({
        currency: 'EUR',
        items: [{ price: 16.33, quantity: 2, currency: 'EUR' }],
        itemsPrice: 32.66,
        shippingPrice: 10,
        taxPrice: 3.27,
        totalPrice: 45.93,
      });
    });

    it('records a Bank Transfer order as unpaid', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'BT', salePriceMinor: 5_00, stock: 3 }],
      });
      const response = await place(
        shopper.token,
        orderFor([{ product: product.id, sku_id: 'BT', quantity: 1 }], { paymentMethod: 'Bank Transfer' }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ data: OrderBody }>().data).toMatchObject({
        paymentMethod: 'Bank Transfer',
        isPaid: false,
        paidAt: null,
      });
    });

    it('refuses quantities that are not whole numbers from 1 to 12, naming the field', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'Q', salePriceMinor: 1_00, stock: 100 }],
      });
      for (const quantity of [0, -1, 1.5, 13, '2']) {
        const response = await place(
          shopper.token,
          orderFor([{ product: product.id, sku_id: 'Q', quantity }]),
        );
        expect(response.statusCode, `quantity ${quantity}`).toBe(400);
        assertMatchesContract('placeOrder', response);
        expect(response.json()).toMatchObject({
          success: false,
          code: 'VALIDATION_ERROR',
          errors: [expect.objectContaining({ path: '/items/0/quantity' })],
        });
      }
      // Two lines for the same option count together.
      const combined = await place(
        shopper.token,
        orderFor([
          { product: product.id, sku_id: 'Q', quantity: 7 },
          { product: product.id, sku_id: 'Q', quantity: 6 },
        ]),
      );
      expect(combined.statusCode).toBe(400);
      expect(combined.json().errors).toEqual([{ path: '/items/0/quantity', message: 'must be <= 12' }]);
      expect(await skuStock(product.id, 'Q')).toBe(100);
    });

    it('combines repeated lines of one option into one item', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'R', salePriceMinor: 2_00, stock: 9 }],
      });
      const response = await place(
        shopper.token,
        orderFor([
          { product: product.id, sku_id: 'R', quantity: 2 },
          { product: product.id, sku_id: 'R', quantity: 3 },
        ]),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ data: OrderBody }>().data.items).toMatchObject([{ sku_id: 'R', quantity: 5 }]);
      expect(await skuStock(product.id, 'R')).toBe(4);
    });

    it('refuses an incomplete address, an unknown payment method and a currency the store does not offer', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'A', salePriceMinor: 1_00, stock: 5 }],
      });
      const line = [{ product: product.id, sku_id: 'A', quantity: 1 }];
      const { city: _city, ...withoutCity } = ADDRESS;
      const cases: Array<[object, string]> = [
        [{ ...orderFor(line), shippingAddress: withoutCity }, '/shippingAddress/city'],
        [{ ...orderFor(line), shippingAddress: { ...ADDRESS, zip: '' } }, '/shippingAddress/zip'],
        [{ ...orderFor(line), shippingAddress: { ...ADDRESS, city: '   ' } }, '/shippingAddress/city'],
        [orderFor(line, { paymentMethod: 'Cash' }), '/paymentMethod'],
        [orderFor(line, { currency: 'XYZ' }), '/currency'],
        [orderFor([]), '/items'],
      ];
      for (const [payload, path] of cases) {
        const response = await place(shopper.token, payload);
        expect(response.statusCode, path).toBe(400);
        expect(response.json().errors, path).toContainEqual(expect.objectContaining({ path }));
      }
    });

    it('answers 409 naming what is left when the stock is short, and reserves nothing', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Desk Lamp',
        skus: [{ skuId: 'LAMP', salePriceMinor: 24_00, stock: 3 }],
      });
      const response = await place(
        shopper.token,
        orderFor([{ product: product.id, sku_id: 'LAMP', quantity: 4 }]),
      );
      expect(response.statusCode).toBe(409);
      assertMatchesContract('placeOrder', response);
      expect(response.json()).toEqual({
        success: false,
        code: 'CONFLICT',
        message: 'Only 3 left in stock for Desk Lamp.',
      });
      expect(await skuStock(product.id, 'LAMP')).toBe(3);
    });

    it('rolls the whole order back when a later line cannot be had', async () => {
      const first = await insertTestProduct(t.db, {
        skus: [{ skuId: 'OK', salePriceMinor: 3_00, stock: 10 }],
      });
      const second = await insertTestProduct(t.db, {
        title: 'Sold Out Mug',
        skus: [{ skuId: 'NONE', salePriceMinor: 3_00, stock: 0 }],
      });
      const [before] = await t.db.select({ n: count() }).from(orders);
      const response = await place(
        shopper.token,
        orderFor([
          { product: first.id, sku_id: 'OK', quantity: 2 },
          { product: second.id, sku_id: 'NONE', quantity: 1 },
        ]),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Sold Out Mug is out of stock.');
      expect(await skuStock(first.id, 'OK')).toBe(10);
      const [after] = await t.db.select({ n: count() }).from(orders);
      expect(after?.n).toBe(before?.n);
    });

    it('answers 404 for an unknown product or option and 422 for a product that is not for sale', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'S1', salePriceMinor: 1_00, stock: 5 }],
      });
      const draft = await insertTestProduct(t.db, {
        title: 'Unreleased Phone',
        status: 'draft',
        skus: [{ skuId: 'D1', salePriceMinor: 1_00, stock: 5 }],
      });
      const disabled = await insertTestProduct(t.db, {
        status: 'disabled',
        skus: [{ skuId: 'X1', salePriceMinor: 1_00, stock: 5 }],
      });
      const cases: Array<[string, string, number]> = [
        [randomUUID(), 'S1', 404],
        ['not-a-product-id', 'S1', 404],
        [product.id, 'NO-SUCH-SKU', 404],
        // A SKU id of another product is not an option of this one.
        [product.id, 'D1', 404],
        [draft.id, 'D1', 422],
        [disabled.id, 'X1', 422],
      ];
      for (const [productId, skuId, status] of cases) {
        const response = await place(
          shopper.token,
          orderFor([{ product: productId, sku_id: skuId, quantity: 1 }]),
        );
        expect(response.statusCode, `${productId} ${skuId}`).toBe(status);
        assertMatchesContract('placeOrder', response);
      }
      const refused = await place(
        shopper.token,
        orderFor([{ product: draft.id, sku_id: 'D1', quantity: 1 }]),
      );
      expect(refused.json()).toMatchObject({
        code: 'UNPROCESSABLE',
        message: 'Unreleased Phone is not for sale.',
      });
      expect(await skuStock(draft.id, 'D1')).toBe(5);
    });

    it('sells the last 5 units to exactly 5 of 50 concurrent orders', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Limited Edition Watch',
        skus: [{ skuId: 'LAST-FIVE', salePriceMinor: 99_00, stock: 5 }],
      });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          place(shopper.token, orderFor([{ product: product.id, sku_id: 'LAST-FIVE', quantity: 1 }])),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(45);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json().code).toBe('CONFLICT');
      }
      expect(await skuStock(product.id, 'LAST-FIVE')).toBe(0);
      const [productRow] = await t.db.select().from(products).where(eq(products.id, product.id));
      expect(productRow).toMatchObject({ stock: 0, status: 'out_of_stock', salesCount: 5 });
      const sold = await t.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
      expect(sold).toHaveLength(5);
      const numbers = responses
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json<{ data: OrderBody }>().data.orderNumber);
      expect(new Set(numbers).size).toBe(5);

      // Sold out now: a further order is refused the same way.
      const late = await place(
        shopper.token,
        orderFor([{ product: product.id, sku_id: 'LAST-FIVE', quantity: 1 }]),
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('Limited Edition Watch is out of stock.');
    });

    it('asks for a shopper token: 401 without one, 403 with a staff token', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'T', salePriceMinor: 1_00, stock: 5 }],
      });
      const payload = orderFor([{ product: product.id, sku_id: 'T', quantity: 1 }]);
      const anonymous = await place(null, payload);
      expect(anonymous.statusCode).toBe(401);
      assertMatchesContract('placeOrder', anonymous);
      const staff = await place(await demoAdminToken(t.app), payload);
      expect(staff.statusCode).toBe(403);
      assertMatchesContract('placeOrder', staff);
      expect(await skuStock(product.id, 'T')).toBe(5);
    });
  });

  describe('GET /api/order and /api/order/{id}', () => {
    let mine: OrderBody[];

    beforeAll(async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Notebook',
        skus: [{ skuId: 'NB', salePriceMinor: 4_50, stock: 100 }],
      });
      mine = [];
      for (const quantity of [1, 2, 3]) {
        const response = await place(
          other.token,
          orderFor([{ product: product.id, sku_id: 'NB', quantity }], { paymentMethod: 'PayPal' }),
        );
        expect(response.statusCode, response.body).toBe(201);
        mine.push(response.json<{ data: OrderBody }>().data);
      }
    });

    const get = (url: string, token: string | null) =>
      t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

    it("lists only the shopper's own orders, newest first, paged", async () => {
      const response = await get('/api/order', other.token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listMyOrders', response);
      const body = response.json<{ data: OrderBody[]; meta: object }>();
      expect(body.data.map((order) => order._id)).toEqual(mine.map((order) => order._id).reverse());
      expect(body.data.every((order) => order.user === other.id)).toBe(true);
      expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });

      const second = await get('/api/order?page=2&limit=2', other.token);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({
        data: [{ _id: mine[0]?._id, items: [{ name: 'Notebook', quantity: 1, price: 4.5 }] }],
        meta: { page: 2, limit: 2, total: 3 },
      });
    });

    it("counts the shopper's orders in the profile", async () => {
      const response = await get('/api/user/profile', other.token);
      expect(response.json().data.totalOrders).toBe(3);
    });

    it('answers one of the shopper’s orders in full', async () => {
      const order = mine[1];
      const response = await get(`/api/order/${order?._id}`, other.token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getMyOrder', response);
      expect(response.json().data).toEqual(order);
    });

    it("answers 404 for another shopper's order, exactly as for an order that does not exist", async () => {
      const foreign = await get(`/api/order/${mine[0]?._id}`, shopper.token);
      const missing = await get(`/api/order/${randomUUID()}`, shopper.token);
      const malformed = await get('/api/order/not-an-order-id', shopper.token);
      for (const response of [foreign, missing, malformed]) {
        expect(response.statusCode).toBe(404);
        assertMatchesContract('getMyOrder', response);
        expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Order not found.' });
      }
      const list = await get('/api/order', shopper.token);
      expect(list.json<{ data: OrderBody[] }>().data.map((o) => o._id)).not.toContain(mine[0]?._id);
    });

    it('asks for a shopper token', async () => {
      const staffToken = await demoAdminToken(t.app);
      for (const url of ['/api/order', `/api/order/${mine[0]?._id}`]) {
        expect((await get(url, null)).statusCode).toBe(401);
        expect((await get(url, staffToken)).statusCode).toBe(403);
        expect((await get(url, 'not.a.token')).statusCode).toBe(401);
      }
    });
  });
});
