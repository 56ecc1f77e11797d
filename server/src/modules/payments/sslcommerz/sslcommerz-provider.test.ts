import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedCheckoutRequest, ProviderMessage } from '../hosted.types.ts';
import { PaymentError } from '../payment-error.ts';
import { type NotifyReceiver, pendingPayment as pending, startNotifyReceiver } from '../stand-in-kit.ts';
import { createSslcommerzProvider } from './sslcommerz-provider.ts';
import {
  type SslcommerzPost,
  type SslcommerzStandIn,
  startSslcommerzStandIn,
} from './sslcommerz-stand-in.ts';

const STORE = { storeId: 'testbox0001', storePassword: 'testbox0001@ssl' };

let standIn: SslcommerzStandIn;
let ipnReceiver: NotifyReceiver;
let notifyUrl: string;
let counter = 0;

beforeAll(async () => {
  standIn = await startSslcommerzStandIn(STORE);
  ipnReceiver = await startNotifyReceiver();
  notifyUrl = `${ipnReceiver.url}/api/payments/sslcommerz/notify`;
});

afterAll(async () => {
  await standIn.close();
  await ipnReceiver.close();
});

function provider(overrides: Partial<Parameters<typeof createSslcommerzProvider>[0]> = {}) {
  return createSslcommerzProvider({ ...STORE, baseUrl: standIn.url, ...overrides });
}

/** A fresh payment of 1,500.00 BDT for a new order. */
function checkout(overrides: Partial<HostedCheckoutRequest> = {}): HostedCheckoutRequest {
  counter += 1;
  const paymentId = `0b6f2c9e-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    paymentId,
    reference: `ORD-2026-${String(counter).padStart(5, '0')}`,
    amountMinor: 150_000,
    currency: 'BDT',
    customer: {
      name: 'Rahim Uddin',
      email: 'rahim@example.org',
      phone: '+8801711000000',
      address: 'House 12, Road 5, Dhanmondi',
      city: 'Dhaka',
      postalCode: '1205',
      country: 'BD',
    },
    description: '2 items from Shop',
    returnUrl: `http://shop.test/api/payments/sslcommerz/return?payment=${paymentId}`,
    notifyUrl,
    ...overrides,
  };
}

/** The browser's form POST back to us, as the return route hands it over. */
function returned(post: SslcommerzPost): ProviderMessage {
  const rawBody = new URLSearchParams(post.fields).toString();
  const query = Object.fromEntries(new URL(post.url).searchParams);
  return {
    kind: 'return',
    fields: { ...query, ...post.fields },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    rawBody,
  };
}

function ipnFor(reference: string): ProviderMessage {
  // IPNs as our notify route would hand them over: the form's fields.
  const ipns = ipnReceiver.received.map(
    ({ headers, rawBody }): ProviderMessage => ({
      kind: 'notify',
      fields: Object.fromEntries(new URLSearchParams(rawBody)),
      headers,
      rawBody,
    }),
  );
  const ipn = ipns.find((message) => message.fields.tran_id === reference);
  if (!ipn) throw new Error(`no IPN received for ${reference}`);
  return ipn;
}

async function paidCheckout(overrides: Partial<HostedCheckoutRequest> = {}) {
  const request = checkout(overrides);
  const started = await provider().start(request);
  const post = await standIn.complete(started.providerRef ?? '', 'pay');
  const verdict = await provider().confirm(returned(post), pending(request, started.providerRef));
  if (verdict.status !== 'paid') throw new Error(`expected paid, got ${verdict.status}`);
  return { request, started, post, verdict };
}

async function paymentError(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  return error as PaymentError;
}

describe('start', () => {
  it('opens a session with the documented fields and answers the gateway page and the session key', async () => {
    const request = checkout();
    const started = await provider().start(request);

    const session = standIn.sessions.get(started.providerRef ?? '');
    expect(session).toBeDefined();
    expect(started.redirectUrl).toBe(`${standIn.url}/EasyCheckOut/${started.providerRef}`);
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/gwprocess/v4/api.php',
      params: {
        store_id: STORE.storeId,
        store_passwd: STORE.storePassword,
        total_amount: '1500.00',
        currency: 'BDT',
        tran_id: request.reference,
        success_url: request.returnUrl,
        fail_url: request.returnUrl,
        cancel_url: request.returnUrl,
        ipn_url: notifyUrl,
        cus_name: 'Rahim Uddin',
        cus_email: 'rahim@example.org',
        cus_phone: '+8801711000000',
        cus_add1: 'House 12, Road 5, Dhanmondi',
        cus_city: 'Dhaka',
        cus_postcode: '1205',
        cus_country: 'Bangladesh',
        product_name: '2 items from Shop',
        product_profile: 'general',
        shipping_method: 'NO',
        num_of_item: '1',
        value_a: request.paymentId,
      },
    });

    const page = await fetch(started.redirectUrl).then((response) => response.text());
    for (const label of ['Pay', 'Fail', 'Cancel']) expect(page).toContain(`>${label}</button>`);
    expect(page).toContain(request.reference);
  });

  it('turns SSLCommerz refusing the session into a PaymentError with its reason', async () => {
    const error = await paymentError(provider({ storePassword: 'wrong' }).start(checkout()));
    expect(error.message).toContain('Store Credential Error');

    const tooSmall = await paymentError(provider().start(checkout({ amountMinor: 500 })));
    expect(tooSmall.message).toContain('total_amount');
  });

  it('refuses a currency other than BDT without calling SSLCommerz', async () => {
    const calls = standIn.calls.length;
    await paymentError(provider().start(checkout({ currency: 'USD' })));
    expect(standIn.calls).toHaveLength(calls);
  });
});

describe('identify', () => {
  it('names the payment from value_a and the order from tran_id', () => {
    const message: ProviderMessage = {
      kind: 'notify',
      fields: { value_a: 'pay-1', tran_id: 'ORD-1', status: 'VALID' },
      headers: {},
      rawBody: '',
    };
    expect(provider().identify(message)).toEqual({ paymentId: 'pay-1', reference: 'ORD-1' });
    expect(provider().identify({ ...message, fields: { status: 'VALID' } })).toBeNull();
  });
});

describe('confirm', () => {
  it('pays a validated success: the right amount, the bank transaction and the val_id as event', async () => {
    const { request, post, verdict } = await paidCheckout();
    expect(verdict).toEqual({
      status: 'paid',
      eventId: post.fields.val_id,
      providerRef: post.fields.bank_tran_id,
      amountMinor: 150_000,
      currency: 'BDT',
    });
    expect(post.url).toBe(request.returnUrl);
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/validator/api/validationserverAPI.php',
      params: {
        val_id: post.fields.val_id,
        store_id: STORE.storeId,
        store_passwd: STORE.storePassword,
        format: 'json',
      },
    });
  });

  it('answers the same event for the IPN and for the same return twice', async () => {
    const { request, started, post, verdict } = await paidCheckout();
    const ipn = ipnFor(request.reference);
    expect(provider().identify(ipn)).toEqual({ paymentId: request.paymentId, reference: request.reference });

    const fromIpn = await provider().confirm(ipn, pending(request, started.providerRef));
    const again = await provider().confirm(returned(post), pending(request, started.providerRef));
    expect(fromIpn).toEqual(verdict);
    expect(again).toEqual(verdict);
  });

  it('brings the browser back by form POST from the hosted page', async () => {
    const request = checkout();
    const started = await provider().start(request);
    const response = await fetch(`${started.redirectUrl}/pay`, { method: 'POST' });
    const html = await response.text();
    expect(html).toContain(`<form id="back" method="post" action="${request.returnUrl}">`);
    const valId = /name="val_id" value="([^"]+)"/.exec(html)?.[1];
    expect(valId).toBe(standIn.sessions.get(started.providerRef ?? '')?.valId);
    expect(html).toContain('name="status" value="VALID"');

    const used = await fetch(`${started.redirectUrl}/pay`, { method: 'POST' });
    expect(used.status).toBe(410);
  });

  it('answers failed for a declined payment and cancelled for a cancelled or expired page', async () => {
    const declined = checkout();
    const declinedStart = await provider().start(declined);
    const fail = await standIn.complete(declinedStart.providerRef ?? '', 'fail');
    expect(await provider().confirm(returned(fail), pending(declined))).toEqual({
      status: 'failed',
      eventId: null,
      message: 'Declined by the issuing bank',
    });

    const cancelled = checkout();
    const cancelledStart = await provider().start(cancelled);
    const cancel = await standIn.complete(cancelledStart.providerRef ?? '', 'cancel');
    expect(await provider().confirm(returned(cancel), pending(cancelled))).toMatchObject({
      status: 'cancelled',
      message: 'Cancelled by the customer',
    });

    for (const status of ['EXPIRED', 'UNATTEMPTED'] as const) {
      const abandoned = checkout();
      const abandonedStart = await provider().start(abandoned);
      await standIn.expire(abandonedStart.providerRef ?? '', status);
      expect(await provider().confirm(ipnFor(abandoned.reference), pending(abandoned))).toMatchObject({
        status: 'cancelled',
      });
    }
  });

  it('rejects a message whose fields were changed after SSLCommerz signed them', async () => {
    const { request, post } = await paidCheckout();
    const tampered = returned({ ...post, fields: { ...post.fields, amount: '15.00' } });
    expect(await provider().confirm(tampered, pending(request))).toMatchObject({ status: 'rejected' });

    const failed = checkout();
    const failedStart = await provider().start(failed);
    const fail = await standIn.complete(failedStart.providerRef ?? '', 'fail');
    const forgedFail = returned({ ...fail, fields: { ...fail.fields, verify_sign: '0'.repeat(32) } });
    expect(await provider().confirm(forgedFail, pending(failed))).toMatchObject({ status: 'rejected' });
  });

  it('rejects a success the validation API does not confirm', async () => {
    const request = checkout();
    await provider().start(request);
    const forged: ProviderMessage = {
      kind: 'notify',
      fields: {
        status: 'VALID',
        tran_id: request.reference,
        value_a: request.paymentId,
        val_id: 'forged123',
      },
      headers: {},
      rawBody: '',
    };
    expect(await provider().confirm(forged, pending(request))).toMatchObject({ status: 'rejected' });
    expect(standIn.calls.at(-1)?.params.val_id).toBe('forged123');
  });

  it("rejects another order's genuine val_id, and an amount or currency that does not match", async () => {
    const { post } = await paidCheckout();
    const other = checkout();
    await provider().start(other);
    // Someone replays a real val_id, without the signed fields, against their own unpaid order.
    const replay: ProviderMessage = {
      kind: 'return',
      fields: {
        status: 'VALID',
        tran_id: other.reference,
        value_a: other.paymentId,
        val_id: post.fields.val_id ?? '',
      },
      headers: {},
      rawBody: '',
    };
    expect(await provider().confirm(replay, pending(other))).toMatchObject({ status: 'rejected' });

    const paid = await paidCheckout();
    const message = returned(paid.post);
    expect(
      await provider().confirm(message, { ...pending(paid.request), amountMinor: 250_000 }),
    ).toMatchObject({ status: 'rejected' });
    expect(await provider().confirm(message, { ...pending(paid.request), currency: 'USD' })).toMatchObject({
      status: 'rejected',
    });
    expect(
      await provider().confirm(message, { ...pending(paid.request), id: 'another-payment' }),
    ).toMatchObject({
      status: 'rejected',
    });
  });
});

describe('refund', () => {
  it('refunds part and then the rest of a payment, and SSLCommerz records both', async () => {
    const { request, verdict } = await paidCheckout();
    if (verdict.status !== 'paid') throw new Error('not paid');
    const part = await provider().refund({
      providerRef: verdict.providerRef,
      amountMinor: 50_000,
      currency: 'BDT',
      reference: request.reference,
    });
    const rest = await provider().refund({
      providerRef: verdict.providerRef,
      amountMinor: 100_000,
      currency: 'BDT',
      reference: request.reference,
    });
    expect(part.gatewayRef).not.toBe(rest.gatewayRef);
    const recorded = standIn.refunds.filter((refund) => refund.bankTranId === verdict.providerRef);
    expect(recorded).toEqual([
      expect.objectContaining({ refundRefId: part.gatewayRef, amount: '500.00', refeId: request.reference }),
      expect.objectContaining({ refundRefId: rest.gatewayRef, amount: '1000.00', refeId: request.reference }),
    ]);
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/validator/api/merchantTransIDvalidationAPI.php',
      params: { bank_tran_id: verdict.providerRef, refund_amount: '1000.00', format: 'json' },
    });

    const more = await paymentError(
      provider().refund({
        providerRef: verdict.providerRef,
        amountMinor: 1,
        currency: 'BDT',
        reference: request.reference,
      }),
    );
    expect(more.message).toContain('exceeds');
  });

  it('refunds a whole payment in one go', async () => {
    const { request, verdict } = await paidCheckout({ amountMinor: 99_950 });
    if (verdict.status !== 'paid') throw new Error('not paid');
    const { gatewayRef } = await provider().refund({
      providerRef: verdict.providerRef,
      amountMinor: 99_950,
      currency: 'BDT',
      reference: request.reference,
    });
    expect(standIn.refunds.find((refund) => refund.refundRefId === gatewayRef)?.amount).toBe('999.50');
  });
});

describe('when SSLCommerz cannot be reached or answers nonsense', () => {
  it('throws PaymentError for an answer of 500, a page that is not JSON, or no answer in time', async () => {
    standIn.failNext('error');
    await paymentError(provider().start(checkout()));
    standIn.failNext('malformed');
    await paymentError(provider().start(checkout()));
    standIn.failNext('timeout');
    const slow = await paymentError(provider({ timeoutMs: 200 }).start(checkout()));
    expect(slow.message).toContain('could not be reached');
  });

  it('throws PaymentError when the validation or the refund fails on the way', async () => {
    const { request, post, verdict } = await paidCheckout();
    if (verdict.status !== 'paid') throw new Error('not paid');
    standIn.failNext('error');
    await paymentError(provider().confirm(returned(post), pending(request)));
    standIn.failNext('malformed');
    await paymentError(
      provider().refund({
        providerRef: verdict.providerRef,
        amountMinor: 100,
        currency: 'BDT',
        reference: 'x',
      }),
    );
  });

  it('throws PaymentError when nothing listens at the address', async () => {
    const closed = await startSslcommerzStandIn(STORE);
    await closed.close();
    const offline = createSslcommerzProvider({ ...STORE, baseUrl: closed.url });
    await paymentError(offline.start(checkout()));
    const message: ProviderMessage = {
      kind: 'notify',
      fields: { status: 'VALID', val_id: 'x', tran_id: 'ORD-1' },
      headers: {},
      rawBody: '',
    };
    await paymentError(
      offline.confirm(message, {
        id: 'p',
        reference: 'ORD-1',
        providerRef: null,
        amountMinor: 1,
        currency: 'BDT',
      }),
    );
    await paymentError(
      offline.refund({ providerRef: 'b', amountMinor: 100, currency: 'BDT', reference: 'ORD-1' }),
    );
  });
});
