import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orderItems, orderStatusHistory, orders, productSkus } from '../db/schema.ts';
import { insertTestProduct } from '../modules/orders/orders.fixtures.ts';
import { IDEMPOTENT_OPERATIONS } from '../service.ts';
import { assertMatchesContract, contractOperations } from '../test/contract.ts';
import { bearer, registerShopper } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { IDEMPOTENCY_LEASE_MS, STILL_PROCESSING } from './idempotency.ts';

const ADDRESS = { full_name: 'Retry Shopper', address: 'Road 5', city: 'Dhaka', country: 'BD', zip: '1205' };

describe('Idempotency-Key', () => {
  let t: TestApp;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    token = (await registerShopper(t.app)).token;
    productId = (
      await insertTestProduct(t.db, {
        title: 'Retry Kettle',
        skus: [{ skuId: 'RETRY', salePriceMinor: 30_00, stock: 60 }],
      })
    ).id;
  });
  afterAll(() => t.close());

  const body = (quantity = 1) => ({
    items: [{ product: productId, sku_id: 'RETRY', quantity }],
    shippingAddress: ADDRESS,
    paymentMethod: 'Bank Transfer',
  });
  const place = (key: string | null, payload: object, as = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(as), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const stock = async () =>
    (
      await t.db
        .select({ stock: productSkus.stock })
        .from(productSkus)
        .where(and(eq(productSkus.productId, productId), eq(productSkus.skuId, 'RETRY')))
    )[0]?.stock;
  const ordersOfProduct = async () =>
    (await t.db.select().from(orderItems).where(eq(orderItems.productId, productId))).length;

  it('is declared by exactly the operations that honour it', () => {
    const declared = contractOperations
      .filter((op) => op.spec.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'))
      .map((op) => op.operationId)
      .sort();
    expect(declared).toEqual([...IDEMPOTENT_OPERATIONS].sort());
  });

  it('answers a retry with the first answer and places nothing new', async () => {
    const before = await stock();
    const first = await place('checkout-attempt-1', body());
    expect(first.statusCode, first.body).toBe(201);
    const retry = await place('checkout-attempt-1', body());
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.orderNumber).toBe(first.json().data.orderNumber);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await stock()).toBe((before ?? 0) - 1);
    expect(await ordersOfProduct()).toBe(1);
  });

  it('creates one order from concurrent identical requests', async () => {
    const before = await ordersOfProduct();
    const responses = await Promise.all(Array.from({ length: 8 }, () => place('checkout-attempt-2', body())));
    const placed = responses.filter((r) => r.statusCode === 201);
    // The first places the order; the others either replay it or are told it is still being processed.
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(new Set(placed.map((r) => r.json().data.orderNumber)).size).toBe(1);
    expect(await ordersOfProduct()).toBe(before + 1);
  });

  it('refuses the same key with another body, and keeps keys apart per caller', async () => {
    expect((await place('checkout-attempt-3', body(1))).statusCode).toBe(201);
    const other = await place('checkout-attempt-3', body(2));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'UNPROCESSABLE' });
    const someoneElse = (await registerShopper(t.app)).token;
    const theirs = await place('checkout-attempt-3', body(1), someoneElse);
    expect(theirs.statusCode).toBe(201);
  });

  it('keeps a refusal for the retry, and without a key every request is its own', async () => {
    const scarce = await insertTestProduct(t.db, {
      title: 'Scarce Teapot',
      skus: [{ skuId: 'SCARCE', salePriceMinor: 30_00, stock: 2 }],
    });
    const tooMany = { ...body(), items: [{ product: scarce.id, sku_id: 'SCARCE', quantity: 12 }] };
    const refused = await place('checkout-attempt-4', tooMany);
    expect(refused.statusCode).toBe(409);
    const again = await place('checkout-attempt-4', tooMany);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
    const before = await ordersOfProduct();
    expect((await place(null, body())).statusCode).toBe(201);
    expect((await place(null, body())).statusCode).toBe(201);
    expect(await ordersOfProduct()).toBe(before + 2);
  });

  it('checks the key against the contract', async () => {
    expect((await place('x'.repeat(201), body())).statusCode).toBe(400);
  });

  describe('after a fault', () => {
    const keyRow = async (key: string) =>
      (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];
    /** The state a process killed mid-order leaves: the key claimed `ago` ms back, nothing kept with it. */
    const claimLeftBehind = (key: string, ago: number, resource: string | null) =>
      t.db
        .update(idempotencyKeys)
        .set({
          statusCode: null,
          response: null,
          resource,
          leaseToken: randomUUID(),
          claimedAt: new Date(Date.now() - ago),
        })
        .where(eq(idempotencyKeys.key, key));
    const undoOrder = async (orderNumber: string) => {
      const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      if (!order) throw new Error(`no order ${orderNumber}`);
      await t.db.delete(orderItems).where(eq(orderItems.orderId, order.id));
      await t.db.delete(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      await t.db.delete(orders).where(eq(orders.id, order.id));
      await t.db
        .update(productSkus)
        .set({ stock: sql`${productSkus.stock} + 1` })
        .where(and(eq(productSkus.productId, productId), eq(productSkus.skuId, 'RETRY')));
    };

    it('binds what was created to the key in the same transaction', async () => {
      const first = await place('fault-bound', body());
      expect(first.statusCode, first.body).toBe(201);
      const row = await keyRow('fault-bound');
      expect(row?.resource).toBe(`order:${first.json().data._id}`);
    });

    it('answers the order that exists when the answer was lost after the commit, at once', async () => {
      const first = await place('fault-committed', body());
      expect(first.statusCode, first.body).toBe(201);
      const before = await ordersOfProduct();
      // The order committed with its key; the process died before it could keep the answer.
      await claimLeftBehind('fault-committed', 1000, `order:${first.json().data._id}`);

      const retry = await place('fault-committed', body());
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json().data.orderNumber).toBe(first.json().data.orderNumber);
      expect(retry.json().data.totalPrice).toBe(first.json().data.totalPrice);
      assertMatchesContract('placeOrder', retry);
      expect(await ordersOfProduct()).toBe(before);
      // And the answer is kept from now on.
      expect((await keyRow('fault-committed'))?.statusCode).toBe(201);
    });

    it('answers 409 while the claim is young, and lets a retry take it over once the lease has passed', async () => {
      const first = await place('fault-lost', body());
      expect(first.statusCode, first.body).toBe(201);
      // The attempt died before its transaction committed: no order, a claim with nothing kept.
      await undoOrder(first.json().data.orderNumber);
      const before = await ordersOfProduct();

      await claimLeftBehind('fault-lost', 5_000, null);
      const young = await place('fault-lost', body());
      expect(young.statusCode).toBe(409);
      expect(young.json().message).toBe(STILL_PROCESSING);

      await claimLeftBehind('fault-lost', IDEMPOTENCY_LEASE_MS + 1_000, null);
      const takenOver = await place('fault-lost', body());
      expect(takenOver.statusCode, takenOver.body).toBe(201);
      expect(await ordersOfProduct()).toBe(before + 1);
      const again = await place('fault-lost', body());
      expect(again.json().data.orderNumber).toBe(takenOver.json().data.orderNumber);
      expect(await ordersOfProduct()).toBe(before + 1);
    });

    it('lets only one of two retries take an expired claim over', async () => {
      // Each takes the lease in turn; the one that lost it cannot bind its order to the key, so that rolls back.
      const first = await place('fault-straggler', body());
      expect(first.statusCode).toBe(201);
      await undoOrder(first.json().data.orderNumber);
      await claimLeftBehind('fault-straggler', IDEMPOTENCY_LEASE_MS + 1_000, null);
      const before = await ordersOfProduct();
      const [taken, straggler] = await Promise.all([
        place('fault-straggler', body()),
        place('fault-straggler', body()),
      ]);
      const statuses = [taken.statusCode, straggler.statusCode].sort();
      expect(statuses[0]).toBe(201);
      expect([201, 409]).toContain(statuses[1]);
      expect(await ordersOfProduct()).toBe(before + 1);
    });
  });
});
