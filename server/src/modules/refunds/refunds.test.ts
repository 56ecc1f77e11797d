import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orders, refunds } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, loginStaff, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPaymentProvider } from '../payments/create-payment-provider.ts';
import { PaymentError } from '../payments/payment-error.ts';
import { insertTestOrder } from './refunds.fixtures.ts';
import { REFUND_PAID_BACK, REFUND_TO_PAY_BY_HAND } from './refunds.handlers.ts';
import { createRefund, processRefund } from './refunds.repository.ts';
import { toRefund } from './refunds.view.ts';

interface RefundBody {
  _id: string;
  id: string;
  orderId: string;
  orderNumber: string;
  customer: string;
  amount: number;
  currency: string;
  status: string;
  reason: string;
  createdBy: string;
  processedBy: string | null;
  processedAt: string | null;
  gatewayRef: string | null;
}

describe('refunds', () => {
  let t: TestApp;
  let refunder: string;
  let admin: string;
  let ordersOnly: string;
  let shopperToken: string;
  let cardRef: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createStaff(t.db, {
      email: 'refunder@example.com',
      password: 'password-123',
      role: 'Support',
      permissions: ['refunds'],
    });
    await createStaff(t.db, {
      email: 'fulfil@example.com',
      password: 'password-123',
      role: 'Support',
      permissions: ['orders'],
    });
    refunder = await loginStaff(t.app, 'refunder@example.com', 'password-123');
    await createStaff(t.db, {
      email: 'desk@example.com',
      password: 'password-123',
      role: 'Support',
      permissions: ['orders', 'refunds'],
    });
    admin = await loginStaff(t.app, 'desk@example.com', 'password-123');
    ordersOnly = await loginStaff(t.app, 'fulfil@example.com', 'password-123');
    shopperToken = (await registerShopper(t.app)).token;
    // A charge the app's own (offline) provider would have made at checkout.
    const charge = await createPaymentProvider({ provider: 'offline' }).charge({
      method: 'PayPal',
      amountMinor: 100_00,
      currency: 'USD',
      reference: 'ORD-TEST',
    });
    if (charge.status !== 'paid') throw new Error('the test charge was declined');
    cardRef = charge.gatewayRef;
  });
  afterAll(() => t.close());

  const refund = (orderId: string, payload: object, token: string | null = refunder) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: token ? bearer(token) : {},
      payload,
    });
  const processIt = (refundId: string, token: string = refunder) =>
    t.app.inject({ method: 'POST', url: `/api/refunds/${refundId}/process`, headers: bearer(token) });

  const paymentStatus = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { payment: { status: string }; refunded: number } }>().data;
  };

  it('refunds part of a card or PayPal order in one step, paid back through the payment provider', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 100_00, paymentRef: cardRef });
    const response = await refund(order.id, { amount: 19.99, reason: 'Scratched lid' });
    expect(response.statusCode, response.body).toBe(201);
    assertMatchesContract('createRefund', response);
    expect(response.json().message).toBe(REFUND_PAID_BACK);
    const data = response.json<{ data: RefundBody }>().data;
    expect(data).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      customer: 'Nusrat Jahan',
      amount: 19.99,
      currency: 'USD',
      status: 'Completed',
      reason: 'Scratched lid',
      createdBy: 'refunder',
      processedBy: 'refunder',
    });
    expect(data.id).toMatch(/^RF-\d{6}$/);
    expect(data.gatewayRef).toMatch(/^re_[0-9a-f]{24}$/);
    expect(data.processedAt).not.toBeNull();

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedMinor).toBe(19_99);
    expect(row?.refundedAt).not.toBeNull();
    expect(await paymentStatus(order.id)).toMatchObject({
      payment: { status: 'Partially Refunded' },
      refunded: 19.99,
    });
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'refund.create'), eq(activityLog.target, `order:${order.orderNumber}`)),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorName: 'refunder', outcome: 'success' });
    expect(logged[0]?.details).toMatchObject({ status: 'Completed', gatewayRef: data.gatewayRef });

    // Processing it again in Refund Handling would pay it twice: refused.
    expect((await processIt(data._id)).statusCode).toBe(409);
  });

  it('records a bank transfer refund as pending until staff pay it back by hand and process it', async () => {
    const order = await insertTestOrder(t.db, {
      totalMinor: 40_00,
      paymentMethod: 'Bank Transfer',
      paymentRef: 'BANK-TRX-20261122-01',
    });
    const response = await refund(order.id, { amount: 15, reason: 'Wrong colour' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(REFUND_TO_PAY_BY_HAND);
    expect(response.json<{ data: RefundBody }>().data).toMatchObject({
      status: 'Pending',
      processedBy: null,
      processedAt: null,
      gatewayRef: null,
    });
    // Nothing went back yet: the payment still reads Paid, and the pending amount cannot be refunded twice.
    expect(await paymentStatus(order.id)).toMatchObject({ payment: { status: 'Paid' }, refunded: 15 });
    const [before] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(before?.refundedMinor).toBe(0);
    expect((await refund(order.id, { amount: 25.01, reason: 'Too much' })).statusCode).toBe(409);

    const done = await processIt(response.json<{ data: RefundBody }>().data.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await paymentStatus(order.id)).toMatchObject({
      payment: { status: 'Partially Refunded' },
      refunded: 15,
    });
  });

  it('pays back once when the same refund is retried with its Idempotency-Key', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 30_00, paymentRef: cardRef });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        headers: { ...bearer(refunder), 'idempotency-key': `refund-${order.id}` },
        payload: { amount: 12, reason: 'Retried' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    const data = first.json<{ data: RefundBody }>().data;
    expect(again.json<{ data: RefundBody }>().data).toMatchObject({
      _id: data._id,
      gatewayRef: data.gatewayRef,
    });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedMinor).toBe(12_00);
  });

  it('records nothing when the payment provider cannot pay the refund back', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 10_00, paymentRef: cardRef });
    await expect(
      createRefund(t.db, {
        orderRef: order.id,
        amountMinor: 5_00,
        reason: 'Gateway down',
        createdBy: 'refunder',
        pay: async () => {
          throw new PaymentError('gateway down');
        },
      }),
    ).rejects.toThrow('gateway down');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedMinor).toBe(0);
  });

  it('finds the order by its order id too, and refunds the rest in full', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 50_00 });
    expect((await refund(order.orderNumber, { amount: 20, reason: 'Late' })).statusCode).toBe(201);
    const rest = await refund(order.orderNumber, { amount: 30, reason: 'Cancelled by the shopper' });
    expect(rest.statusCode, rest.body).toBe(201);
    const none = await refund(order.id, { amount: 0.01, reason: 'Again' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'The refund cannot exceed the amount paid minus earlier refunds (0.00 USD left).',
    );
  });

  it('never refunds more than was paid minus earlier refunds, in the order currency', async () => {
    const order = await insertTestOrder(t.db, { currency: 'BDT', rate: '121.5', totalMinor: 12_150_00 });
    expect((await refund(order.id, { amount: 10_000.5, reason: 'Part' })).statusCode).toBe(201);
    const over = await refund(order.id, { amount: 2_149.51, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    assertMatchesContract('createRefund', over);
    expect(over.json().message).toBe(
      'The refund cannot exceed the amount paid minus earlier refunds (2149.50 BDT left).',
    );
    expect((await refund(order.id, { amount: 2_149.5, reason: 'The rest' })).statusCode).toBe(201);

    const failed = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'refund.create'), eq(activityLog.outcome, 'failed')));
    expect(failed.some((entry) => entry.target === `order:${order.id}`)).toBe(true);
  });

  it('counts what an order was refunded before the refunds table existed', async () => {
    const order = await insertTestOrder(t.db, {
      totalMinor: 40_00,
      refundedMinor: 30_00,
      refundedAt: new Date(),
    });
    const over = await refund(order.id, { amount: 10.01, reason: 'Too much' });
    expect(over.json().message).toBe(
      'The refund cannot exceed the amount paid minus earlier refunds (10.00 USD left).',
    );
  });

  it('lets only one of two refunds of 60% each through when they are asked at once', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 100_00, paymentRef: cardRef });
    const answers = await Promise.all([
      refund(order.id, { amount: 60, reason: 'First desk' }),
      refund(order.id, { amount: 60, reason: 'Second desk' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    const total = rows.reduce((sum, row) => sum + row.amountMinor, 0);
    expect(total).toBeLessThanOrEqual(100_00);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedMinor).toBe(60_00);
  });

  it('refuses unpaid orders (409), unknown orders (404) and amounts with more than two decimals (400)', async () => {
    const unpaid = await insertTestOrder(t.db, {
      totalMinor: 10_00,
      isPaid: false,
      paymentMethod: 'Bank Transfer',
    });
    const notPaid = await refund(unpaid.id, { amount: 1, reason: 'x' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('Only paid orders can be refunded.');

    for (const id of ['ORD-19990101-0001', '00000000-0000-4000-8000-000000000000']) {
      const missing = await refund(id, { amount: 1, reason: 'x' });
      expect(missing.statusCode, id).toBe(404);
      assertMatchesContract('createRefund', missing);
    }

    const paid = await insertTestOrder(t.db, { totalMinor: 10_00 });
    for (const payload of [
      { amount: 1.005, reason: 'x' },
      { amount: 0, reason: 'x' },
      { amount: -1, reason: 'x' },
      { amount: 1 },
      { amount: 1, reason: '' },
      { amount: 1, reason: '   ' },
    ]) {
      const bad = await refund(paid.id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      assertMatchesContract('createRefund', bad);
    }
    expect((await refund(paid.id, { amount: 1.005, reason: 'x' })).json().message).toBe(
      'The amount can have at most two decimals.',
    );
  });

  it('completes a refund through the payment provider once, and refuses to do it twice', async () => {
    const order = await insertTestOrder(t.db, {
      totalMinor: 80_00,
      paymentRef: cardRef,
      paymentMethod: 'PayPal',
    });
    // Pending, as when the provider was down while the order was cancelled.
    const created = toRefund(
      await createRefund(t.db, {
        orderRef: order.id,
        amountMinor: 25_50,
        reason: 'Damaged',
        createdBy: 'refunder',
      }),
    );

    const done = await processIt(created._id);
    expect(done.statusCode, done.body).toBe(200);
    assertMatchesContract('processRefund', done);
    const data = done.json<{ data: RefundBody }>().data;
    expect(data).toMatchObject({ status: 'Completed', processedBy: 'refunder', amount: 25.5 });
    expect(data.gatewayRef).toMatch(/^re_[0-9a-f]{24}$/);
    expect(data.processedAt).not.toBeNull();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedMinor).toBe(25_50);

    const again = await processIt(created.id);
    expect(again.statusCode).toBe(409);
    assertMatchesContract('processRefund', again);
    expect(again.json().message).toBe('This refund has already been completed.');

    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'refund.process'), eq(activityLog.target, `order:${order.orderNumber}`)),
      );
    expect(logged).toHaveLength(1);
  });

  it('completes the refund of a payment staff confirmed by hand without asking the provider', async () => {
    const order = await insertTestOrder(t.db, {
      totalMinor: 30_00,
      paymentMethod: 'Bank Transfer',
      paymentRef: 'BANK-TRX-20261122-77',
    });
    const created = (await refund(order.id, { amount: 30, reason: 'Returned' })).json<{ data: RefundBody }>()
      .data;
    const done = await processIt(created.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'Completed', gatewayRef: null });
  });

  it('leaves the refund Pending when paying it back fails', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 10_00, paymentRef: cardRef });
    const created = toRefund(
      await createRefund(t.db, {
        orderRef: order.id,
        amountMinor: 5_00,
        reason: 'Gateway down',
        createdBy: 'x',
      }),
    );
    await expect(
      processRefund(t.db, {
        refundRef: created._id,
        processedBy: 'refunder',
        pay: async () => {
          throw new Error('gateway down');
        },
      }),
    ).rejects.toThrow('gateway down');
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, created._id));
    expect(row).toMatchObject({ status: 'Pending', processedBy: null, gatewayRef: null });
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.refundedMinor).toBe(0);
  });

  it('answers 404 for a refund that does not exist', async () => {
    for (const id of ['RF-999999', '00000000-0000-4000-8000-000000000000', 'nothing']) {
      const response = await processIt(id);
      expect(response.statusCode, id).toBe(404);
      assertMatchesContract('processRefund', response);
    }
  });

  it('lists refunds newest first, paged and filtered by status', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/refunds?limit=3', headers: bearer(refunder) });
    expect(all.statusCode).toBe(200);
    assertMatchesContract('listRefunds', all);
    const body = all.json<{ data: RefundBody[]; meta: { page: number; limit: number; total: number } }>();
    expect(body.data).toHaveLength(3);
    const count = (await t.db.select().from(refunds)).length;
    expect(body.meta).toEqual({ page: 1, limit: 3, total: count });
    const numbers = body.data.map((r) => Number(r.id.slice(3)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    const completed = await t.app.inject({
      method: 'GET',
      url: '/api/refunds?status=Completed',
      headers: bearer(refunder),
    });
    const done = completed.json<{ data: RefundBody[]; meta: { total: number } }>();
    const completedRows = await t.db.select().from(refunds).where(eq(refunds.status, 'Completed'));
    expect(completedRows.length).toBeGreaterThan(0);
    expect(done.meta.total).toBe(completedRows.length);
    expect(done.data.every((r) => r.status === 'Completed')).toBe(true);

    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/refunds?limit=3&page=2',
      headers: bearer(refunder),
    });
    const second = page2.json<{ data: RefundBody[] }>().data;
    expect(second.map((r) => r.id)).not.toContain(body.data[0]?.id);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/refunds?status=Done',
      headers: bearer(refunder),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for staff with the refunds permission only', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 10_00 });
    const calls = [
      {
        method: 'POST' as const,
        url: `/api/orders/${order.id}/refunds`,
        payload: { amount: 1, reason: 'x' },
      },
      { method: 'GET' as const, url: '/api/refunds' },
      { method: 'POST' as const, url: '/api/refunds/RF-000001/process' },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: bearer(ordersOnly) })).statusCode, call.url).toBe(403);
      const shopper = await t.app.inject({ ...call, headers: bearer(shopperToken) });
      expect([401, 403], call.url).toContain(shopper.statusCode);
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedMinor).toBe(0);
  });
});
