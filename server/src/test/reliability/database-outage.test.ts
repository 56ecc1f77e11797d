import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../db/errors.ts';
import { orderItems, orders, productSkus } from '../../db/schema.ts';
import { insertTestProduct } from '../../modules/orders/orders.fixtures.ts';
import { assertMatchesContract } from '../contract.ts';
import { bearer, registerShopper } from '../sessions.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

const ADDRESS = { full_name: 'Outage Shopper', address: 'Road 5', city: 'Dhaka', country: 'BD', zip: '1205' };

describe('the database going away', () => {
  it('is told apart from a failing query', () => {
    for (const error of [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '08006' }) }),
    ]) {
      expect(databaseUnavailable(error), error.message).toBe(true);
    }
    for (const error of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      new Error('syntax error at or near "selec"'),
    ]) {
      expect(databaseUnavailable(error), error.message).toBe(false);
    }
  });

  describe('while it is down', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
      token = (await registerShopper(t.app)).token;
      await t.database.close();
    });
    afterAll(() => t.close());

    it('answers 503 in the envelope with Retry-After: never 401 to a valid token, never 500', async () => {
      const signedIn = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(token),
      });
      expect(signedIn.statusCode).toBe(503);
      expect(signedIn.headers['retry-after']).toBe('5');
      expect(signedIn.json()).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The store is temporarily unavailable. Please try again shortly.',
      });
      assertMatchesContract('getProfile', signedIn);

      const catalogue = await t.app.inject({
        method: 'GET',
        url: '/api/product/?currency=USD&q=nothing-cached',
      });
      expect(catalogue.statusCode).toBe(503);
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(token),
        payload: {
          items: [{ product: '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', sku_id: 'A', quantity: 1 }],
          shippingAddress: ADDRESS,
          paymentMethod: 'Bank Transfer',
        },
      });
      expect(order.statusCode).toBe(503);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'shopper@example.com', password: 'shopper123' },
      });
      expect(login.statusCode).toBe(503);
    });
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Connections dropped under the API's feet exist only with a database server; the embedded one is in-process.
describe.skipIf(!serverUrl)('connections terminated during a burst of orders (PostgreSQL)', () => {
  let t: TestApp;
  let databaseName: string;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const [row] = await t.db.select({ name: sql<string>`current_database()` }).from(sql`(select 1) as one`);
    databaseName = row?.name ?? '';
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  it('keeps the process up, keeps every acknowledged order whole, and reserves no stock without an order', async () => {
    const product = await insertTestProduct(t.db, {
      title: 'Outage Lamp',
      skus: [{ skuId: 'OUTAGE', salePriceMinor: 20_00, stock: 1000 }],
    });
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => registerShopper(t.app)));
    const place = (index: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(shoppers[index % shoppers.length]?.token ?? ''),
        payload: {
          items: [{ product: product.id, sku_id: 'OUTAGE', quantity: 1 }],
          shippingAddress: ADDRESS,
          paymentMethod: 'Bank Transfer',
        },
      });

    const burst = Array.from({ length: 60 }, (_, index) => place(index));
    // Cut every connection of the API's database while the burst is running, twice.
    const terminate = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await terminate();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await terminate();
    const responses = await Promise.all(burst);

    const statuses = responses.map((response) => response.statusCode);
    // Every answer is an order or a 503: nothing else, and never a 500.
    expect(
      statuses.every((status) => status === 201 || status === 503),
      JSON.stringify(statuses),
    ).toBe(true);
    const acknowledged = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json<{ data: { _id: string; totalPrice: number } }>().data);

    // The API recovers by itself: a new order goes through without restarting anything.
    const after = await place(99);
    expect(after.statusCode, after.body).toBe(201);
    acknowledged.push(after.json<{ data: { _id: string; totalPrice: number } }>().data);

    const stored = await t.db
      .select({ id: orders.id, total: orders.totalMinor })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.productId, product.id));
    // Exactly the acknowledged orders exist: none lost, none half-written, none unacknowledged but kept.
    expect(new Set(stored.map((row) => row.id))).toEqual(new Set(acknowledged.map((order) => order._id)));
    for (const order of acknowledged) {
      expect(stored.find((row) => row.id === order._id)?.total).toBe(Math.round(order.totalPrice * 100));
    }
    const [sku] = await t.db
      .select({ stock: productSkus.stock })
      .from(productSkus)
      .where(and(eq(productSkus.productId, product.id), eq(productSkus.skuId, 'OUTAGE')));
    expect(sku?.stock).toBe(1000 - acknowledged.length);
    console.log(
      `burst of 60 orders with connections cut twice: ${acknowledged.length - 1} placed, ` +
        `${statuses.filter((s) => s === 503).length} answered 503; the next order went through`,
    );
  });
});
