import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { type BkashStandIn, startBkashStandIn } from './bkash/bkash-stand-in.ts';
import { checkoutAddress } from './payments.fixtures.ts';
import { startPayPalStandIn } from './paypal/paypal-stand-in.ts';
import { startRazorpayStandIn } from './razorpay/razorpay-stand-in.ts';
import { type SslcommerzStandIn, startSslcommerzStandIn } from './sslcommerz/sslcommerz-stand-in.ts';
import { STRIPE_TEST_CARDS, startStripeStandIn } from './stripe/stripe-stand-in.ts';

// Each configured provider through the whole store: the order placed from checkout, the provider's own page, the
// browser back and the provider's notification, and a refund through the admin, against its local stand-in.

const SSL = { storeId: 'teststore0001', storePassword: 'teststore0001@ssl' };
const BKASH = {
  username: 'sandboxTokenizedUser02',
  password: 'sandbox-pass',
  appKey: 'app-key',
  appSecret: 'app-secret',
};
const PAYPAL = { clientId: 'paypal-client', clientSecret: 'paypal-secret', webhookId: 'WH-TEST-1' };
const STRIPE = { secretKey: 'sk_test_journeys', webhookSecret: 'whsec_journeys' };
const RAZORPAY = {
  keyId: 'rzp_test_journeys',
  keySecret: 'razorpay-secret',
  webhookSecret: 'razorpay-webhook',
};

describe('payment providers, each against its stand-in', () => {
  let t: TestApp;
  let admin: string;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;
  let ssl: SslcommerzStandIn;
  let bkash: BkashStandIn;
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let razorpay: Awaited<ReturnType<typeof startRazorpayStandIn>>;

  beforeAll(async () => {
    [ssl, bkash, paypal, stripe, razorpay] = await Promise.all([
      startSslcommerzStandIn(SSL),
      startBkashStandIn(BKASH),
      startPayPalStandIn(PAYPAL),
      startStripeStandIn(STRIPE),
      startRazorpayStandIn(RAZORPAY),
    ]);
    t = await createTestApp({
      seed: true,
      config: {
        payments: {
          sslcommerz: { ...SSL, baseUrl: ssl.url },
          bkash: { ...BKASH, baseUrl: bkash.url },
          paypal: { ...PAYPAL, baseUrl: paypal.url },
          stripe: { ...STRIPE, baseUrl: stripe.url },
          razorpay: { ...RAZORPAY, baseUrl: razorpay.url },
          pendingMinutes: 60,
        },
      },
    });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Rahim Uddin' });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([ssl.close(), bkash.close(), paypal.close(), stripe.close(), razorpay.close()]);
  });

  const place = async (paymentMethod: string, currency: string, country: string) => {
    const item = await insertTestProduct(t.db, {
      skus: [{ skuId: 'ONE', salePriceMinor: 30_00, stock: 10 }],
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(shopper.token),
      payload: {
        items: [{ product: item.id, sku_id: 'ONE', quantity: 1 }],
        shippingAddress: checkoutAddress(country),
        paymentMethod,
        currency,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order._id));
    if (!payment) throw new Error('no pending payment was recorded');
    return { order, payment };
  };
  /** The browser coming back to the API, as the provider sent it (a URL, or a form posted to a URL). */
  const browserBack = (url: string, form?: Record<string, string>) => {
    const target = new URL(url);
    return t.app.inject({
      method: form ? 'POST' : 'GET',
      url: `${target.pathname}${target.search}`,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          }
        : {}),
    });
  };
  const orderOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: bearer(shopper.token) })).json()
      .data;
  const refund = (id: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/refunds`,
      headers: bearer(admin),
      payload: { amount, reason: 'Returned by the shopper' },
    });

  it('lists SSLCommerz and bKash in Bangladesh, PayPal where it takes the currency', async () => {
    const bd = await t.app.inject({ method: 'GET', url: '/api/payment-methods?country=BD&currency=BDT' });
    expect(bd.json().data.map((m: { method: string }) => m.method)).toEqual(
      expect.arrayContaining(['SSLCommerz', 'bKash', 'Bank Transfer']),
    );
    expect(bd.json().data.map((m: { method: string }) => m.method)).not.toContain('PayPal');
    const us = await t.app.inject({ method: 'GET', url: '/api/payment-methods?country=US&currency=USD' });
    expect(us.json().data).toEqual([
      { method: 'Credit Card', fee: 0, currency: 'USD', maxOrder: null, onProviderPage: true },
      { method: 'PayPal', fee: 0, currency: 'USD', maxOrder: null, onProviderPage: true },
      { method: 'Bank Transfer', fee: 0, currency: 'USD', maxOrder: null, onProviderPage: false },
    ]);
    const india = await t.app.inject({ method: 'GET', url: '/api/payment-methods?country=IN&currency=INR' });
    expect(india.json().data.map((m: { method: string }) => m.method)).toContain('Razorpay');
  });

  it('Stripe: a card that needs 3-D Secure is paid once the shopper authenticates, and refunded', async () => {
    const { order, payment } = await place('Credit Card', 'EUR', 'ES');
    expect(order.paymentRedirect).toContain(stripe.url);
    const sessionId = payment.providerRef ?? '';
    expect(stripe.pay(sessionId, STRIPE_TEST_CARDS.threeDSecure)).toEqual({ kind: 'challenge' });
    // Nothing is paid while the bank's challenge is open.
    const early = await browserBack(
      `${t.config.publicUrl}/api/payments/stripe/return?payment=${payment.id}&session_id=${sessionId}`,
    );
    expect(early.headers.location).toContain('outcome=pending');
    const passed = stripe.authenticate(sessionId, true);
    if (passed.kind !== 'redirect') throw new Error('the stand-in did not send the shopper back');
    const back = await browserBack(passed.location);
    expect(back.headers.location).toContain(`order=${order._id}&outcome=paid`);
    expect((await orderOf(order._id)).isPaid).toBe(true);

    const webhook = stripe.webhooks.find((w) => w.event.type === 'checkout.session.completed');
    if (!webhook) throw new Error('the stand-in sent no completed event');
    const notify = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/notify',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': webhook.headers['stripe-signature'] ?? '',
        },
        payload: body,
      });
    const delivered = await notify(webhook.rawBody);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await notify(webhook.rawBody.replace('"paid"', '"unpaid"'))).statusCode).toBe(400);

    const refunded = await refund(order._id, order.totalPrice);
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(stripe.refunds).toHaveLength(1);
  });

  it('Stripe: a failed 3-D Secure challenge leaves the order unpaid', async () => {
    const { order, payment } = await place('Credit Card', 'USD', 'US');
    const sessionId = payment.providerRef ?? '';
    stripe.pay(sessionId, STRIPE_TEST_CARDS.threeDSecure);
    expect(stripe.authenticate(sessionId, false).kind).toBe('error');
    const back = await browserBack(
      `${t.config.publicUrl}/api/payments/stripe/return?payment=${payment.id}&cancelled=1`,
    );
    expect(back.headers.location).toContain('outcome=cancelled');
    expect(await orderOf(order._id)).toMatchObject({ isPaid: false, canPay: true });
  });

  it('Razorpay: pays by UPI on the payment link, checked against its signature and the link itself', async () => {
    const { order, payment } = await place('Razorpay', 'INR', 'IN');
    expect(order.paymentRedirect).toContain(razorpay.url);
    const paid = razorpay.complete(payment.providerRef ?? '', 'upi');
    if (!paid.redirect) throw new Error('the stand-in did not send the shopper back');
    // A return whose signature was tampered with changes nothing.
    const forged = await browserBack(
      paid.redirect.replace(/razorpay_signature=[^&]+/, 'razorpay_signature=0ff1ce'),
    );
    expect(forged.headers.location).toContain('outcome=pending');
    expect((await orderOf(order._id)).isPaid).toBe(false);
    const back = await browserBack(paid.redirect);
    expect(back.headers.location).toContain('outcome=paid');
    expect((await orderOf(order._id)).isPaid).toBe(true);
  });

  it('SSLCommerz: pays after the validation API agrees, takes the IPN once, refunds through SSLCommerz', async () => {
    const { order, payment } = await place('SSLCommerz', 'BDT', 'BD');
    expect(order.paymentRedirect).toContain(ssl.url);
    const posted = await ssl.complete(order.orderNumber, 'pay');
    const ipn = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sslcommerz/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(posted.fields).toString(),
    });
    expect(ipn.statusCode, ipn.body).toBe(200);
    expect(ipn.json().data.outcome).toBe('paid');
    const back = await browserBack(posted.url, posted.fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`order=${order._id}&outcome=paid`);
    expect((await orderOf(order._id)).isPaid).toBe(true);

    // A forged IPN (the fields changed under the old signature) is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sslcommerz/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...posted.fields, amount: '1.00' }).toString(),
    });
    expect(forged.statusCode).toBe(400);

    const refunded = await refund(order._id, 10);
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json().data.status).toBe('Completed');
    expect(ssl.refunds.at(-1)).toMatchObject({ tranId: order.orderNumber, amount: '10.00' });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ state: 'partially_refunded', refundedMinor: 10_00 });
  });

  it('SSLCommerz: a cancelled page leaves the order unpaid and payable again', async () => {
    const { order } = await place('SSLCommerz', 'BDT', 'BD');
    const posted = await ssl.complete(order.orderNumber, 'cancel');
    const back = await browserBack(posted.url, posted.fields);
    expect(back.headers.location).toContain('outcome=cancelled');
    expect(await orderOf(order._id)).toMatchObject({ isPaid: false, canPay: true });
  });

  it('bKash: executes the payment on the shopper return, and refunds it', async () => {
    const { order, payment } = await place('bKash', 'BDT', 'BD');
    const back = await browserBack(bkash.complete(payment.providerRef ?? '', 'success'));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain('outcome=paid');
    expect((await orderOf(order._id)).isPaid).toBe(true);
    // The browser coming back twice (a reload) changes nothing.
    const again = await browserBack(bkash.complete(payment.providerRef ?? '', 'success'));
    expect(again.headers.location).toContain('outcome=paid');

    const refunded = await refund(order._id, order.totalPrice);
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(bkash.refunds).toHaveLength(1);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.state).toBe('refunded');
  });

  it('bKash: an insufficient balance is a failed payment, not a paid order', async () => {
    const { order, payment } = await place('bKash', 'BDT', 'BD');
    const back = await browserBack(bkash.complete(payment.providerRef ?? '', 'insufficient-balance'));
    expect(back.headers.location).toContain('outcome=failed');
    expect(await orderOf(order._id)).toMatchObject({ isPaid: false, canPay: true });
  });

  it('PayPal: captures on return, takes the verified webhook once, refuses a forged one', async () => {
    const { order, payment } = await place('PayPal', 'USD', 'US');
    expect(order.paymentRedirect).toContain(paypal.url);
    const back = await browserBack(paypal.complete(payment.providerRef ?? '', 'pay'));
    expect(back.headers.location).toContain('outcome=paid');
    expect((await orderOf(order._id)).isPaid).toBe(true);

    const webhook = paypal.webhooks.find((w) => w.event.event_type === 'PAYMENT.CAPTURE.COMPLETED');
    if (!webhook) throw new Error('the stand-in sent no capture webhook');
    const notify = (body: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/paypal/notify',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: body,
      });
    const delivered = await notify(webhook.rawBody, webhook.headers);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data.outcome).toBe('paid');
    const forged = await notify(webhook.rawBody.replace('COMPLETED', 'COMPLETED '), webhook.headers);
    expect(forged.statusCode).toBe(400);
  });
});
