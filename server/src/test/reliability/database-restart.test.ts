import { appendFileSync } from 'node:fs';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createPostgresDatabase, type DatabaseHandle } from '../../db/client.ts';
import { orderItems, orders, productSkus } from '../../db/schema.ts';
import { insertTestProduct } from '../../modules/orders/orders.fixtures.ts';
import { assertMatchesContract } from '../contract.ts';
import { bearer, registerShopper } from '../sessions.ts';
import { testConfig } from '../test-config.ts';
import {
  hasPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../throwaway-postgres.ts';

const ADDRESS = {
  full_name: 'Restart Shopper',
  address: 'Road 5',
  city: 'Dhaka',
  country: 'BD',
  zip: '1205',
};
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// In CI PostgreSQL 15 is installed (.ci/run): missing binaries there are a failure, not a skip.
const runnable = onPostgres && (hasPostgresBinaries() || process.env.CI === 'true');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The PostgreSQL server itself stopped and started again while shoppers keep ordering: every answer is an order
 * or a 503, the API recovers by itself, and the database afterwards holds only whole orders, each with its stock.
 */
describe.skipIf(!runnable)('the database server restarted under a stream of orders (PostgreSQL)', () => {
  let server: ThrowawayPostgres;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    database = createPostgresDatabase(server.url, { max: 4 });
    await database.migrate();
    app = await buildApp({ config: testConfig(), db: database });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await server?.remove();
  });

  it('answers 201 or 503, recovers by itself and keeps every order whole', async () => {
    const product = await insertTestProduct(database.db, {
      title: 'Restart Lamp',
      skus: [{ skuId: 'RESTART', salePriceMinor: 15_00, stock: 1000 }],
    });
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => registerShopper(app)));
    const place = (index: number) =>
      app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(shoppers[index % shoppers.length]?.token ?? ''),
        payload: {
          items: [{ product: product.id, sku_id: 'RESTART', quantity: 1 }],
          shippingAddress: ADDRESS,
          paymentMethod: 'Bank Transfer',
        },
      });

    const answers: { status: number; at: number; id?: string; total?: number }[] = [];
    const healthWhileDown: number[] = [];
    let running = true;
    let sent = 0;
    const started = Date.now();
    // Four shoppers ordering one after another each, until told to stop.
    const streams = Array.from({ length: 4 }, async () => {
      while (running) {
        const response = await place(sent++);
        const body =
          response.statusCode === 201 ? response.json<{ data: { _id: string; totalPrice: number } }>() : null;
        if (response.statusCode !== 201) assertMatchesContract('placeOrder', response);
        answers.push({
          status: response.statusCode,
          at: Date.now() - started,
          ...(body ? { id: body.data._id, total: body.data.totalPrice } : {}),
        });
        if (response.statusCode === 503) {
          expect(response.headers['retry-after']).toBe('5');
          await wait(50);
        }
      }
    });

    await wait(800);
    const stopAt = Date.now() - started;
    await server.stop('fast');
    const downAt = Date.now() - started;
    await wait(300);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    healthWhileDown.push(health.statusCode);
    expect(health.json()).toMatchObject({ success: false, data: { status: 'degraded', database: 'down' } });
    await wait(700);
    const startAt = Date.now() - started;
    await server.start();
    const upAt = Date.now() - started;
    // The pool connects afresh by itself: wait for the first order after the restart.
    let recoveredAt: number | null = null;
    while (recoveredAt === null && Date.now() - started < upAt + 10_000) {
      await wait(50);
      const after = answers.find((answer) => answer.status === 201 && answer.at > upAt);
      if (after) recoveredAt = after.at;
    }
    await wait(500);
    running = false;
    await Promise.all(streams);

    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 201 || status === 503),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(recoveredAt, 'an order went through after the restart').not.toBeNull();
    expect(healthWhileDown).toEqual([503]);
    const healthAfter = await app.inject({ method: 'GET', url: '/api/health' });
    expect(healthAfter.json().data).toEqual({ status: 'ok', database: 'up' });

    const acknowledged = answers.filter((answer) => answer.status === 201);
    const stored = await database.db
      .select({ id: orders.id, total: orders.totalMinor, items: count(orderItems.id) })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.productId, product.id))
      .groupBy(orders.id, orders.totalMinor);
    const storedById = new Map(stored.map((row) => [row.id, row]));
    // Every acknowledged order is there, whole, with the total it was answered with.
    for (const answer of acknowledged) {
      expect(storedById.get(answer.id ?? '')?.total).toBe(Math.round((answer.total ?? 0) * 100));
      expect(storedById.get(answer.id ?? '')?.items).toBe(1);
    }
    // A commit whose answer was cut off may exist unacknowledged (the client retries with its Idempotency-Key);
    // either way no stock is reserved without an order.
    const [sku] = await database.db
      .select({ stock: productSkus.stock })
      .from(productSkus)
      .where(and(eq(productSkus.productId, product.id), eq(productSkus.skuId, 'RESTART')));
    expect(sku?.stock).toBe(1000 - stored.length);
    // No order was left without its items.
    const itemless = await database.db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(isNull(orderItems.id));
    expect(itemless).toEqual([]);

    const figures =
      `database restart under orders: ${answers.length} answers, ${acknowledged.length} placed, ` +
      `${statuses.filter((s) => s === 503).length} answered 503, ${stored.length - acknowledged.length} committed but unacknowledged; ` +
      `stop asked at ${stopAt} ms, down at ${downAt} ms, start asked at ${startAt} ms, up at ${upAt} ms, ` +
      `first order after the restart at ${recoveredAt} ms`;
    // For docs/reliability.md: RELIABILITY_FIGURES=path collects each run's figures.
    if (process.env.RELIABILITY_FIGURES) appendFileSync(process.env.RELIABILITY_FIGURES, `${figures}\n`);
  }, 90_000);
});
