import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orders, refunds } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, loginStaff, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPaymentProvider } from '../payments/create-payment-provider.ts';
import { PaymentError } from '../payments/payment-error.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { changeStatus } from './orders.status.ts';

interface RefundShown {
  id: string;
  amount: number;
  currency: string;
  status: string;
  gatewayRef?: string | null;
}

describe('cancelling a paid order', () => {
  let t: TestApp;
  let staff: string;
  let shopper: { id: string; token: string };

  /** A payment the store's own (offline) provider took at checkout. */
  async function providerCharge(amountMinor: number) {
    const charge = await createPaymentProvider({ provider: 'offline' }).charge({
      method: 'PayPal',
      amountMinor,
      currency: 'USD',
      reference: 'ORD-CANCEL',
    });
    if (charge.status !== 'paid') throw new Error('the test charge was declined');
    return charge.gatewayRef;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await createStaff(t.db, {
      email: 'desk@example.com',
      password: 'password-123',
      role: 'Support',
      permissions: ['orders', 'refunds'],
    });
    staff = await loginStaff(t.app, 'desk@example.com', 'password-123');
    shopper = await registerShopper(t.app);
  });
  afterAll(() => t.close());

  const cancelAsStaff = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/status`,
      headers: bearer(staff),
      payload: { status: 'Cancelled', note: 'Out of stock at the supplier' },
    });
  const shopperView = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}`,
      headers: bearer(shopper.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { paymentStatus: string; refundedPrice: number; refunds: RefundShown[] } }>()
      .data;
  };

  it('pays a PayPal order back in full through the payment provider and says so', async () => {
    const order = await insertTestOrder(t.db, {
      customerId: shopper.id,
      paymentMethod: 'PayPal',
      totalMinor: 23_40,
      paymentRef: await providerCharge(23_40),
    });
    const response = await cancelAsStaff(order.id);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('changeOrderStatus', response);
    const body = response.json<{
      message: string;
      data: { status: string; payment: { status: string }; refunds: RefundShown[] };
    }>();
    expect(body.message).toBe(
      `Order ${order.orderNumber} is now Cancelled. The payment of 23.40 USD was refunded through the payment provider.`,
    );
    expect(body.data).toMatchObject({ status: 'Cancelled', payment: { status: 'Refunded' } });
    expect(body.data.refunds).toEqual([
      expect.objectContaining({ amount: 23.4, currency: 'USD', status: 'Completed' }),
    ]);
    expect(body.data.refunds[0]?.gatewayRef).toMatch(/^re_[0-9a-f]{24}$/);

    expect(await shopperView(order.id)).toMatchObject({
      paymentStatus: 'Refunded',
      refundedPrice: 23.4,
      refunds: [{ amount: 23.4, status: 'Completed', reason: 'Out of stock at the supplier' }],
    });
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'order.status'), eq(activityLog.target, `order:${order.orderNumber}`)),
      );
    expect(entry?.details).toMatchObject({
      to: 'Cancelled',
      refund: { amount: 23.4, currency: 'USD', status: 'Completed' },
    });
  });

  it('opens a pending refund staff must process for a bank transfer, and the shopper sees it pending', async () => {
    const order = await insertTestOrder(t.db, {
      customerId: shopper.id,
      paymentMethod: 'Bank Transfer',
      paymentRef: 'BANK-TRX-20261127-09',
      totalMinor: 50_00,
    });
    const response = await cancelAsStaff(order.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      message: string;
      data: { payment: { status: string }; refunds: RefundShown[] };
    }>();
    expect(body.message).toBe(
      `Order ${order.orderNumber} is now Cancelled. A refund of 50.00 USD is pending: pay it back by hand, then process it in Refund Handling.`,
    );
    expect(body.data.payment.status).toBe('Paid');
    expect(body.data.refunds).toEqual([
      expect.objectContaining({ amount: 50, status: 'Pending', gatewayRef: null }),
    ]);
    expect(await shopperView(order.id)).toMatchObject({
      paymentStatus: 'Paid',
      refundedPrice: 0,
      refunds: [{ amount: 50, status: 'Pending' }],
    });

    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/refunds?status=Pending&limit=100',
      headers: bearer(staff),
    });
    const listed = pending.json<{ data: Array<{ _id: string; orderId: string }> }>().data;
    const waiting = listed.find((row) => row.orderId === order.id);
    expect(waiting).toBeDefined();
    const processed = await t.app.inject({
      method: 'POST',
      url: `/api/refunds/${waiting?._id}/process`,
      headers: bearer(staff),
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(await shopperView(order.id)).toMatchObject({ paymentStatus: 'Refunded', refundedPrice: 50 });
  });

  it('refunds a shopper who cancels their own paid order, and only what earlier refunds left', async () => {
    const order = await insertTestOrder(t.db, {
      customerId: shopper.id,
      paymentMethod: 'PayPal',
      totalMinor: 40_00,
      paymentRef: await providerCharge(40_00),
    });
    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: bearer(staff),
      payload: { amount: 10, reason: 'Late' },
    });
    expect(partial.statusCode, partial.body).toBe(201);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/cancel`,
      headers: bearer(shopper.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('cancelMyOrder', response);
    expect(response.json().message).toBe('Order cancelled. Your payment has been refunded.');
    const shown = await shopperView(order.id);
    expect(shown).toMatchObject({ paymentStatus: 'Refunded', refundedPrice: 40 });
    expect(shown.refunds.map((refund) => [refund.amount, refund.status])).toEqual(
      expect.arrayContaining([
        [10, 'Completed'],
        [30, 'Completed'],
      ]),
    );
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'order.cancel'), eq(activityLog.target, `order:${order.orderNumber}`)),
      );
    expect(entry?.details).toMatchObject({ refund: { amount: 30, status: 'Completed' } });
  });

  it('opens no refund for an unpaid order', async () => {
    const order = await insertTestOrder(t.db, { isPaid: false, paymentMethod: 'Cash', totalMinor: 12_00 });
    const response = await cancelAsStaff(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(`Order ${order.orderNumber} is now Cancelled.`);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('still cancels when the provider cannot pay back, leaving the refund pending for staff', async () => {
    const order = await insertTestOrder(t.db, {
      paymentMethod: 'PayPal',
      totalMinor: 15_00,
      paymentRef: await providerCharge(15_00),
    });
    const { order: cancelled, refund } = await changeStatus(t.db, {
      orderRef: order.id,
      change: { to: 'Cancelled' },
      actor: { name: 'desk', type: 'admin' },
      payBack: async () => {
        throw new PaymentError('gateway down');
      },
    });
    expect(cancelled.status).toBe('Cancelled');
    expect(refund?.refund).toMatchObject({
      amountMinor: 15_00,
      status: 'Pending',
      reason: 'Order cancelled',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedMinor).toBe(0);
  });
});
