import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, payments, productSkus } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_PUBLIC_URL } from '../../test/test-config.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { ABANDONED_NOTE, cancelAbandonedCheckouts } from '../orders/orders.jobs.ts';
import type { HostedCheckoutRequest, HostedPaymentProvider, ProviderMessage } from './hosted.types.ts';
import { PaymentError } from './payment-error.ts';
import { checkoutAddress } from './payments.fixtures.ts';

// The order flow of a provider whose page the shopper pays on, with a provider that answers as told: the order is
// placed unpaid, paid only on the provider's verified answer, once per event, and paid back through it.

function fakeProvider() {
  const started: HostedCheckoutRequest[] = [];
  const refunds: Array<{ providerRef: string; amountMinor: number; currency: string }> = [];
  const state = { down: false };
  const provider: HostedPaymentProvider = {
    name: 'bkash',
    method: 'bKash',
    currencies: ['BDT', 'USD'],
    countries: ['BD'],
    async start(request) {
      if (state.down) throw new PaymentError('unreachable');
      started.push(request);
      return {
        redirectUrl: `https://pay.test/checkout/${request.paymentId}`,
        providerRef: `sess-${started.length}`,
      };
    },
    identify: (message: ProviderMessage) =>
      message.fields.payment ? { paymentId: message.fields.payment } : null,
    async confirm(message, payment) {
      const outcome = message.fields.outcome;
      if (outcome === 'down') throw new PaymentError('unreachable');
      if (outcome === 'paid') {
        return {
          status: 'paid',
          eventId: message.fields.event ?? `evt-${payment.id}`,
          providerRef: `trx-${payment.id.slice(0, 8)}`,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
        };
      }
      if (outcome === 'failed') return { status: 'failed', eventId: null, message: 'Insufficient balance' };
      if (outcome === 'cancelled') return { status: 'cancelled', eventId: null, message: 'Cancelled' };
      return { status: 'rejected', message: 'signature does not match' };
    },
    async refund(request) {
      refunds.push(request);
      return { gatewayRef: `rf-${refunds.length}` };
    },
  };
  return { provider, started, refunds, state };
}

describe('paying on the provider page', () => {
  let t: TestApp;
  let admin: string;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;
  const fake = fakeProvider();

  beforeAll(async () => {
    t = await createTestApp({ seed: true, hostedPayments: [fake.provider] });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Rahim Uddin' });
  });
  afterAll(() => t.close());

  const product = (stock = 10) =>
    insertTestProduct(t.db, { skus: [{ skuId: 'ONE', salePriceMinor: 40_00, stock }] });
  const place = (productId: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(shopper.token),
      payload: {
        items: [{ product: productId, sku_id: 'ONE', quantity: 1 }],
        shippingAddress: checkoutAddress(),
        paymentMethod: 'bKash',
        ...extra,
      },
    });
  const paymentsOf = (orderId: string) =>
    t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
  const back = (paymentId: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/payments/bkash/return?${new URLSearchParams({ payment: paymentId, ...fields })}`,
    });
  const notify = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/bkash/notify', payload: fields });
  const mine = async (orderId: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(shopper.token) })
    ).json().data;

  it('lists the provider where it takes payments, and only there', async () => {
    const bd = await t.app.inject({ method: 'GET', url: '/api/payment-methods?country=BD&currency=BDT' });
    expect(bd.json().data.map((m: { method: string }) => m.method)).toContain('bKash');
    const es = await t.app.inject({ method: 'GET', url: '/api/payment-methods?country=ES&currency=EUR' });
    expect(es.json().data.map((m: { method: string }) => m.method)).not.toContain('bKash');
    const item = await product();
    const refused = await place(item.id, { shippingAddress: checkoutAddress('ES') });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].path).toBe('/paymentMethod');
  });

  it('places the order unpaid, sends the shopper to the provider, and pays it on the provider answer', async () => {
    const item = await product();
    const placed = await place(item.id, { currency: 'BDT' });
    expect(placed.statusCode, placed.body).toBe(201);
    assertMatchesContract('placeOrder', placed);
    const order = placed.json().data;
    expect(order.isPaid).toBe(false);
    expect(order.canPay).toBe(true);
    const [pending] = await paymentsOf(order._id);
    expect(pending).toMatchObject({ state: 'pending', provider: 'bkash', method: 'bKash', currency: 'BDT' });
    expect(order.paymentRedirect).toBe(`https://pay.test/checkout/${pending?.id}`);
    const request = fake.started.at(-1);
    expect(request).toMatchObject({
      paymentId: pending?.id,
      reference: order.orderNumber,
      currency: 'BDT',
      amountMinor: Math.round(order.totalPrice * 100),
      returnUrl: `${TEST_PUBLIC_URL}/api/payments/bkash/return?payment=${pending?.id}`,
      notifyUrl: `${TEST_PUBLIC_URL}/api/payments/bkash/notify`,
    });

    const returned = await back(pending?.id ?? '', { outcome: 'paid', event: 'E-1' });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(
      `${t.config.storeUrl}/payment/return?order=${order._id}&outcome=paid`,
    );
    const paid = await mine(order._id);
    expect(paid).toMatchObject({ isPaid: true, status: 'Confirmed', canPay: false });
    const [confirmed] = await paymentsOf(order._id);
    expect(confirmed?.state).toBe('paid');
    expect(confirmed?.providerRef).toMatch(/^bkash:trx-/);

    // The provider's notification of the same event afterwards changes nothing more.
    const again = await notify({ payment: pending?.id ?? '', outcome: 'paid', event: 'E-1' });
    expect(again.statusCode, again.body).toBe(200);
    assertMatchesContract('paymentNotify', again);
    const notes = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order._id));
    expect(notes.filter((entry) => entry.note?.startsWith('Payment confirmed'))).toHaveLength(1);
  });

  it('refuses a notification the provider does not stand behind, and one naming no payment', async () => {
    const item = await product();
    const order = (await place(item.id)).json().data;
    const [pending] = await paymentsOf(order._id);
    const forged = await notify({ payment: pending?.id ?? '', outcome: 'forged' });
    expect(forged.statusCode).toBe(400);
    expect((await mine(order._id)).isPaid).toBe(false);
    const unknown = await notify({ payment: '00000000-0000-4000-8000-000000000000', outcome: 'paid' });
    expect(unknown.statusCode).toBe(404);
    // A return that cannot be verified leaves the order as it was and the page waiting.
    const returned = await back(pending?.id ?? '', { outcome: 'forged' });
    expect(returned.headers.location).toContain('outcome=pending');
    expect((await mine(order._id)).isPaid).toBe(false);
  });

  it('keeps a declined payment payable again, on a new checkout', async () => {
    const item = await product();
    const order = (await place(item.id)).json().data;
    const [first] = await paymentsOf(order._id);
    const declined = await back(first?.id ?? '', { outcome: 'failed' });
    expect(declined.headers.location).toContain('outcome=failed');
    expect(await mine(order._id)).toMatchObject({ isPaid: false, canPay: true, status: 'Placed' });

    const other = await registerShopper(t.app, { name: 'Someone Else' });
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/payment`,
      headers: bearer(other.token),
    });
    expect(notTheirs.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/order/${order._id}/payment` });
    expect(anonymous.statusCode).toBe(401);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/payment`,
      headers: bearer(shopper.token),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    assertMatchesContract('startOrderPayment', retry);
    const [, second] = await paymentsOf(order._id);
    expect(retry.json().data.redirectUrl).toBe(`https://pay.test/checkout/${second?.id}`);
    await back(second?.id ?? '', { outcome: 'paid' });
    expect((await mine(order._id)).isPaid).toBe(true);
    const paidAgain = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/payment`,
      headers: bearer(shopper.token),
    });
    expect(paidAgain.statusCode).toBe(409);
  });

  it('places nothing when the provider cannot be reached', async () => {
    const item = await product(4);
    fake.state.down = true;
    try {
      const placed = await place(item.id);
      expect(placed.statusCode).toBe(503);
    } finally {
      fake.state.down = false;
    }
    const [sku] = await t.db.select().from(productSkus).where(eq(productSkus.productId, item.id));
    expect(sku?.stock).toBe(4);
  });

  it('pays a refund back through the provider that took the money', async () => {
    const item = await product();
    const order = (await place(item.id)).json().data;
    const [pending] = await paymentsOf(order._id);
    await back(pending?.id ?? '', { outcome: 'paid' });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/refunds`,
      headers: bearer(admin),
      payload: { amount: 10, reason: 'One item arrived broken' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(fake.refunds.at(-1)).toMatchObject({
      providerRef: `trx-${pending?.id.slice(0, 8)}`,
      amountMinor: 10_00,
    });
    const [after] = await paymentsOf(order._id);
    expect(after).toMatchObject({ state: 'partially_refunded', refundedMinor: 10_00 });
  });

  it('cancels a checkout left unpaid and returns its stock; a payment arriving later is flagged to staff', async () => {
    const item = await product(3);
    const order = (await place(item.id)).json().data;
    const [pending] = await paymentsOf(order._id);
    const later = () => new Date(Date.now() + 61 * 60_000);
    const { cancelled } = await cancelAbandonedCheckouts({ db: t.db, pendingMinutes: 60, now: later });
    expect(cancelled).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'Cancelled', reason: ABANDONED_NOTE, isPaid: false });
    const [sku] = await t.db
      .select()
      .from(productSkus)
      .where(and(eq(productSkus.productId, item.id), eq(productSkus.skuId, 'ONE')));
    expect(sku?.stock).toBe(3);

    const late = await notify({ payment: pending?.id ?? '', outcome: 'paid', event: 'LATE-1' });
    expect(late.statusCode).toBe(200);
    expect((await mine(order._id)).status).toBe('Cancelled');
    const mismatches = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/mismatches',
      headers: bearer(admin),
    });
    expect(mismatches.statusCode, mismatches.body).toBe(200);
    expect(JSON.stringify(mismatches.json().data)).toContain(order.orderNumber);
  });
});
