import { createHmac, randomUUID } from 'node:crypto';
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
import { createRazorpayProvider, type RazorpayConfig } from './razorpay-provider.ts';
import {
  type RazorpayStandIn,
  type RazorpayStandInWebhook,
  startRazorpayStandIn,
} from './razorpay-stand-in.ts';

const credentials = {
  keyId: 'rzp_test_key0001',
  keySecret: 'test-key-secret',
  webhookSecret: 'test-hook-secret',
};

let standIn: RazorpayStandIn;
let receiver: NotifyReceiver;

beforeAll(async () => {
  receiver = await startNotifyReceiver();
  standIn = await startRazorpayStandIn({
    ...credentials,
    webhookUrl: `${receiver.url}/api/payments/razorpay/notify`,
  });
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

const provider = (overrides: Partial<RazorpayConfig> = {}) =>
  createRazorpayProvider({ ...credentials, baseUrl: standIn.url, ...overrides });

function checkout(overrides: Partial<HostedCheckoutRequest> = {}): HostedCheckoutRequest {
  const paymentId = randomUUID();
  return {
    paymentId,
    reference: `ORD-${paymentId.slice(0, 8).toUpperCase()}`,
    amountMinor: 1_499_50,
    currency: 'INR',
    customer: {
      name: 'Asha Rao',
      email: 'asha@example.in',
      phone: '+919000090000',
      address: '12 MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      country: 'IN',
    },
    description: '2 items from Shop',
    returnUrl: `https://shop.test/api/payments/razorpay/return?payment=${paymentId}`,
    notifyUrl: 'https://shop.test/api/payments/razorpay/notify',
    ...overrides,
  };
}

/** Opens a checkout and answers the payment row the caller would keep. */
async function started(overrides: Partial<HostedCheckoutRequest> = {}) {
  const request = checkout(overrides);
  const start = await provider().start(request);
  const payment = pendingPayment(request, start.providerRef);
  return { request, start, payment, linkId: start.providerRef ?? '' };
}

/** The webhook the stand-in sent about a Razorpay payment. */
function webhookFor(paymentId: string, event: string): RazorpayStandInWebhook {
  const found = standIn.webhooks.find(
    (w) =>
      w.event.event === event &&
      (w.event.payload as { payment: { entity: { id: string } } }).payment.entity.id === paymentId,
  );
  if (!found) throw new Error(`no ${event} webhook for ${paymentId}`);
  return found;
}

/** A webhook body signed with the store's webhook secret, as only Razorpay (or a leak) could. */
function signed(body: unknown, secret = credentials.webhookSecret): ProviderMessage {
  const rawBody = JSON.stringify(body);
  const signature = createHmac('sha256', secret).update(rawBody).digest('hex');
  return notified({ headers: { 'x-razorpay-signature': signature }, rawBody });
}

const callsTo = (path: string) => standIn.calls.filter((call) => call.path === path);

describe('Razorpay: opening the checkout', () => {
  it('creates a payment link for the payment and answers its page and plink id', async () => {
    const { request, start, linkId } = await started();
    expect(linkId).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(start.redirectUrl).toBe(`${standIn.url}/l/${linkId}`);
    expect(callsTo('/v1/payment_links').at(-1)?.body).toEqual({
      amount: 1_499_50,
      currency: 'INR',
      accept_partial: false,
      reference_id: request.reference,
      description: '2 items from Shop',
      customer: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919000090000' },
      notify: { sms: false, email: false },
      callback_url: request.returnUrl,
      callback_method: 'get',
      notes: { paymentId: request.paymentId },
    });
    expect(standIn.link(linkId)?.status).toBe('created');
  });

  it('leaves out a phone the shopper did not give', async () => {
    const request = checkout();
    await provider().start({ ...request, customer: { ...request.customer, phone: null } });
    const sent = callsTo('/v1/payment_links').at(-1)?.body as { customer?: object } | undefined;
    expect(sent?.customer).toEqual({ name: 'Asha Rao', email: 'asha@example.in' });
  });

  it('pays a second attempt at the same order through a link with its own reference id', async () => {
    const first = await started();
    const again = checkout({ reference: first.request.reference });
    const start = await provider().start(again);
    const link = standIn.link(start.providerRef ?? '');
    expect(link?.reference_id).toBe(`${first.request.reference}-${again.paymentId.slice(0, 8)}`);

    const { redirect } = standIn.complete(start.providerRef ?? '', 'upi');
    const verdict = await provider().confirm(returned(redirect ?? ''), {
      id: again.paymentId,
      reference: again.reference,
      providerRef: start.providerRef,
      amountMinor: again.amountMinor,
      currency: 'INR',
    });
    expect(verdict.status).toBe('paid');
  });

  it('refuses a currency Razorpay is not offered in, and keys Razorpay refuses', async () => {
    await expect(provider().start(checkout({ currency: 'USD' }))).rejects.toThrow(PaymentError);
    await expect(provider({ keySecret: 'wrong' }).start(checkout())).rejects.toThrow(
      /401.*Authentication failed/,
    );
  });

  it('says what it takes', () => {
    const razorpay = provider();
    expect([razorpay.name, razorpay.method, razorpay.currencies, razorpay.countries]).toEqual([
      'razorpay',
      'Razorpay',
      ['INR'],
      ['IN'],
    ]);
  });
});

describe('Razorpay: the shopper pays', () => {
  it('confirms a UPI payment from the signed return: paid, with the Razorpay payment as event and reference', async () => {
    const { request, payment, linkId } = await started();
    const { redirect, paymentId } = standIn.complete(linkId, 'upi');
    const back = new URL(redirect ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.test/api/payments/razorpay/return');
    expect(back.searchParams.get('payment')).toBe(request.paymentId);
    expect(back.searchParams.get('razorpay_payment_link_status')).toBe('paid');

    const verdict = await provider().confirm(returned(back.href), payment);
    expect(verdict).toEqual({
      status: 'paid',
      eventId: paymentId,
      providerRef: paymentId,
      amountMinor: 1_499_50,
      currency: 'INR',
    });
    expect(callsTo(`/v1/payment_links/${linkId}`)).toHaveLength(1);
  });

  it('gives the return, the same return again and the webhook one event id, so the payment is paid once', async () => {
    const { payment, linkId } = await started();
    const { redirect, paymentId } = standIn.complete(linkId, 'card');
    const first = await provider().confirm(returned(redirect ?? ''), payment);
    const second = await provider().confirm(returned(redirect ?? ''), payment);
    const webhook = await provider().confirm(
      notified(webhookFor(paymentId ?? '', 'payment_link.paid')),
      payment,
    );
    expect(first).toMatchObject({ status: 'paid', eventId: paymentId });
    expect(second).toEqual(first);
    expect(webhook).toEqual(first);
  });

  it('confirms from the signed payment_link.paid webhook posted to the notify address', async () => {
    const { request, payment, linkId } = await started();
    const { paymentId } = standIn.complete(linkId, 'upi');
    await standIn.delivered();
    const delivery = receiver.received.find((r) => r.rawBody.includes(linkId));
    expect(delivery?.headers['x-razorpay-signature']).toMatch(/^[0-9a-f]{64}$/);
    const message = notified(delivery ?? { headers: {}, rawBody: '' });

    expect(provider().identify(message)).toEqual({ paymentId: request.paymentId, providerRef: linkId });
    const verdict = await provider().confirm(message, payment);
    expect(verdict).toEqual({
      status: 'paid',
      eventId: paymentId,
      providerRef: paymentId,
      amountMinor: 1_499_50,
      currency: 'INR',
    });
    // The webhook alone is enough: no call to Razorpay was needed.
    expect(callsTo(`/v1/payment_links/${linkId}`)).toHaveLength(0);
  });

  it('names the payment from the return: our id, the link and the order number', async () => {
    const { request, linkId } = await started();
    const { redirect } = standIn.complete(linkId, 'upi');
    expect(provider().identify(returned(redirect ?? ''))).toEqual({
      paymentId: request.paymentId,
      providerRef: linkId,
      reference: request.reference,
    });
    expect(provider().identify(returned('https://shop.test/api/payments/razorpay/return'))).toBeNull();
  });

  it('takes the shopper through the hosted page: Pay with UPI sends the browser back signed', async () => {
    const { payment, start, linkId } = await started();
    const page = await (await fetch(start.redirectUrl)).text();
    for (const label of ['Pay with UPI', 'Pay by card', 'Fail', 'Cancel'])
      expect(page).toContain(`>${label}<`);
    expect(page).toContain('₹1499.50');

    const answer = await fetch(start.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=upi',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const verdict = await provider().confirm(returned(answer.headers.get('location') ?? ''), payment);
    expect(verdict.status).toBe('paid');
    expect(standIn.link(linkId)?.status).toBe('paid');
  });
});

describe('Razorpay: declined, cancelled, abandoned', () => {
  it('reports a failed attempt from the payment.failed webhook; the shopper stays on the page and may pay again', async () => {
    const { payment, start, linkId } = await started();
    const answer = await fetch(start.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
      redirect: 'manual',
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Payment failed. You can try again.');
    const failedId = standIn.link(linkId)?.payments?.[0]?.payment_id ?? '';

    const verdict = await provider().confirm(notified(webhookFor(failedId, 'payment.failed')), payment);
    expect(verdict).toEqual({
      status: 'failed',
      eventId: failedId,
      message: 'Payment failed because the bank declined it.',
    });

    const { redirect, paymentId } = standIn.complete(linkId, 'card');
    const paid = await provider().confirm(returned(redirect ?? ''), payment);
    expect(paid).toMatchObject({ status: 'paid', eventId: paymentId });
    expect(paymentId).not.toBe(failedId);
  });

  it('reports a cancelled link as cancelled, from the unsigned return Cancel sends', async () => {
    const { payment, linkId } = await started();
    const { redirect } = standIn.complete(linkId, 'cancel');
    const back = new URL(redirect ?? '');
    expect(back.searchParams.get('razorpay_payment_link_status')).toBe('cancelled');
    expect(back.searchParams.has('razorpay_signature')).toBe(false);
    expect(await provider().confirm(returned(back.href), payment)).toEqual({
      status: 'cancelled',
      eventId: null,
      message: 'The Razorpay payment link is cancelled.',
    });
  });

  it('reports an expired link as cancelled, and an unpaid one as pending', async () => {
    const unpaid = await started();
    const back = `${unpaid.request.returnUrl}&razorpay_payment_link_id=${unpaid.linkId}`;
    expect(await provider().confirm(returned(back), unpaid.payment)).toEqual({ status: 'pending' });

    standIn.expire(unpaid.linkId);
    expect(await provider().confirm(returned(back), unpaid.payment)).toMatchObject({
      status: 'cancelled',
      message: 'The Razorpay payment link is expired.',
    });
  });

  it('leaves other webhooks pending', async () => {
    const { payment, linkId } = await started();
    const verdict = await provider().confirm(
      signed({ event: 'payment_link.partially_paid', payload: { payment_link: { entity: { id: linkId } } } }),
      payment,
    );
    expect(verdict).toEqual({ status: 'pending' });
  });
});

describe('Razorpay: forged or foreign messages are rejected', () => {
  it('rejects a return whose signature does not match, without asking Razorpay', async () => {
    const { payment, linkId } = await started();
    const { redirect } = standIn.complete(linkId, 'upi');
    const tampered = new URL(redirect ?? '');
    tampered.searchParams.set('razorpay_signature', 'f'.repeat(64));
    const verdict = await provider().confirm(returned(tampered.href), payment);
    expect(verdict).toEqual({ status: 'rejected', message: 'The Razorpay signature does not match.' });
    expect(callsTo(`/v1/payment_links/${linkId}`)).toHaveLength(0);

    const unsigned = new URL(redirect ?? '');
    unsigned.searchParams.delete('razorpay_signature');
    expect((await provider().confirm(returned(unsigned.href), payment)).status).toBe('rejected');

    // Signed with another key: the shopper cannot sign a "paid" of their own.
    const forged = new URL(redirect ?? '');
    const fields = Object.fromEntries(forged.searchParams);
    forged.searchParams.set(
      'razorpay_signature',
      createHmac('sha256', 'not-the-secret')
        .update(
          `${linkId}|${fields.razorpay_payment_link_reference_id}|paid|${fields.razorpay_payment_id ?? ''}`,
        )
        .digest('hex'),
    );
    expect((await provider().confirm(returned(forged.href), payment)).status).toBe('rejected');
  });

  it("rejects a genuine return of another payment's link", async () => {
    const mine = await started();
    const other = await started();
    const { redirect } = standIn.complete(other.linkId, 'upi');
    const verdict = await provider().confirm(returned(redirect ?? ''), mine.payment);
    expect(verdict).toEqual({ status: 'rejected', message: 'The Razorpay link belongs to another payment.' });
  });

  it('rejects a paid link whose amount is not the payment’s', async () => {
    const { payment, linkId } = await started();
    const { redirect, paymentId } = standIn.complete(linkId, 'upi');
    const dearer = { ...payment, amountMinor: payment.amountMinor + 100 };
    expect(await provider().confirm(returned(redirect ?? ''), dearer)).toMatchObject({ status: 'rejected' });
    const webhook = notified(webhookFor(paymentId ?? '', 'payment_link.paid'));
    expect(await provider().confirm(webhook, dearer)).toMatchObject({ status: 'rejected' });
  });

  it('rejects a webhook with a wrong or missing signature, or a body changed after signing', async () => {
    const { payment, linkId } = await started();
    const { paymentId } = standIn.complete(linkId, 'upi');
    const genuine = webhookFor(paymentId ?? '', 'payment_link.paid');

    const wrong = signed(genuine.event, 'not-the-webhook-secret');
    expect(await provider().confirm(wrong, payment)).toEqual({
      status: 'rejected',
      message: 'The Razorpay webhook signature does not match.',
    });
    const unsigned = notified({ headers: {}, rawBody: genuine.rawBody });
    expect((await provider().confirm(unsigned, payment)).status).toBe('rejected');
    const changed = notified({
      headers: genuine.headers,
      rawBody: genuine.rawBody.replace(`"amount":${payment.amountMinor}`, '"amount":100'),
    });
    expect(changed.rawBody).not.toBe(genuine.rawBody);
    expect((await provider().confirm(changed, payment)).status).toBe('rejected');
  });

  it("rejects a genuine webhook about another payment's link or failure", async () => {
    const mine = await started();
    const other = await started();
    const { paymentId } = standIn.complete(other.linkId, 'upi');
    const paid = notified(webhookFor(paymentId ?? '', 'payment_link.paid'));
    expect(await provider().confirm(paid, mine.payment)).toMatchObject({ status: 'rejected' });

    const third = await started();
    const failed = standIn.complete(third.linkId, 'fail');
    const failure = notified(webhookFor(failed.paymentId ?? '', 'payment.failed'));
    expect(await provider().confirm(failure, mine.payment)).toEqual({
      status: 'rejected',
      message: 'The webhook is about another payment.',
    });
  });

  it('rejects a return naming a link Razorpay does not know', async () => {
    const { payment, request } = await started();
    const back = `${request.returnUrl}&razorpay_payment_link_id=plink_NoSuchLink0001`;
    expect(await provider().confirm(returned(back), payment)).toEqual({
      status: 'rejected',
      message: 'Razorpay knows no such payment link.',
    });
  });
});

describe('Razorpay: refunds', () => {
  it('refunds part and then the rest of a payment, each with its own refund id', async () => {
    const { linkId } = await started();
    const { paymentId } = standIn.complete(linkId, 'upi');
    const razorpay = provider();
    const request = { providerRef: paymentId ?? '', currency: 'INR', reference: 'ORD-1' };

    const part = await razorpay.refund({ ...request, amountMinor: 500_00 });
    expect(part.gatewayRef).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(callsTo(`/v1/payments/${paymentId}/refund`).at(-1)?.body).toEqual({
      amount: 500_00,
      notes: { reference: 'ORD-1' },
    });
    expect(standIn.payment(paymentId ?? '')).toMatchObject({
      amount_refunded: 500_00,
      refund_status: 'partial',
    });

    const rest = await razorpay.refund({ ...request, amountMinor: 999_50 });
    expect(rest.gatewayRef).not.toBe(part.gatewayRef);
    expect(standIn.refunds.filter((r) => r.paymentId === paymentId).map((r) => [r.id, r.amount])).toEqual([
      [part.gatewayRef, 500_00],
      [rest.gatewayRef, 999_50],
    ]);
    expect(standIn.payment(paymentId ?? '')).toMatchObject({ status: 'refunded', refund_status: 'full' });
  });

  it('throws when Razorpay refuses the refund', async () => {
    const { linkId } = await started();
    const { paymentId } = standIn.complete(linkId, 'card');
    const request = { providerRef: paymentId ?? '', currency: 'INR', reference: 'ORD-2' };
    await expect(provider().refund({ ...request, amountMinor: 2_000_00 })).rejects.toThrow(
      /greater than amount captured/,
    );
    await expect(
      provider().refund({ ...request, providerRef: 'pay_NoSuchPayment01', amountMinor: 100 }),
    ).rejects.toThrow(PaymentError);
    await expect(provider().refund({ ...request, currency: 'USD', amountMinor: 100 })).rejects.toThrow(
      PaymentError,
    );
  });
});

describe('Razorpay: when Razorpay cannot be reached', () => {
  it('throws PaymentError for a refused connection, a 5xx, a timeout and an answer that is not JSON', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(provider({ baseUrl: `http://127.0.0.1:${port}` }).start(checkout())).rejects.toThrow(
      /could not be reached/,
    );

    standIn.failNextCall('error');
    await expect(provider().start(checkout())).rejects.toThrow(/502 SERVER_ERROR/);

    standIn.failNextCall('timeout');
    await expect(provider({ timeoutMs: 200 }).start(checkout())).rejects.toThrow(PaymentError);

    const html: typeof fetch = async () => new Response('<html>Bad gateway</html>', { status: 200 });
    await expect(provider({ fetch: html }).start(checkout())).rejects.toThrow(/not JSON/);

    const { payment, linkId } = await started();
    const { redirect } = standIn.complete(linkId, 'upi');
    standIn.failNextCall('error');
    await expect(provider().confirm(returned(redirect ?? ''), payment)).rejects.toThrow(PaymentError);
  });
});
