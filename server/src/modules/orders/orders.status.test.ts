import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, productSkus, products } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, type RegisteredShopper, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ALLOWED_MOVES, canMove, type OrderStatus } from '../order-lifecycle/index.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { insertTestProduct } from './orders.fixtures.ts';
import { changeStatus, OrderChangeRejection } from './orders.status.ts';

const STATUSES = Object.keys(ALLOWED_MOVES) as OrderStatus[];

const ADDRESS = {
  full_name: 'Tania Sultana',
  address: 'House 9, Road 1, Uttara',
  city: 'Dhaka',
  country: 'BD',
  zip: '1230',
};

describe('order status changes', () => {
  let t: TestApp;
  let admin: string;
  let shopper: RegisteredShopper;
  let other: RegisteredShopper;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Tania Sultana' });
    other = await registerShopper(t.app);
  });
  afterAll(() => t.close());

  async function skuStock(productId: string): Promise<number> {
    const [row] = await t.db
      .select({ stock: productSkus.stock })
      .from(productSkus)
      .where(eq(productSkus.productId, productId));
    return row?.stock ?? -1;
  }

  async function productStock(productId: string) {
    const [row] = await t.db
      .select({ stock: products.stock, status: products.status })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  }

  /** The shopper orders `quantity` of a new product through checkout (by bank transfer: placed unpaid). */
  async function shopperOrder(token: string, stock: number, quantity: number) {
    const product = await insertTestProduct(t.db, {
      title: 'Linen Shirt',
      skus: [{ skuId: 'SHIRT-M', salePriceMinor: 24_00, stock }],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(token),
      payload: {
        items: [{ product: product.id, sku_id: 'SHIRT-M', quantity }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Bank Transfer',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { product, order: response.json<{ data: { _id: string; orderNumber: string } }>().data };
  }

  const cancelMine = (token: string | null, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/order/${id}/cancel`, headers: token ? bearer(token) : {} });

  const staffMove = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/status`, headers: bearer(admin), payload });

  describe('the lifecycle table', () => {
    it('lets staff make exactly the moves ALLOWED_MOVES lists, from every status to every status', async () => {
      const outcomes: string[] = [];
      for (const from of STATUSES) {
        for (const to of STATUSES) {
          const order = await insertTestOrder(t.db, { status: from });
          let moved: boolean;
          try {
            await changeStatus(t.db, {
              orderRef: order.id,
              change: { to, carrier: 'DHL', trackingNumber: 'T-1' },
              actor: { name: 'Table Test', type: 'admin' },
            });
            moved = true;
          } catch (error) {
            if (!(error instanceof OrderChangeRejection) || error.kind !== 'conflict') throw error;
            moved = false;
          }
          const [stored] = await t.db
            .select({ status: orders.status })
            .from(orders)
            .where(eq(orders.id, order.id));
          expect(stored?.status, `${from} → ${to}`).toBe(moved ? to : from);
          if (moved !== canMove(from, to)) outcomes.push(`${from} → ${to}: ${moved ? 'moved' : 'refused'}`);
        }
      }
      expect(outcomes).toEqual([]);
    });
  });

  describe('POST /order/{id}/cancel (the shopper)', () => {
    it('cancels the shopper’s own order before it ships and gives the stock back', async () => {
      const { product, order } = await shopperOrder(shopper.token, 5, 2);
      expect(await skuStock(product.id)).toBe(3);
      const response = await cancelMine(shopper.token, order._id);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('cancelMyOrder', response);
      const body = response.json<{ message: string; data: Record<string, unknown> }>();
      expect(body.message).toBe('Order cancelled.');
      expect(body.data).toMatchObject({ _id: order._id, status: 'Cancelled', canCancel: false });
      expect(await skuStock(product.id)).toBe(5);
      expect(await productStock(product.id)).toMatchObject({ stock: 5, status: 'published' });

      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, order._id), eq(orderStatusHistory.status, 'Cancelled')));
      expect(history).toEqual([
        expect.objectContaining({
          by: 'Tania Sultana',
          actorType: 'customer',
          note: 'Cancelled by the customer',
        }),
      ]);
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(stored?.reason).toBe('Cancelled by the customer');
    });

    it('answers 409 once the order has shipped or is already cancelled', async () => {
      const { order } = await shopperOrder(shopper.token, 5, 1);
      await staffMove(order._id, { status: 'Confirmed' });
      await staffMove(order._id, { status: 'Shipped', carrier: 'DHL', trackingNumber: 'JD-1' });
      const shipped = await cancelMine(shopper.token, order._id);
      expect(shipped.statusCode).toBe(409);
      assertMatchesContract('cancelMyOrder', shipped);
      expect(shipped.json().message).toBe('This order can no longer be cancelled.');

      const second = await shopperOrder(shopper.token, 5, 1);
      expect((await cancelMine(shopper.token, second.order._id)).statusCode).toBe(200);
      const again = await cancelMine(shopper.token, second.order._id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('The order is already Cancelled.');
      expect(await skuStock(second.product.id)).toBe(5);
    });

    it('answers 404 for another shopper’s order, an unknown id or one that is no id at all', async () => {
      const { product, order } = await shopperOrder(shopper.token, 4, 1);
      for (const id of [order._id, '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', order.orderNumber]) {
        const response = await cancelMine(other.token, id);
        expect(response.statusCode, id).toBe(404);
        assertMatchesContract('cancelMyOrder', response);
        expect(response.json().message).toBe('Order not found.');
      }
      // The owner cannot name it by its order id either: this call takes the `_id`.
      expect((await cancelMine(shopper.token, order.orderNumber)).statusCode).toBe(404);
      expect(await skuStock(product.id)).toBe(3);
    });

    it('answers 401 without a token and 403 to staff', async () => {
      const { order } = await shopperOrder(shopper.token, 4, 1);
      const anonymous = await cancelMine(null, order._id);
      expect(anonymous.statusCode).toBe(401);
      assertMatchesContract('cancelMyOrder', anonymous);
      const staff = await cancelMine(admin, order._id);
      expect(staff.statusCode).toBe(403);
      assertMatchesContract('cancelMyOrder', staff);
    });
  });

  describe('changes at the same moment', () => {
    it('lets only one of two cancels through, and gives the stock back once', async () => {
      const { product, order } = await shopperOrder(shopper.token, 6, 4);
      expect(await skuStock(product.id)).toBe(2);
      const answers = await Promise.all([
        staffMove(order._id, { status: 'Cancelled', note: 'first' }),
        staffMove(order._id, { status: 'Cancelled', note: 'second' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await skuStock(product.id)).toBe(6);
      expect(await productStock(product.id)).toMatchObject({ stock: 6 });
      const cancels = await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, order._id), eq(orderStatusHistory.status, 'Cancelled')));
      expect(cancels).toHaveLength(1);
    });

    it('lets only one of a shopper’s cancel and staff’s shipping win', async () => {
      const { product, order } = await shopperOrder(shopper.token, 3, 1);
      await staffMove(order._id, { status: 'Confirmed' });
      const [cancel, ship] = await Promise.all([
        cancelMine(shopper.token, order._id),
        staffMove(order._id, { status: 'Shipped', carrier: 'DHL', trackingNumber: 'RACE-1' }),
      ]);
      expect([cancel.statusCode, ship.statusCode].sort()).toEqual([200, 409]);
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(stored?.status).toBe(cancel.statusCode === 200 ? 'Cancelled' : 'Shipped');
      expect(await skuStock(product.id)).toBe(cancel.statusCode === 200 ? 3 : 2);
    });

    it('never sells the last unit twice when a restore and a new order race for it', async () => {
      const { product, order } = await shopperOrder(shopper.token, 1, 1);
      await staffMove(order._id, { status: 'Cancelled' });
      expect(await skuStock(product.id)).toBe(1);
      const [restore, manual] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/restore`, headers: bearer(admin) }),
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: bearer(admin),
          payload: { productId: product.id, address: 'Road 1, Dhaka', paymentMethod: 'Cash' },
        }),
      ]);
      // Exactly one gets the unit: the restore (200) and the new order refused (422), or the other way round.
      const pair = [restore.statusCode, manual.statusCode];
      expect([JSON.stringify([200, 422]), JSON.stringify([409, 201])]).toContain(JSON.stringify(pair));
      expect(await skuStock(product.id)).toBe(0);
      expect(await productStock(product.id)).toMatchObject({ stock: 0, status: 'out_of_stock' });
    });
  });
});
