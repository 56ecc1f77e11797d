import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedCheckoutRequest } from '../hosted.types.ts';
import { PaymentError } from '../payment-error.ts';
import {
  type NotifyReceiver,
  notifyMessage as notified,
  pendingPayment,
  returnMessage as returned,
  startNotifyReceiver,
} from '../stand-in-kit.ts';
import { createPayPalProvider, type PayPalConfig } from './paypal-provider.ts';
import { type PayPalStandIn, type PayPalStandInWebhook, startPayPalStandIn } from './paypal-stand-in.ts';

const credentials = { clientId: 'test-client', clientSecret: 'test-secret', webhookId: 'WEBHOOK0TEST01' };

let standIn: PayPalStandIn;
let receiver: NotifyReceiver;

beforeAll(async () => {
  standIn = await startPayPalStandIn(credentials);
  receiver = await startNotifyReceiver();
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

const provider = (overrides: Partial<PayPalConfig> = {}) =>
  createPayPalProvider({ ...credentials, baseUrl: standIn.url, ...overrides });

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
    returnUrl: `https://shop.test/api/payments/paypal/return?payment=${paymentId}`,
    notifyUrl: 'https://shop.test/api/payments/paypal/notify',
    ...overrides,
  };
}

/** Opens a checkout and answers the payment row the caller would keep. */
async function started(overrides: Partial<HostedCheckoutRequest> = {}, paypal = provider()) {
  const request = checkout(overrides);
  const start = await paypal.start(request);
  const payment = pendingPayment(request, start.providerRef);
  return { request, start, payment, orderId: start.providerRef ?? '' };
}

const webhookFor = (captureId: string, type = 'PAYMENT.CAPTURE.COMPLETED'): PayPalStandInWebhook => {
  const found = standIn.webhooks.find(
    (w) => w.event.event_type === type && (w.event.resource as { id: string }).id === captureId,
  );
  if (!found) throw new Error(`no ${type} webhook for ${captureId}`);
  return found;
};

const callsTo = (path: string) => standIn.calls.filter((call) => call.path === path);

describe('PayPal: opening the checkout', () => {
  it('creates a CAPTURE order for the payment and answers its approval page and order id', async () => {
    const { request, start, orderId } = await started();
    expect(orderId).toMatch(/^[A-Z0-9]{17}$/);
    expect(start.redirectUrl).toBe(`${standIn.url}/checkoutnow?token=${orderId}`);
    const created = callsTo('/v2/checkout/orders').at(-1);
    expect(created?.requestId).toBe(`order-${request.paymentId}`);
    expect(created?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.reference,
          custom_id: request.paymentId,
          invoice_id: request.reference,
          amount: { currency_code: 'USD', value: '24.60' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: request.returnUrl,
            cancel_url: `${request.returnUrl}&cancelled=1`,
            user_action: 'PAY_NOW',
          },
        },
      },
    });
    expect(standIn.order(orderId)?.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('sends HUF in whole units, as PayPal takes no decimals in it, and reads them back', async () => {
    const { orderId, payment } = await started({ amountMinor: 1_500_00, currency: 'HUF' });
    expect(standIn.order(orderId)?.unit.amount).toEqual({ currency_code: 'HUF', value: '1500' });
    const verdict = await provider().confirm(returned(standIn.complete(orderId, 'pay')), payment);
    expect(verdict).toMatchObject({ status: 'paid', amountMinor: 1_500_00, currency: 'HUF' });
    await expect(provider().start(checkout({ amountMinor: 1_500_50, currency: 'HUF' }))).rejects.toThrow(
      PaymentError,
    );
  });

  it('refuses a currency PayPal does not take before calling it', async () => {
    const before = standIn.calls.length;
    await expect(provider().start(checkout({ currency: 'BDT' }))).rejects.toThrow(PaymentError);
    expect(standIn.calls.length).toBe(before);
  });

  it('asks for a token once and reuses it, and replaces one PayPal no longer accepts', async () => {
    const paypal = provider();
    const tokensBefore = callsTo('/v1/oauth2/token').length;
    await started({}, paypal);
    await started({}, paypal);
    expect(callsTo('/v1/oauth2/token').length).toBe(tokensBefore + 1);
    standIn.revokeTokens();
    await started({}, paypal);
    expect(callsTo('/v1/oauth2/token').length).toBe(tokensBefore + 2);
  });

  it('fails with PaymentError on wrong client credentials', async () => {
    await expect(provider({ clientSecret: 'wrong' }).start(checkout())).rejects.toThrow(PaymentError);
  });
});

describe('PayPal: the shopper comes back', () => {
  it('serves an approval page whose Pay button sends the browser back with the order and payer', async () => {
    const { request, start, payment, orderId } = await started();
    const page = await fetch(start.redirectUrl);
    const text = await page.text();
    for (const label of ['Pay', 'Fail', 'Cancel']) expect(text).toContain(`>${label}</button>`);
    expect(text).toContain('24.60 USD');

    const pressed = await fetch(start.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    const back = pressed.headers.get('location') ?? '';
    expect(back.startsWith(`${request.returnUrl}&token=${orderId}&PayerID=`)).toBe(true);

    const paypal = provider();
    const message = returned(back);
    expect(paypal.identify(message)).toEqual({ paymentId: request.paymentId, providerRef: orderId });
    const verdict = await paypal.confirm(message, payment);
    const captureId = standIn.order(orderId)?.captureId ?? '';
    expect(captureId).toMatch(/^[A-Z0-9]{17}$/);
    expect(verdict).toEqual({
      status: 'paid',
      eventId: captureId,
      providerRef: captureId,
      amountMinor: 24_60,
      currency: 'USD',
    });
    const capture = callsTo(`/v2/checkout/orders/${orderId}/capture`);
    expect(capture.map((call) => call.requestId)).toEqual([request.paymentId]);
  });

  it('answers the same paid verdict when the return arrives twice, and captures once', async () => {
    const { payment, orderId } = await started();
    const message = returned(standIn.complete(orderId, 'pay'));
    const first = await provider().confirm(message, payment);
    const second = await provider().confirm(message, payment);
    expect(second).toEqual(first);
    expect(first.status).toBe('paid');
    expect(
      standIn.webhooks.filter(
        (w) => (w.event.resource as { id: string }).id === standIn.order(orderId)?.captureId,
      ),
    ).toHaveLength(1);
  });

  it('reads the capture back when the order was already captured elsewhere', async () => {
    const { payment, orderId } = await started();
    const message = returned(standIn.complete(orderId, 'pay'));
    const captureId = standIn.captureNow(orderId);
    expect(await provider().confirm(message, payment)).toMatchObject({ status: 'paid', eventId: captureId });
  });

  it('reads the order back when the capture answer is minimal', async () => {
    const minimal = ((input: string | URL | Request, init?: RequestInit) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), prefer: 'return=minimal' },
      })) as typeof fetch;
    const { payment, orderId } = await started();
    const verdict = await provider({ fetch: minimal }).confirm(
      returned(standIn.complete(orderId, 'pay')),
      payment,
    );
    expect(verdict).toMatchObject({ status: 'paid', eventId: standIn.order(orderId)?.captureId });
    expect(callsTo(`/v2/checkout/orders/${orderId}`).map((call) => call.method)).toEqual(['GET']);
    expect(
      await provider({ fetch: minimal }).confirm(returned(standIn.complete(orderId, 'pay')), {
        ...payment,
        id: randomUUID(),
      }),
    ).toMatchObject({ status: 'rejected' });
  });

  it('answers failed when PayPal declines the funding at capture', async () => {
    const { payment, orderId } = await started();
    const verdict = await provider().confirm(returned(standIn.complete(orderId, 'fail')), payment);
    expect(verdict).toMatchObject({ status: 'failed', eventId: null });
    expect(standIn.order(orderId)?.status).toBe('APPROVED');
  });

  it('answers cancelled when the shopper cancels on the PayPal page', async () => {
    const { request, payment, orderId } = await started();
    const back = standIn.complete(orderId, 'cancel');
    expect(back).toBe(`${request.returnUrl}&cancelled=1&token=${orderId}`);
    const paypal = provider();
    expect(paypal.identify(returned(back))).toMatchObject({ providerRef: orderId });
    expect(await paypal.confirm(returned(back), payment)).toMatchObject({
      status: 'cancelled',
      eventId: null,
    });
    expect(callsTo(`/v2/checkout/orders/${orderId}/capture`)).toHaveLength(0);
  });

  it('changes nothing for a return of an order the shopper never approved', async () => {
    const { request, payment, orderId } = await started();
    const verdict = await provider().confirm(returned(`${request.returnUrl}&token=${orderId}`), payment);
    expect(verdict).toEqual({ status: 'pending' });
    // Approving afterwards still pays: the refused capture is not replayed.
    expect(await provider().confirm(returned(standIn.complete(orderId, 'pay')), payment)).toMatchObject({
      status: 'paid',
    });
  });

  it("rejects a return naming an unknown order, another payment's order, or another amount", async () => {
    const paypal = provider();
    const { request, payment, orderId } = await started();
    expect(
      await paypal.confirm(returned(`${request.returnUrl}&token=5O190127TN364715T`), payment),
    ).toMatchObject({
      status: 'rejected',
    });
    expect(await paypal.confirm(returned(`${request.returnUrl}`), payment)).toMatchObject({
      status: 'rejected',
    });

    const message = returned(standIn.complete(orderId, 'pay'));
    expect(await paypal.confirm(message, { ...payment, id: randomUUID() })).toMatchObject({
      status: 'rejected',
    });
    expect(await paypal.confirm(message, { ...payment, amountMinor: 20_00 })).toMatchObject({
      status: 'rejected',
    });
    expect(await paypal.confirm(message, { ...payment, currency: 'EUR' })).toMatchObject({
      status: 'rejected',
    });
    expect(await paypal.confirm(message, payment)).toMatchObject({ status: 'paid' });
  });
});

describe('PayPal: webhooks', () => {
  it("posts PAYMENT.CAPTURE.COMPLETED with its transmission headers; verified, it pays with the return's event id", async () => {
    standIn.setWebhookUrl(`${receiver.url}/api/payments/paypal/notify`);
    try {
      const { request, payment, orderId } = await started();
      const fromReturn = await provider().confirm(returned(standIn.complete(orderId, 'pay')), payment);
      await standIn.delivered();
      const captureId = standIn.order(orderId)?.captureId ?? '';
      const webhook = receiver.received.find((w) => w.rawBody.includes(captureId));
      if (!webhook) throw new Error('the webhook was not posted');
      expect(webhook.headers['paypal-transmission-sig']).toBeTruthy();
      expect(webhook.headers['paypal-auth-algo']).toBe('SHA256withRSA');

      const paypal = provider();
      const message = notified(webhook);
      expect(paypal.identify(message)).toEqual({ paymentId: request.paymentId, providerRef: orderId });
      const first = await paypal.confirm(message, payment);
      expect(first).toEqual(fromReturn);
      expect(await paypal.confirm(message, payment)).toEqual(first);
      const verify = callsTo('/v1/notifications/verify-webhook-signature').at(-1);
      expect(verify?.body).toMatchObject({
        webhook_id: credentials.webhookId,
        transmission_id: webhook.headers['paypal-transmission-id'],
      });
    } finally {
      standIn.setWebhookUrl(null);
    }
  });

  it('rejects forged notifications: a changed body, a wrong signature, no signature, another webhook', async () => {
    const { payment, orderId } = await started();
    await provider().confirm(returned(standIn.complete(orderId, 'pay')), payment);
    const webhook = webhookFor(standIn.order(orderId)?.captureId ?? '');
    const paypal = provider();

    const changed = webhook.rawBody.replace('"value":"24.60"', '"value":"2.46"');
    expect(changed).not.toBe(webhook.rawBody);
    expect(
      await paypal.confirm(notified({ ...webhook, rawBody: changed }), { ...payment, amountMinor: 2_46 }),
    ).toMatchObject({
      status: 'rejected',
    });
    const wrongSig = { ...webhook.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' };
    expect(await paypal.confirm(notified({ ...webhook, headers: wrongSig }), payment)).toMatchObject({
      status: 'rejected',
    });
    const { 'paypal-transmission-sig': _sig, ...unsigned } = webhook.headers;
    expect(await paypal.confirm(notified({ ...webhook, headers: unsigned }), payment)).toMatchObject({
      status: 'rejected',
    });
    expect(await provider({ webhookId: 'OTHERWEBHOOK01' }).confirm(notified(webhook), payment)).toMatchObject(
      {
        status: 'rejected',
      },
    );
    expect(await provider({ webhookId: null }).confirm(notified(webhook), payment)).toMatchObject({
      status: 'rejected',
    });
    expect(await paypal.confirm({ ...notified(webhook), rawBody: 'not json' }, payment)).toMatchObject({
      status: 'rejected',
    });
    // The genuine one still passes.
    expect(await paypal.confirm(notified(webhook), payment)).toMatchObject({ status: 'paid' });
  });

  it('rejects a genuine notification about another payment or another amount', async () => {
    const { payment, orderId } = await started();
    await provider().confirm(returned(standIn.complete(orderId, 'pay')), payment);
    const message = notified(webhookFor(standIn.order(orderId)?.captureId ?? ''));
    expect(await provider().confirm(message, { ...payment, id: randomUUID() })).toMatchObject({
      status: 'rejected',
    });
    expect(await provider().confirm(message, { ...payment, amountMinor: 24_61 })).toMatchObject({
      status: 'rejected',
    });
  });

  it('answers failed for PAYMENT.CAPTURE.DENIED and pending for other events', async () => {
    const { payment, orderId } = await started();
    standIn.complete(orderId, 'pay');
    const captureId = standIn.captureNow(orderId);
    const pending = standIn.emit('PAYMENT.CAPTURE.PENDING', captureId);
    expect(await provider().confirm(notified(pending), payment)).toEqual({ status: 'pending' });
    const denied = standIn.emit('PAYMENT.CAPTURE.DENIED', captureId);
    expect(await provider().confirm(notified(denied), payment)).toMatchObject({
      status: 'failed',
      eventId: captureId,
    });
  });
});

describe('PayPal: refunds', () => {
  it('pays back part, then the rest, of a capture; more than was captured is refused', async () => {
    const { payment, orderId } = await started();
    const paid = await provider().confirm(returned(standIn.complete(orderId, 'pay')), payment);
    if (paid.status !== 'paid') throw new Error(`not paid: ${paid.status}`);
    const paypal = provider();
    const refund = {
      providerRef: paid.providerRef,
      currency: 'USD',
      reference: `paypal:${paid.providerRef}`,
    };

    const part = await paypal.refund({ ...refund, amountMinor: 10_00 });
    const rest = await paypal.refund({ ...refund, amountMinor: 14_60 });
    expect(part.gatewayRef).toMatch(/^[A-Z0-9]{17}$/);
    expect(rest.gatewayRef).not.toBe(part.gatewayRef);
    expect(standIn.refunds.filter((r) => r.captureId === paid.providerRef)).toEqual([
      {
        id: part.gatewayRef,
        captureId: paid.providerRef,
        amount: { currency_code: 'USD', value: '10.00' },
        status: 'COMPLETED',
      },
      {
        id: rest.gatewayRef,
        captureId: paid.providerRef,
        amount: { currency_code: 'USD', value: '14.60' },
        status: 'COMPLETED',
      },
    ]);
    expect(standIn.capture(paid.providerRef)?.status).toBe('REFUNDED');
    await expect(paypal.refund({ ...refund, amountMinor: 1 })).rejects.toThrow(PaymentError);
  });

  it('pays back a whole capture in one refund', async () => {
    const { payment, orderId } = await started({ amountMinor: 99_99, currency: 'EUR' });
    const paid = await provider().confirm(returned(standIn.complete(orderId, 'pay')), payment);
    if (paid.status !== 'paid') throw new Error(`not paid: ${paid.status}`);
    const { gatewayRef } = await provider().refund({
      providerRef: paid.providerRef,
      amountMinor: 99_99,
      currency: 'EUR',
      reference: 'paypal:x',
    });
    expect(standIn.refunds.find((r) => r.id === gatewayRef)?.amount).toEqual({
      currency_code: 'EUR',
      value: '99.99',
    });
    expect(standIn.capture(paid.providerRef)?.status).toBe('REFUNDED');
  });

  it('refuses to refund an unknown capture with PaymentError', async () => {
    await expect(
      provider().refund({
        providerRef: 'NOSUCHCAPTURE0000',
        amountMinor: 1_00,
        currency: 'USD',
        reference: 'x',
      }),
    ).rejects.toThrow(PaymentError);
  });
});

describe('PayPal: when PayPal cannot answer', () => {
  it('throws PaymentError when it is unreachable', async () => {
    const closed = await startPayPalStandIn(credentials);
    await closed.close();
    await expect(provider({ baseUrl: closed.url }).start(checkout())).rejects.toThrow(PaymentError);
  });

  it('throws PaymentError on an outage or a call that never answers', async () => {
    const paypal = provider({ timeoutMs: 300 });
    await started({}, paypal);
    standIn.failNextCall('error');
    await expect(paypal.start(checkout())).rejects.toThrow(PaymentError);
    standIn.failNextCall('timeout');
    await expect(paypal.start(checkout())).rejects.toThrow(/could not be reached/);
    const { payment, orderId } = await started({}, paypal);
    const message = returned(standIn.complete(orderId, 'pay'));
    standIn.failNextCall('error');
    await expect(paypal.confirm(message, payment)).rejects.toThrow(PaymentError);
    expect(await paypal.confirm(message, payment)).toMatchObject({ status: 'paid' });
  });

  it("throws PaymentError on an answer that is not PayPal's", async () => {
    const html = (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch;
    await expect(provider({ fetch: html }).start(checkout())).rejects.toThrow(PaymentError);
    const noLink = (async (input: string | URL | Request) =>
      String(input).endsWith('/token')
        ? Response.json({ access_token: 'A21', expires_in: 3600 })
        : Response.json({ id: 'ORDER', status: 'CREATED', links: [] }, { status: 201 })) as typeof fetch;
    await expect(provider({ fetch: noLink }).start(checkout())).rejects.toThrow(/approval link/);
  });
});
