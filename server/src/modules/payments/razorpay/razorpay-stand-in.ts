import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  escapeHtml,
  htmlPage,
  readBody,
  type StandInWebhook,
  sendHtml,
  sendJson,
  standInServer,
  webhookOutbox,
} from '../stand-in-kit.ts';

// A local stand-in for Razorpay's Payment Links API (create and fetch links, fetch payments, refunds) and the
// link's hosted page, for tests and the journeys. It checks the Basic key id and secret as Razorpay does, answers
// with Razorpay's entities and error envelope, signs the browser's return with the key secret and its webhooks
// with the webhook secret, in the formats Razorpay documents. Its signing is written out here on purpose,
// independent of the SDK helpers the adapter checks with. Amounts are integer paise, as Razorpay keeps them.
//
// Like Razorpay, it sends the browser back only after a payment: a failed attempt leaves the shopper on the page
// to try again (and posts `payment.failed`). Its Cancel has no Razorpay equivalent (a shopper there just leaves):
// it cancels the link, as an expiry would, and sends the browser back with the link's status and no signature.

export type RazorpayOutcome = 'upi' | 'card' | 'fail' | 'cancel';

export interface RazorpayStandInOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks are posted; none: they are only recorded in `webhooks`. */
  webhookUrl?: string;
  port?: number;
}

type LinkStatus = 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';

interface StandInLink {
  id: string;
  status: LinkStatus;
  amount: number;
  currency: string;
  referenceId: string;
  description: string;
  customer: { name?: string; email?: string; contact?: string };
  notes: Record<string, string>;
  callbackUrl: string | null;
  orderId: string | null;
  paymentIds: string[];
  createdAt: number;
  updatedAt: number;
  cancelledAt: number;
  expiredAt: number;
}

interface StandInPayment {
  id: string;
  linkId: string;
  orderId: string;
  status: 'captured' | 'failed' | 'refunded';
  method: 'upi' | 'card';
  amount: number;
  currency: string;
  amountRefunded: number;
  notes: Record<string, string>;
  email: string;
  contact: string;
  createdAt: number;
}

export interface RazorpayStandInRefund {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
}

export interface RazorpayStandInWebhook extends StandInWebhook {
  event: Record<string, unknown>;
}

export interface RazorpayStandInCall {
  method: string;
  path: string;
  body: unknown;
}

/** Razorpay's ids: a prefix and 14 letters and digits. */
function razorpayId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${[...randomBytes(14)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

const seconds = () => Math.floor(Date.now() / 1000);

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Razorpay's error envelope. */
function rzpError(description: string, field: string | null = null, reason = 'input_validation_failed') {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: field ? 'business' : 'NA',
      step: field ? 'payment_initiation' : 'NA',
      reason: field ? reason : 'NA',
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

function stringNotes(value: unknown): Record<string, string> | null {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const notes: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string' && typeof item !== 'number') return null;
    notes[key] = String(item);
  }
  return Object.keys(notes).length > 15 ? null : notes;
}

export async function startRazorpayStandIn(options: RazorpayStandInOptions) {
  const links = new Map<string, StandInLink>();
  const payments = new Map<string, StandInPayment>();
  const calls: RazorpayStandInCall[] = [];
  const refunds: RazorpayStandInRefund[] = [];
  const outbox = webhookOutbox<RazorpayStandInWebhook>({
    url: options.webhookUrl,
    userAgent: 'Razorpay-Webhook/v1',
  });
  const accountId = razorpayId('acc');
  let failNext: 'error' | 'timeout' | null = null;
  let url = '';

  const server = standInServer(handle, (res, error) => send(res, 500, rzpError(String(error))));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = new URL(req.url ?? '/', url);
    const text = await readBody(req);
    const page = /^\/l\/([^/]+)$/.exec(address.pathname);
    if (page?.[1]) return linkPage(req, res, decodeURIComponent(page[1]), text);

    let body: unknown = text;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, rzpError('The request body is not valid JSON', null));
      }
    }
    calls.push({ method: req.method ?? 'GET', path: address.pathname, body });
    if (failNext === 'timeout') {
      failNext = null;
      server.hang(res);
      return;
    }
    if (failNext === 'error') {
      failNext = null;
      return send(res, 502, {
        error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' },
      });
    }
    if (!authorised(req)) return send(res, 401, rzpError('Authentication failed'));

    const json = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const answer = route(req.method ?? 'GET', address.pathname, json);
    send(res, answer.status, answer.body);
  }

  function authorised(req: IncomingMessage): boolean {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return (
      colon > 0 && decoded.slice(0, colon) === options.keyId && decoded.slice(colon + 1) === options.keySecret
    );
  }

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && (path === '/v1/payment_links' || path === '/v1/payment_links/')) {
      return createLink(body);
    }
    const linkPath = /^\/v1\/payment_links\/([^/]+)$/.exec(path);
    if (method === 'GET' && linkPath?.[1]) {
      const link = links.get(decodeURIComponent(linkPath[1]));
      return link
        ? { status: 200, body: linkJson(link) }
        : { status: 400, body: rzpError('The id provided does not exist', 'id') };
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
    if (paymentPath?.[1]) {
      const payment = payments.get(decodeURIComponent(paymentPath[1]));
      if (!payment) return { status: 400, body: rzpError('The id provided does not exist', 'id') };
      if (method === 'POST' && paymentPath[2]) return refund(payment, body);
      if (method === 'GET' && !paymentPath[2]) return { status: 200, body: paymentJson(payment) };
    }
    return { status: 400, body: rzpError('The requested URL was not found on the server.') };
  }

  function createLink(body: Record<string, unknown>): { status: number; body: unknown } {
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return { status: 400, body: rzpError('The amount must be atleast INR 1.00', 'amount') };
    }
    const currency = body.currency ?? 'INR';
    if (currency !== 'INR') {
      return { status: 400, body: rzpError('Currency is not supported', 'currency') };
    }
    if (body.accept_partial === true) {
      return { status: 400, body: rzpError('Partial payments are not enabled here', 'accept_partial') };
    }
    const referenceId = typeof body.reference_id === 'string' ? body.reference_id : '';
    if (referenceId.length > 40) {
      return {
        status: 400,
        body: rzpError('The reference id may not be greater than 40 characters.', 'reference_id'),
      };
    }
    if (referenceId !== '' && [...links.values()].some((link) => link.referenceId === referenceId)) {
      return {
        status: 400,
        body: rzpError(`Payment Link with reference id ${referenceId} already exists`, 'reference_id'),
      };
    }
    const callbackUrl = typeof body.callback_url === 'string' ? body.callback_url : null;
    if (callbackUrl !== null && body.callback_method !== 'get') {
      return {
        status: 400,
        body: rzpError('callback_method must be get when callback_url is sent', 'callback_method'),
      };
    }
    const notes = stringNotes(body.notes);
    if (notes === null) return { status: 400, body: rzpError('The notes must be an object', 'notes') };
    const customer = (body.customer ?? {}) as StandInLink['customer'];
    const now = seconds();
    const link: StandInLink = {
      id: razorpayId('plink'),
      status: 'created',
      amount,
      currency,
      referenceId,
      description: typeof body.description === 'string' ? body.description : '',
      customer,
      notes,
      callbackUrl,
      orderId: null,
      paymentIds: [],
      createdAt: now,
      updatedAt: now,
      cancelledAt: 0,
      expiredAt: 0,
    };
    links.set(link.id, link);
    return { status: 200, body: linkJson(link) };
  }

  function refund(payment: StandInPayment, body: Record<string, unknown>): { status: number; body: unknown } {
    if (payment.status === 'failed') {
      return { status: 400, body: rzpError('The payment has not been captured', 'id') };
    }
    const remaining = payment.amount - payment.amountRefunded;
    if (remaining === 0) {
      return { status: 400, body: rzpError('The payment has been fully refunded already', 'id') };
    }
    const amount = body.amount ?? remaining;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return { status: 400, body: rzpError('The refund amount must be atleast INR 1.00', 'amount') };
    }
    if (amount > remaining) {
      return {
        status: 400,
        body: rzpError('The refund amount provided is greater than amount captured', 'amount'),
      };
    }
    const notes = stringNotes(body.notes);
    if (notes === null) return { status: 400, body: rzpError('The notes must be an object', 'notes') };
    payment.amountRefunded += amount;
    if (payment.amountRefunded === payment.amount) payment.status = 'refunded';
    const made: RazorpayStandInRefund = {
      id: razorpayId('rfnd'),
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      notes,
    };
    refunds.push(made);
    return {
      status: 200,
      body: {
        id: made.id,
        entity: 'refund',
        amount,
        currency: made.currency,
        payment_id: payment.id,
        notes,
        receipt: null,
        acquirer_data: { arn: null },
        created_at: seconds(),
        batch_id: null,
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: 'normal',
      },
    };
  }

  function linkJson(link: StandInLink) {
    const linkPayments = link.paymentIds.flatMap((id) => {
      const payment = payments.get(id);
      return payment
        ? [
            {
              amount: payment.amount,
              created_at: payment.createdAt,
              method: payment.method,
              payment_id: payment.id,
              plink_id: link.id,
              status: payment.status,
              updated_at: payment.createdAt,
            },
          ]
        : [];
    });
    const amountPaid = link.paymentIds
      .map((id) => payments.get(id))
      .filter((p) => p !== undefined && p.status !== 'failed')
      .reduce((sum, p) => sum + (p?.amount ?? 0), 0);
    return {
      accept_partial: false,
      amount: link.amount,
      amount_paid: amountPaid,
      callback_method: link.callbackUrl ? 'get' : '',
      callback_url: link.callbackUrl ?? '',
      cancelled_at: link.cancelledAt,
      created_at: link.createdAt,
      currency: link.currency,
      customer: link.customer,
      description: link.description,
      expire_by: 0,
      expired_at: link.expiredAt,
      first_min_partial_amount: 0,
      id: link.id,
      notes: Object.keys(link.notes).length > 0 ? link.notes : [],
      notify: { email: false, sms: false, whatsapp: false },
      order_id: link.orderId ?? '',
      payments: linkPayments.length > 0 ? linkPayments : null,
      reference_id: link.referenceId,
      reminder_enable: false,
      reminders: [],
      short_url: `${url}/l/${link.id}`,
      status: link.status,
      updated_at: link.updatedAt,
      upi_link: false,
      user_id: '',
      whatsapp_link: false,
    };
  }

  function paymentJson(payment: StandInPayment) {
    const failed = payment.status === 'failed';
    return {
      id: payment.id,
      entity: 'payment',
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      order_id: payment.orderId,
      invoice_id: null,
      international: false,
      method: payment.method,
      amount_refunded: payment.amountRefunded,
      refund_status:
        payment.amountRefunded === 0 ? null : payment.amountRefunded === payment.amount ? 'full' : 'partial',
      captured: !failed,
      description: `#${payment.linkId.slice('plink_'.length)}`,
      card_id: payment.method === 'card' ? razorpayId('card') : null,
      bank: null,
      wallet: null,
      vpa: payment.method === 'upi' ? 'success@razorpay' : null,
      email: payment.email,
      contact: payment.contact,
      notes: Object.keys(payment.notes).length > 0 ? payment.notes : [],
      fee: failed ? null : Math.floor((payment.amount * 2) / 100),
      tax: failed ? null : 0,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed because the bank declined it.' : null,
      error_source: failed ? 'bank' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      acquirer_data: failed ? {} : { rrn: String(100_000_000_000 + payments.size) },
      created_at: payment.createdAt,
    };
  }

  function orderJson(link: StandInLink) {
    return {
      id: link.orderId,
      entity: 'order',
      amount: link.amount,
      amount_paid: link.status === 'paid' ? link.amount : 0,
      amount_due: link.status === 'paid' ? 0 : link.amount,
      currency: link.currency,
      receipt: link.referenceId,
      status: link.status === 'paid' ? 'paid' : 'attempted',
      notes: Object.keys(link.notes).length > 0 ? link.notes : [],
      created_at: link.createdAt,
    };
  }

  /** A payment attempt on the link's page; the link's own order is opened on the first attempt. */
  function attempt(link: StandInLink, method: 'upi' | 'card', status: 'captured' | 'failed'): StandInPayment {
    link.orderId ??= razorpayId('order');
    const payment: StandInPayment = {
      id: razorpayId('pay'),
      linkId: link.id,
      orderId: link.orderId,
      status,
      method,
      amount: link.amount,
      currency: link.currency,
      amountRefunded: 0,
      // Razorpay copies the link's notes onto the payments made through it.
      notes: { ...link.notes },
      email: link.customer.email ?? 'void@razorpay.com',
      contact: link.customer.contact ?? '+919000090000',
      createdAt: seconds(),
    };
    payments.set(payment.id, payment);
    link.paymentIds.push(payment.id);
    link.updatedAt = seconds();
    if (status === 'captured') link.status = 'paid';
    return payment;
  }

  /** Posts a signed webhook (after the call that caused it has been answered) and keeps its record. */
  function emit(
    event: 'payment_link.paid' | 'payment.failed',
    payment: StandInPayment,
  ): RazorpayStandInWebhook {
    const link = links.get(payment.linkId);
    const payload =
      event === 'payment_link.paid' && link
        ? {
            payment_link: { entity: linkJson(link) },
            order: { entity: orderJson(link) },
            payment: { entity: paymentJson(payment) },
          }
        : { payment: { entity: paymentJson(payment) } };
    const body = {
      entity: 'event',
      account_id: accountId,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: seconds(),
    };
    const rawBody = JSON.stringify(body);
    const webhook: RazorpayStandInWebhook = {
      event: body,
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': razorpayId('evt'),
        'x-razorpay-signature': hmac(options.webhookSecret, rawBody),
      },
    };
    return outbox.send(webhook);
  }

  /** Where Razorpay sends the browser after a payment: callback_url with the signed summary. */
  function callback(link: StandInLink, paymentId: string | null): string | null {
    if (!link.callbackUrl) return null;
    const back = new URL(link.callbackUrl);
    if (paymentId) back.searchParams.set('razorpay_payment_id', paymentId);
    back.searchParams.set('razorpay_payment_link_id', link.id);
    back.searchParams.set('razorpay_payment_link_reference_id', link.referenceId);
    back.searchParams.set('razorpay_payment_link_status', link.status);
    if (paymentId) {
      back.searchParams.set(
        'razorpay_signature',
        hmac(options.keySecret, `${link.id}|${link.referenceId}|${link.status}|${paymentId}`),
      );
    }
    return back.href;
  }

  /**
   * The shopper's choice on the link's page. Answers where the browser goes (null: it stays on the page, as after
   * a failed attempt) and the Razorpay payment the choice made, if any.
   */
  function complete(
    linkId: string,
    outcome: RazorpayOutcome,
  ): { redirect: string | null; paymentId: string | null } {
    const link = links.get(linkId);
    if (!link) throw new Error(`no Razorpay payment link ${linkId}`);
    if (link.status !== 'created') throw new Error(`the payment link is ${link.status}`);
    if (outcome === 'cancel') {
      link.status = 'cancelled';
      link.cancelledAt = seconds();
      link.updatedAt = link.cancelledAt;
      return { redirect: callback(link, null), paymentId: null };
    }
    if (outcome === 'fail') {
      const payment = attempt(link, 'card', 'failed');
      emit('payment.failed', payment);
      return { redirect: null, paymentId: payment.id };
    }
    const payment = attempt(link, outcome, 'captured');
    emit('payment_link.paid', payment);
    return { redirect: callback(link, payment.id), paymentId: payment.id };
  }

  function linkPage(req: IncomingMessage, res: ServerResponse, linkId: string, text: string): void {
    const link = links.get(linkId);
    if (!link) {
      html(res, 404, '<h1>This payment link does not exist.</h1>');
      return;
    }
    let notice = '';
    if (req.method === 'POST') {
      const outcome = new URLSearchParams(text).get('outcome');
      if (outcome !== 'upi' && outcome !== 'card' && outcome !== 'fail' && outcome !== 'cancel') {
        html(res, 400, '<h1>Choose Pay with UPI, Pay by card, Fail or Cancel.</h1>');
        return;
      }
      if (link.status === 'created') {
        const { redirect } = complete(link.id, outcome);
        if (redirect) {
          res.writeHead(303, { location: redirect });
          res.end();
          return;
        }
        if (outcome === 'fail') notice = '<p role="alert">Payment failed. You can try again.</p>';
      }
    }
    const amount = `₹${Math.trunc(link.amount / 100)}.${String(link.amount % 100).padStart(2, '0')}`;
    const action = `/l/${encodeURIComponent(link.id)}`;
    const buttons =
      link.status === 'created'
        ? `<form method="post" action="${action}">
  <button type="submit" name="outcome" value="upi">Pay with UPI</button>
  <button type="submit" name="outcome" value="card">Pay by card</button>
  <button type="submit" name="outcome" value="fail">Fail</button>
  <button type="submit" name="outcome" value="cancel">Cancel</button>
</form>`
        : `<p>This payment link is ${escapeHtml(link.status)}.</p>`;
    html(
      res,
      200,
      `<h1>Razorpay (stand-in)</h1>
<p>${escapeHtml(link.referenceId)}: ${escapeHtml(link.description)}</p>
<p>Amount <strong data-testid="razorpay-amount">${escapeHtml(amount)}</strong></p>
${notice}
${buttons}`,
    );
  }

  url = await server.listen(options.port);

  return {
    /** The API root to give the adapter as `baseUrl`; the links' pages are under it too. */
    url,
    calls,
    refunds,
    webhooks: outbox.webhooks,
    complete,
    /** Sends a webhook about a payment again (Razorpay retries until the notify address answers 2xx). */
    resend: outbox.deliver,
    /** The link expires unpaid, as it would at its expire_by. */
    expire(linkId: string): void {
      const link = links.get(linkId);
      if (!link) throw new Error(`no Razorpay payment link ${linkId}`);
      link.status = 'expired';
      link.expiredAt = seconds();
      link.updatedAt = link.expiredAt;
    },
    link: (linkId: string) => {
      const link = links.get(linkId);
      return link ? linkJson(link) : undefined;
    },
    payment: (paymentId: string) => {
      const payment = payments.get(paymentId);
      return payment ? paymentJson(payment) : undefined;
    },
    setWebhookUrl: outbox.setUrl,
    /** The next API call answers 502, or is never answered ('timeout'). */
    failNextCall(kind: 'error' | 'timeout') {
      failNext = kind;
    },
    delivered: outbox.delivered,
    close: server.close,
  };
}

export type RazorpayStandIn = Awaited<ReturnType<typeof startRazorpayStandIn>>;

function send(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { headers: { 'content-type': 'application/json; charset=UTF-8' } });
}

function html(res: ServerResponse, status: number, body: string): void {
  sendHtml(res, status, htmlPage('Razorpay Payment Link', body));
}
