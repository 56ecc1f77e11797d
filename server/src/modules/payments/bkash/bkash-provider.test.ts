import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostedCheckoutRequest } from '../hosted.types.ts';
import { PaymentError } from '../payment-error.ts';
import { pendingPayment, returnMessage } from '../stand-in-kit.ts';
import { type BkashConfig, createBkashProvider } from './bkash-provider.ts';
import { type BkashStandIn, startBkashStandIn } from './bkash-stand-in.ts';

const credentials = {
  username: 'sandboxTokenizedUser02',
  password: 'sandboxTokenizedUser02@12345',
  appKey: '4f6o0cjiki2rfm34kfdadl1eqq',
  appSecret: '2is7hdktrekvrbljjh44ll3d9l1dtjo4pasmjvs5vl5qr3fug4b',
};

let standIn: BkashStandIn;
let serial = 0;

beforeAll(async () => {
  standIn = await startBkashStandIn(credentials);
});
afterAll(async () => {
  await standIn.close();
});
afterEach(() => {
  standIn.calls.length = 0;
});

/** A short deadline in place of the adapter's 15 s, so a stand-in that never answers fails the call quickly. */
const quickFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(500) });

const provider = (overrides: Partial<BkashConfig> = {}) =>
  createBkashProvider({ ...credentials, baseUrl: standIn.url, fetch: quickFetch, ...overrides });

function checkout(amountMinor = 1250_50): HostedCheckoutRequest {
  serial += 1;
  const paymentId = `0b6f1c6e-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    paymentId,
    reference: `ORD-2026-${String(serial).padStart(5, '0')}`,
    amountMinor,
    currency: 'BDT',
    customer: {
      name: 'Rahim Uddin',
      email: 'rahim@example.org',
      phone: '01770618575',
      address: '12 Road 5, Dhanmondi',
      city: 'Dhaka',
      postalCode: '1205',
      country: 'BD',
    },
    description: '2 items from Shop',
    returnUrl: `https://shop.example/api/payments/bkash/return?payment=${paymentId}`,
    notifyUrl: 'https://shop.example/api/payments/bkash/notify',
  };
}

/** Starts a checkout and answers the payment as our `payments` row keeps it. */
async function started(bkash = provider(), amountMinor?: number) {
  const request = checkout(amountMinor);
  const start = await bkash.start(request);
  const payment = pendingPayment(request, start.providerRef);
  return { bkash, request, start, payment, paymentID: start.providerRef ?? '' };
}

const callsTo = (path: string) => standIn.calls.filter((call) => call.path.endsWith(path));

describe('bKash start', () => {
  it('grants a token and creates a payment whose bkashURL is the hosted page', async () => {
    const { request, start, paymentID } = await started();
    const again = await started(provider());

    expect(paymentID).toMatch(/^TR0011/);
    expect(start.redirectUrl).toContain(`paymentID=${paymentID}`);
    expect(again.paymentID).not.toBe(paymentID);
    const grants = callsTo('/token/grant');
    expect(grants).toHaveLength(2);
    expect(grants[0]?.headers).toMatchObject({ username: credentials.username });
    expect(grants[0]?.body).toEqual({ app_key: credentials.appKey, app_secret: credentials.appSecret });
    const [create] = callsTo('/checkout/create');
    expect(create?.headers).toMatchObject({ 'x-app-key': credentials.appKey });
    expect(create?.body).toEqual({
      mode: '0011',
      payerReference: '01770618575',
      callbackURL: request.returnUrl,
      amount: '1250.50',
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: request.reference,
    });
  });

  it('keeps the token until it expires', async () => {
    const bkash = provider();
    await bkash.start(checkout());
    await bkash.start(checkout());
    expect(callsTo('/token/grant')).toHaveLength(1);
    expect(callsTo('/checkout/create')).toHaveLength(2);
  });

  it('uses the order reference as payerReference when the shopper gave no phone', async () => {
    const request = checkout();
    await provider().start({ ...request, customer: { ...request.customer, phone: null } });
    expect(callsTo('/checkout/create')[0]?.body.payerReference).toBe(request.reference);
  });

  it('refuses a currency bKash does not take', async () => {
    await expect(provider().start({ ...checkout(), currency: 'USD' })).rejects.toBeInstanceOf(PaymentError);
    expect(callsTo('/checkout/create')).toHaveLength(0);
  });

  it('throws PaymentError when the credentials are wrong', async () => {
    const wrong = provider({ password: 'not-the-password' });
    await expect(wrong.start(checkout())).rejects.toThrow(/Invalid username and password/);
    const wrongKey = provider({ appSecret: 'not-the-secret' });
    await expect(wrongKey.start(checkout())).rejects.toBeInstanceOf(PaymentError);
  });
});

describe('bKash hosted page and return', () => {
  it('shows Pay, Fail and Cancel, and Pay sends the browser to callbackURL with paymentID and status', async () => {
    const { start, request, paymentID } = await started();
    const page = await fetch(start.redirectUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const label of ['Pay', 'Fail', 'Cancel']) expect(html).toContain(`>${label}</button>`);

    const url = new URL(start.redirectUrl);
    const form = new URLSearchParams({
      paymentID,
      hash: url.searchParams.get('hash') ?? '',
      outcome: 'success',
    });
    const chosen = await fetch(new URL('/redirect/tokenized/', url), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(chosen.status).toBe(303);
    const location = new URL(chosen.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/api/payments/bkash/return');
    // Appended to the callback URL's own query, which keeps our payment id.
    expect(location.searchParams.get('payment')).toBe(request.paymentId);
    expect(location.searchParams.get('paymentID')).toBe(paymentID);
    expect(location.searchParams.get('status')).toBe('success');
  });

  it('refuses a page choice without the payment’s hash', async () => {
    const { start, paymentID } = await started();
    const chosen = await fetch(new URL('/redirect/tokenized/', start.redirectUrl), {
      method: 'POST',
      body: new URLSearchParams({ paymentID, hash: 'guessed', outcome: 'success' }),
      redirect: 'manual',
    });
    expect(chosen.status).toBe(404);
    expect(standIn.payments.get(paymentID)?.authorised).toBeNull();
  });

  it('identifies the payment by paymentID', async () => {
    const { bkash, paymentID } = await started();
    const message = returnMessage(standIn.complete(paymentID, 'success'));
    expect(bkash.identify(message)).toEqual({ providerRef: paymentID });
    expect(bkash.identify({ ...message, fields: {} })).toBeNull();
  });
});

describe('bKash confirm', () => {
  it('executes a paid return: paid with the amount, currency, trxID as event and paymentID:trxID as reference', async () => {
    const { bkash, payment, paymentID } = await started();
    const verdict = await bkash.confirm(returnMessage(standIn.complete(paymentID, 'success')), payment);

    const trxID = standIn.payments.get(paymentID)?.trxID;
    expect(trxID).toMatch(/^[0-9A-F]{10}$/);
    expect(verdict).toEqual({
      status: 'paid',
      eventId: trxID,
      providerRef: `${paymentID}:${trxID}`,
      amountMinor: 1250_50,
      currency: 'BDT',
    });
    expect(standIn.payments.get(paymentID)?.transactionStatus).toBe('Completed');
  });

  it('answers the same paid verdict for the same return twice, from the status query', async () => {
    const { bkash, payment, paymentID } = await started();
    const message = returnMessage(standIn.complete(paymentID, 'success'));
    const first = await bkash.confirm(message, payment);
    const second = await bkash.confirm(message, payment);
    // Once paid, the payments row keeps `bkash:` + the paid verdict's providerRef; the return still belongs to it.
    const kept = first.status === 'paid' ? `bkash:${first.providerRef}` : '';
    const third = await bkash.confirm(message, { ...payment, providerRef: kept });

    expect(first.status).toBe('paid');
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(callsTo('/payment/status')).toHaveLength(2);
    expect(standIn.payments.get(paymentID)?.executeCalls).toBe(3);
  });

  it('answers failed for status=failure and cancelled for status=cancel, moving no money', async () => {
    const failedOne = await started();
    const failed = await failedOne.bkash.confirm(
      returnMessage(standIn.complete(failedOne.paymentID, 'failure')),
      failedOne.payment,
    );
    const cancelledOne = await started();
    const cancelled = await cancelledOne.bkash.confirm(
      returnMessage(standIn.complete(cancelledOne.paymentID, 'cancel')),
      cancelledOne.payment,
    );

    expect(failed).toMatchObject({ status: 'failed' });
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(callsTo('/checkout/execute')).toHaveLength(0);
  });

  it('answers failed when execute declines (insufficient balance)', async () => {
    const { bkash, payment, paymentID } = await started();
    const verdict = await bkash.confirm(
      returnMessage(standIn.complete(paymentID, 'insufficient-balance')),
      payment,
    );
    expect(verdict).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('Insufficient Balance'),
    });
    expect(standIn.payments.get(paymentID)?.trxID).toBeNull();
  });

  it('answers pending for a success return before the shopper authorised on the page', async () => {
    const { bkash, payment, paymentID, request } = await started();
    const forged = returnMessage(`${request.returnUrl}&paymentID=${paymentID}&status=success`);
    expect(await bkash.confirm(forged, payment)).toEqual({ status: 'pending' });
    expect(standIn.payments.get(paymentID)?.transactionStatus).toBe('Initiated');
  });

  it('asks the status query when the execute answer is lost, and is paid', async () => {
    const { bkash, payment, paymentID } = await started();
    standIn.failNext('answer-lost', '/checkout/execute');
    const verdict = await bkash.confirm(returnMessage(standIn.complete(paymentID, 'success')), payment);
    expect(verdict).toMatchObject({ status: 'paid', eventId: standIn.payments.get(paymentID)?.trxID });
    expect(callsTo('/payment/status')).toHaveLength(1);
  });

  it('answers pending when execute fails before bKash ran it, and pays on the next return', async () => {
    const { bkash, payment, paymentID } = await started();
    const message = returnMessage(standIn.complete(paymentID, 'success'));
    standIn.failNext('error', '/checkout/execute');
    expect(await bkash.confirm(message, payment)).toEqual({ status: 'pending' });
    expect(await bkash.confirm(message, payment)).toMatchObject({ status: 'paid' });
  });

  it('throws PaymentError when neither execute nor the status query can be answered', async () => {
    const { bkash, payment, paymentID } = await started();
    standIn.failNext('timeout', '/checkout/execute');
    standIn.failNext('error', '/payment/status');
    await expect(
      bkash.confirm(returnMessage(standIn.complete(paymentID, 'success')), payment),
    ).rejects.toBeInstanceOf(PaymentError);
  });
});

describe('bKash confirm rejects what it cannot verify', () => {
  it('rejects a paymentID this payment does not own, without calling bKash', async () => {
    const mine = await started();
    const theirs = await started();
    const message = returnMessage(standIn.complete(theirs.paymentID, 'success'));
    standIn.calls.length = 0;
    expect(await mine.bkash.confirm(message, mine.payment)).toMatchObject({ status: 'rejected' });
    expect(standIn.calls).toHaveLength(0);
    expect(standIn.payments.get(theirs.paymentID)?.transactionStatus).toBe('Initiated');
  });

  it('rejects a payment bKash completed for another amount or invoice number', async () => {
    const { bkash, payment, paymentID } = await started();
    const message = returnMessage(standIn.complete(paymentID, 'success'));
    expect(await bkash.confirm(message, { ...payment, amountMinor: 1250_00 })).toMatchObject({
      status: 'rejected',
    });
    expect(await bkash.confirm(message, { ...payment, reference: 'ORD-OTHER' })).toMatchObject({
      status: 'rejected',
    });
    expect(await bkash.confirm(message, payment)).toMatchObject({ status: 'paid' });
  });

  it('rejects notifications, a return without paymentID and an unknown status', async () => {
    const { bkash, payment, paymentID } = await started();
    const success = returnMessage(standIn.complete(paymentID, 'success'));
    expect(await bkash.confirm({ ...success, kind: 'notify' }, payment)).toMatchObject({
      status: 'rejected',
    });
    expect(await bkash.confirm({ ...success, fields: { status: 'success' } }, payment)).toMatchObject({
      status: 'rejected',
    });
    expect(
      await bkash.confirm({ ...success, fields: { ...success.fields, status: 'completed' } }, payment),
    ).toMatchObject({ status: 'rejected' });
    expect(callsTo('/checkout/execute')).toHaveLength(0);
  });
});

describe('bKash refund', () => {
  async function paid() {
    const { bkash, payment, paymentID, request } = await started(provider(), 1000_00);
    const verdict = await bkash.confirm(returnMessage(standIn.complete(paymentID, 'success')), payment);
    if (verdict.status !== 'paid') throw new Error(`not paid: ${verdict.status}`);
    return { bkash, verdict, paymentID, reference: request.reference };
  }

  it('refunds part and then the rest, each with its own refundTrxID', async () => {
    const { bkash, verdict, paymentID, reference } = await paid();
    const refund = (amountMinor: number) =>
      bkash.refund({ providerRef: verdict.providerRef, amountMinor, currency: 'BDT', reference });

    const part = await refund(250_00);
    const rest = await refund(750_00);

    const recorded = standIn.refunds.filter((r) => r.paymentID === paymentID);
    expect(recorded.map((r) => [r.refundTrxID, r.amount])).toEqual([
      [part.gatewayRef, '250.00'],
      [rest.gatewayRef, '750.00'],
    ]);
    expect(recorded[0]).toMatchObject({
      trxID: verdict.eventId,
      sku: 'order',
      reason: `Refund for ${reference}`,
    });
    await expect(refund(1)).rejects.toThrow(/cannot be greater/);
  });

  it('refunds the whole payment at once', async () => {
    const { bkash, verdict, reference } = await paid();
    const { gatewayRef } = await bkash.refund({
      providerRef: verdict.providerRef,
      amountMinor: 1000_00,
      currency: 'BDT',
      reference,
    });
    expect(standIn.refunds.find((r) => r.refundTrxID === gatewayRef)?.amount).toBe('1000.00');
  });

  it('throws PaymentError for a payment that was never executed or an unknown transaction', async () => {
    const { bkash, paymentID } = await started();
    const request = { amountMinor: 100, currency: 'BDT', reference: 'ORD-X' };
    await expect(bkash.refund({ ...request, providerRef: paymentID })).rejects.toBeInstanceOf(PaymentError);
    await expect(bkash.refund({ ...request, providerRef: `${paymentID}:ABCDEF1234` })).rejects.toThrow(
      /Transaction not found/,
    );
  });
});

describe('bKash unreachable', () => {
  it('throws PaymentError on a 500, a non-JSON answer, a timeout, and a closed port', async () => {
    standIn.failNext('error', '/checkout/create');
    await expect(provider().start(checkout())).rejects.toBeInstanceOf(PaymentError);
    standIn.failNext('malformed', '/checkout/create');
    await expect(provider().start(checkout())).rejects.toThrow(/not JSON/);
    standIn.failNext('timeout', '/token/grant');
    await expect(provider().start(checkout())).rejects.toBeInstanceOf(PaymentError);

    const gone = await startBkashStandIn(credentials);
    await gone.close();
    await expect(provider({ baseUrl: gone.url }).start(checkout())).rejects.toBeInstanceOf(PaymentError);
  });
});
