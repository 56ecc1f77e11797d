import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedCheckoutRequest, ProviderMessage } from '../hosted.types.ts';
import { PaymentError } from '../payment-error.ts';
import {
  type NotifyReceiver,
  notifyMessage as notified,
  pendingPayment,
  returnMessage as returned,
  startNotifyReceiver,
} from '../stand-in-kit.ts';
import { createStripeProvider, type StripeConfig } from './stripe-provider.ts';
import {
  STRIPE_TEST_CARDS,
  type StripeStandIn,
  type StripeStandInWebhook,
  startStripeStandIn,
  stripeSignature,
} from './stripe-stand-in.ts';

const keys = { secretKey: 'sk_test_51StandInSecretKey', webhookSecret: 'whsec_standInWebhookSecret' };

let standIn: StripeStandIn;
let receiver: NotifyReceiver;

beforeAll(async () => {
  receiver = await startNotifyReceiver();
  standIn = await startStripeStandIn({ ...keys, webhookUrl: `${receiver.url}/api/payments/stripe/notify` });
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

const provider = (overrides: Partial<StripeConfig> = {}) =>
  createStripeProvider({ ...keys, baseUrl: standIn.url, ...overrides });

function checkout(overrides: Partial<HostedCheckoutRequest> = {}): HostedCheckoutRequest {
  const paymentId = randomUUID();
  return {
    paymentId,
    reference: `ORD-${paymentId.slice(0, 8).toUpperCase()}`,
    amountMinor: 24_60,
    currency: 'USD',
    customer: {
      name: 'Ana Buyer',
      email: 'ana@example.org',
      phone: null,
      address: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
    },
    description: '2 items from Shop',
    returnUrl: `https://shop.test/api/payments/stripe/return?payment=${paymentId}`,
    notifyUrl: 'https://shop.test/api/payments/stripe/notify',
    ...overrides,
  };
}

/** Opens a checkout and answers the payment row the caller would keep. */
async function started(overrides: Partial<HostedCheckoutRequest> = {}) {
  const request = checkout(overrides);
  const start = await provider().start(request);
  const payment = pendingPayment(request, start.providerRef);
  return { request, start, payment, sessionId: start.providerRef ?? '' };
}

/** The shopper's browser on the Checkout page: a GET, or a form posted with its buttons, redirects not followed. */
async function page(address: string, form?: Record<string, string>) {
  const response = await fetch(address, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    ...(form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) }
      : {}),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** The webhook of a type the stand-in sent about a session's PaymentIntent or the session itself. */
function webhookFor(type: string, sessionId: string): StripeStandInWebhook {
  const intentId = standIn.session(sessionId)?.paymentIntentId;
  const found = standIn.webhooks.findLast(
    (w) => w.event.type === type && [sessionId, intentId].includes(w.event.data.object.id as string),
  );
  if (!found) throw new Error(`no ${type} webhook for ${sessionId}`);
  return found;
}

/** A webhook as an attacker (or another endpoint) would send it: any body, signed with the given secret. */
function forged(body: unknown, secret = keys.webhookSecret, timestamp?: number): ProviderMessage {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  return notified({ headers: { 'stripe-signature': stripeSignature(rawBody, secret, timestamp) }, rawBody });
}

const lastCall = (path: string) => standIn.calls.filter((call) => call.path === path).at(-1);

/** Pays a fresh checkout with the success card on the page; answers where the browser was sent. */
async function paidCheckout(overrides: Partial<HostedCheckoutRequest> = {}) {
  const opened = await started(overrides);
  const paid = await page(opened.start.redirectUrl, { action: 'pay', cardNumber: STRIPE_TEST_CARDS.success });
  expect(paid.status).toBe(303);
  return { ...opened, back: paid.location ?? '' };
}

describe('Stripe: opening Checkout', () => {
  it('creates a payment-mode Checkout Session and answers its page and id', async () => {
    const { request, start, sessionId } = await started();
    expect(sessionId).toMatch(/^cs_test_/);
    expect(start.redirectUrl).toBe(`${standIn.url}/c/pay/${sessionId}`);
    const created = lastCall('/v1/checkout/sessions');
    expect(created?.idempotencyKey).toBe(`checkout-${request.paymentId}`);
    expect(created?.params).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: '2460', product_data: { name: '2 items from Shop' } },
          quantity: '1',
        },
      ],
      success_url: `${request.returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${request.returnUrl}&cancelled=1`,
      client_reference_id: request.reference,
      metadata: { paymentId: request.paymentId, reference: request.reference },
      payment_intent_data: { metadata: { paymentId: request.paymentId, reference: request.reference } },
      customer_email: 'ana@example.org',
    });
    expect(standIn.session(sessionId)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      amount: 2460,
    });
  });

  it('answers the same session when a start for the same payment is retried', async () => {
    const request = checkout();
    const first = await provider().start(request);
    const again = await provider().start(request);
    expect(again).toEqual(first);
  });

  it('charges HUF in whole forints and refuses fractions and currencies it is not set up for before calling', async () => {
    const { sessionId } = await started({ currency: 'HUF', amountMinor: 12_345_00 });
    expect(standIn.session(sessionId)).toMatchObject({ currency: 'huf', amount: 12_345_00 });
    const before = standIn.calls.length;
    await expect(provider().start(checkout({ currency: 'HUF', amountMinor: 12_345_67 }))).rejects.toThrow(
      PaymentError,
    );
    await expect(provider().start(checkout({ currency: 'JPY' }))).rejects.toThrow(PaymentError);
    expect(standIn.calls.length).toBe(before);
  });

  it('sends its calls through the fetch it is given', async () => {
    let calls = 0;
    const counted: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    await provider({ fetch: counted }).start(checkout());
    expect(calls).toBe(1);
  });

  it('fails with PaymentError on a wrong secret key', async () => {
    await expect(provider({ secretKey: 'sk_test_wrong0000000000' }).start(checkout())).rejects.toThrow(
      /Invalid API Key/,
    );
  });
});

describe('Stripe: paying on the Checkout page', () => {
  it('pays with the success card: the browser returns with the session, and the return is paid once', async () => {
    const { request, start, payment, sessionId } = await started();
    const shown = await page(start.redirectUrl);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Card number');
    expect(shown.html).toContain('>Pay</button>');
    expect(shown.html).toContain('>Cancel</button>');
    expect(shown.html).toContain('24.60 USD');

    const paid = await page(start.redirectUrl, { action: 'pay', cardNumber: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${request.returnUrl}&session_id=${sessionId}`);
    const intentId = standIn.session(sessionId)?.paymentIntentId ?? '';
    expect(standIn.paymentIntent(intentId)).toMatchObject({ status: 'succeeded', latestCharge: /^ch_/ });
    expect(standIn.session(sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });

    const stripe = provider();
    const back = returned(paid.location ?? '');
    expect(stripe.identify(back)).toEqual({ paymentId: request.paymentId, providerRef: sessionId });
    const verdict = await stripe.confirm(back, payment);
    expect(verdict).toEqual({
      status: 'paid',
      eventId: intentId,
      providerRef: intentId,
      amountMinor: 24_60,
      currency: 'USD',
    });
    expect(lastCall(`/v1/checkout/sessions/${sessionId}`)?.params).toEqual({ expand: ['payment_intent'] });
    // The same return twice: the same event, which the caller applies once.
    expect(await stripe.confirm(back, payment)).toEqual(verdict);
    // The page is closed once paid.
    expect((await page(start.redirectUrl)).status).toBe(410);
  });

  it('runs 3-D Secure when the card asks for it and pays once the shopper completes it', async () => {
    const { start, payment, sessionId, request } = await started();
    const challenged = await page(start.redirectUrl, {
      action: 'pay',
      cardNumber: STRIPE_TEST_CARDS.threeDSecure,
    });
    expect(challenged.status).toBe(200);
    expect(challenged.html).toContain('Complete authentication');
    expect(challenged.html).toContain('Fail authentication');
    const intentId = standIn.session(sessionId)?.paymentIntentId ?? '';
    expect(standIn.paymentIntent(intentId)?.status).toBe('requires_action');
    // Reloading the page keeps the challenge; a return forged meanwhile finds nothing paid.
    expect((await page(start.redirectUrl)).html).toContain('Complete authentication');
    const early = returned(`${request.returnUrl}&session_id=${sessionId}`);
    expect(await provider().confirm(early, payment)).toEqual({ status: 'pending' });

    const done = await page(start.redirectUrl, { action: 'authenticate' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${request.returnUrl}&session_id=${sessionId}`);
    expect(await provider().confirm(returned(done.location ?? ''), payment)).toMatchObject({
      status: 'paid',
      eventId: intentId,
      amountMinor: 24_60,
    });
  });

  it('leaves the payment unpaid when 3-D Secure fails, and still pays when the shopper tries another card', async () => {
    const { start, payment, sessionId, request } = await started();
    await page(start.redirectUrl, { action: 'pay', cardNumber: STRIPE_TEST_CARDS.threeDSecure });
    const failed = await page(start.redirectUrl, { action: 'fail-authentication' });
    expect(failed.status).toBe(200);
    expect(failed.html).toContain('We are unable to authenticate your payment method.');
    expect(failed.html).toContain('Card number');
    const intentId = standIn.session(sessionId)?.paymentIntentId ?? '';
    expect(standIn.paymentIntent(intentId)).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'payment_intent_authentication_failure' },
    });
    expect(standIn.session(sessionId)?.status).toBe('open');

    const stripe = provider();
    const back = returned(`${request.returnUrl}&session_id=${sessionId}`);
    expect(await stripe.confirm(back, payment)).toMatchObject({
      status: 'failed',
      eventId: null,
      message: expect.stringContaining('unable to authenticate'),
    });
    const failure = webhookFor('payment_intent.payment_failed', sessionId);
    expect(await stripe.confirm(notified(failure), payment)).toEqual({
      status: 'failed',
      eventId: failure.event.id,
      message: expect.stringContaining('unable to authenticate'),
    });

    const retried = await page(start.redirectUrl, { action: 'pay', cardNumber: STRIPE_TEST_CARDS.success });
    expect(retried.status).toBe(303);
    // The failure's event id is not the payment's: the success that follows is still applied.
    expect(await stripe.confirm(returned(retried.location ?? ''), payment)).toMatchObject({
      status: 'paid',
      eventId: intentId,
    });
  });

  it('shows "Your card was declined." and stays on the page for the declined card', async () => {
    const { start, payment, sessionId, request } = await started();
    const declined = await page(start.redirectUrl, { action: 'pay', cardNumber: STRIPE_TEST_CARDS.declined });
    expect(declined.status).toBe(200);
    expect(declined.location).toBeNull();
    expect(declined.html).toContain('Your card was declined.');
    expect(standIn.session(sessionId)).toMatchObject({ status: 'open', paymentStatus: 'unpaid' });

    const stripe = provider();
    const back = returned(`${request.returnUrl}&session_id=${sessionId}`);
    expect(await stripe.confirm(back, payment)).toEqual({
      status: 'failed',
      eventId: null,
      message: 'Your card was declined.',
    });
    const failure = webhookFor('payment_intent.payment_failed', sessionId);
    expect(stripe.identify(notified(failure))).toEqual({
      paymentId: request.paymentId,
      reference: request.reference,
    });
    expect(await stripe.confirm(notified(failure), payment)).toMatchObject({
      status: 'failed',
      eventId: failure.event.id,
    });
  });

  it('refuses a card number that is not a test card without charging anything', async () => {
    const { start, sessionId } = await started();
    const wrong = await page(start.redirectUrl, { action: 'pay', cardNumber: '1234' });
    expect(wrong.html).toContain('Your card number is incorrect.');
    expect(standIn.session(sessionId)?.paymentIntentId).toBeNull();
  });

  it('answers cancelled when the shopper cancels, and pending for a checkout left open', async () => {
    const { start, payment, request, sessionId } = await started();
    const stripe = provider();
    const left = returned(`${request.returnUrl}&session_id=${sessionId}`);
    expect(await stripe.confirm(left, payment)).toEqual({ status: 'pending' });

    const cancelled = await page(start.redirectUrl, { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${request.returnUrl}&cancelled=1`);
    const back = returned(cancelled.location ?? '');
    expect(stripe.identify(back)).toEqual({ paymentId: request.paymentId });
    expect(await stripe.confirm(back, payment)).toEqual({
      status: 'cancelled',
      eventId: null,
      message: 'The payment was cancelled at Stripe Checkout.',
    });
  });

  it('answers cancelled for an abandoned checkout once Stripe expires its session', async () => {
    const { payment, request, sessionId } = await started();
    const expired = standIn.expire(sessionId);
    const stripe = provider();
    expect(await stripe.confirm(notified(expired), payment)).toEqual({
      status: 'cancelled',
      eventId: expired.event.id,
      message: 'The Stripe Checkout Session expired unpaid.',
    });
    const back = returned(`${request.returnUrl}&session_id=${sessionId}`);
    expect(await stripe.confirm(back, payment)).toMatchObject({ status: 'cancelled' });
  });

  it("rejects a return naming an unknown session, another payment's session, or another amount", async () => {
    const { payment, back: location } = await paidCheckout();
    const back = returned(location);
    const stripe = provider();
    const unknown = returned(`https://shop.test/r?payment=${payment.id}&session_id=cs_test_nosuchsession`);
    expect(await stripe.confirm(unknown, payment)).toMatchObject({ status: 'rejected' });
    expect(await stripe.confirm(back, { ...payment, id: randomUUID() })).toMatchObject({
      status: 'rejected',
      message: expect.stringContaining('another payment'),
    });
    expect(await stripe.confirm(back, { ...payment, amountMinor: 1 })).toMatchObject({ status: 'rejected' });
    expect(await stripe.confirm(back, { ...payment, currency: 'EUR' })).toMatchObject({ status: 'rejected' });
    const nameless = returned(`https://shop.test/r?payment=${payment.id}`);
    expect(await stripe.confirm(nameless, { ...payment, providerRef: null })).toMatchObject({
      status: 'rejected',
    });
  });
});

describe('Stripe: webhooks', () => {
  it("posts signed checkout.session.completed and payment_intent.succeeded; both pay with the return's event id", async () => {
    const { payment, back, sessionId, request } = await paidCheckout();
    await standIn.delivered();
    const intentId = standIn.session(sessionId)?.paymentIntentId ?? '';
    const completed = webhookFor('checkout.session.completed', sessionId);
    const succeeded = webhookFor('payment_intent.succeeded', sessionId);
    const posted = receiver.received.find((r) => r.rawBody === completed.rawBody);
    expect(posted?.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(completed.delivered).toBe(200);

    const stripe = provider();
    const message = notified({ headers: posted?.headers ?? {}, rawBody: posted?.rawBody ?? '' });
    expect(stripe.identify(message)).toEqual({
      paymentId: request.paymentId,
      reference: request.reference,
      providerRef: sessionId,
    });
    const expected = {
      status: 'paid',
      eventId: intentId,
      providerRef: intentId,
      amountMinor: 24_60,
      currency: 'USD',
    };
    expect(await stripe.confirm(message, payment)).toEqual(expected);
    expect(await stripe.confirm(notified(succeeded), payment)).toEqual(expected);
    // Delivered twice, or after the return: one event id for all of them.
    expect(await stripe.confirm(message, payment)).toEqual(expected);
    expect(await stripe.confirm(returned(back), payment)).toEqual(expected);
  });

  it('rejects forged notifications: a wrong secret, a changed body, no signature, an old signature', async () => {
    const { payment, sessionId } = await paidCheckout();
    const genuine = webhookFor('checkout.session.completed', sessionId);
    const stripe = provider();

    expect(await stripe.confirm(forged(genuine.rawBody, 'whsec_someoneElse'), payment)).toMatchObject({
      status: 'rejected',
    });
    const changed = genuine.rawBody.replace('"amount_total": 2460', '"amount_total": 1');
    expect(changed).not.toBe(genuine.rawBody);
    expect(
      await stripe.confirm(notified({ headers: genuine.headers, rawBody: changed }), payment),
    ).toMatchObject({ status: 'rejected' });
    expect(await stripe.confirm(notified({ headers: {}, rawBody: genuine.rawBody }), payment)).toMatchObject({
      status: 'rejected',
      message: 'The notification carries no Stripe signature.',
    });
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(await stripe.confirm(forged(genuine.rawBody, keys.webhookSecret, hourAgo), payment)).toMatchObject(
      {
        status: 'rejected',
      },
    );
    expect(await stripe.confirm(forged('not json'), payment)).toMatchObject({ status: 'rejected' });
  });

  it('rejects a genuinely signed event about another payment or another amount', async () => {
    const { payment, sessionId } = await paidCheckout();
    const event = webhookFor('checkout.session.completed', sessionId).event;
    const stripe = provider();
    expect(await stripe.confirm(forged(event), { ...payment, id: randomUUID() })).toMatchObject({
      status: 'rejected',
      message: 'The Stripe event is about another payment.',
    });
    const cheaper = { ...event, data: { object: { ...event.data.object, amount_total: 1 } } };
    expect(await stripe.confirm(forged(cheaper), payment)).toMatchObject({ status: 'rejected' });
    const intent = webhookFor('payment_intent.succeeded', sessionId).event;
    const euros = { ...intent, data: { object: { ...intent.data.object, currency: 'eur' } } };
    expect(await stripe.confirm(forged(euros), payment)).toMatchObject({ status: 'rejected' });
  });

  it('answers pending for events that do not settle the payment', async () => {
    const { payment, sessionId } = await started();
    const unpaid = {
      id: 'evt_1Unpaid',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          metadata: { paymentId: payment.id },
          payment_status: 'unpaid',
          payment_intent: null,
        },
      },
    };
    const stripe = provider();
    expect(await stripe.confirm(forged(unpaid), payment)).toEqual({ status: 'pending' });
    const other = { ...unpaid, type: 'charge.updated' };
    expect(await stripe.confirm(forged(other), payment)).toEqual({ status: 'pending' });
  });
});

describe('Stripe: refunds', () => {
  it('pays back part, then the rest, of a payment; more than was paid is refused', async () => {
    const { payment, back } = await paidCheckout();
    const verdict = await provider().confirm(returned(back), payment);
    if (verdict.status !== 'paid') throw new Error('not paid');
    const stripe = provider();
    const refund = (amountMinor: number) =>
      stripe.refund({
        providerRef: verdict.providerRef,
        amountMinor,
        currency: 'USD',
        reference: `stripe:${verdict.providerRef}`,
      });

    const part = await refund(10_00);
    expect(part.gatewayRef).toMatch(/^re_/);
    expect(lastCall('/v1/refunds')?.params).toEqual({
      payment_intent: verdict.providerRef,
      amount: '1000',
      metadata: { reference: `stripe:${verdict.providerRef}` },
    });
    const rest = await refund(14_60);
    expect(rest.gatewayRef).not.toBe(part.gatewayRef);
    expect(standIn.refunds.filter((r) => r.payment_intent === verdict.providerRef)).toEqual([
      expect.objectContaining({ id: part.gatewayRef, amount: 10_00, currency: 'usd', status: 'succeeded' }),
      expect.objectContaining({ id: rest.gatewayRef, amount: 14_60, currency: 'usd', status: 'succeeded' }),
    ]);
    await expect(refund(1)).rejects.toThrow(PaymentError);
  });

  it('pays back a whole payment in one refund', async () => {
    const { payment, back } = await paidCheckout({ currency: 'EUR', amountMinor: 99_99 });
    const verdict = await provider().confirm(returned(back), payment);
    if (verdict.status !== 'paid') throw new Error('not paid');
    const { gatewayRef } = await provider().refund({
      providerRef: verdict.providerRef,
      amountMinor: 99_99,
      currency: 'EUR',
      reference: 'ORD-1',
    });
    expect(standIn.refunds.find((r) => r.id === gatewayRef)).toMatchObject({
      amount: 99_99,
      currency: 'eur',
    });
  });

  it('throws PaymentError for a refund Stripe answers failed, or one of an unknown payment', async () => {
    const { payment, back } = await paidCheckout();
    const verdict = await provider().confirm(returned(back), payment);
    if (verdict.status !== 'paid') throw new Error('not paid');
    standIn.failNextRefund();
    const request = { providerRef: verdict.providerRef, amountMinor: 5_00, currency: 'USD', reference: 'r' };
    await expect(provider().refund(request)).rejects.toThrow(/did not pay the refund back/);
    await expect(provider().refund({ ...request, providerRef: 'pi_3NoSuchIntent' })).rejects.toThrow(
      PaymentError,
    );
  });
});

describe('Stripe: when Stripe cannot answer', () => {
  it('throws PaymentError when it is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(provider({ baseUrl: `http://127.0.0.1:${port}` }).start(checkout())).rejects.toThrow(
      PaymentError,
    );
  });

  it('throws PaymentError on an outage or a call that never answers, on start and on a return', async () => {
    standIn.failNextCall('error');
    await expect(provider().start(checkout())).rejects.toThrow(PaymentError);
    standIn.failNextCall('timeout');
    await expect(provider({ timeoutMs: 300 }).start(checkout())).rejects.toThrow(PaymentError);

    const { payment, back } = await paidCheckout();
    standIn.failNextCall('error');
    await expect(provider().confirm(returned(back), payment)).rejects.toThrow(PaymentError);
  });

  it("throws PaymentError on an answer that is not Stripe's", async () => {
    const odd = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>captive portal</html>');
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
      await expect(provider({ baseUrl }).start(checkout())).rejects.toThrow(PaymentError);
    } finally {
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
  });
});
