import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decimalTextToMinor, toDecimalText } from '../../../money/money.ts';
import { header, readBody, sendHtml, sendJson, standInServer } from '../stand-in-kit.ts';

// A local stand-in for bKash Tokenized Checkout (v1.2.0-beta), for tests and the journeys: token grant checked
// against username/password and app key/secret, create/execute/status/refund checked against the id_token and
// X-App-Key, and a hosted page whose Pay / Fail / Cancel send the browser to callbackURL with paymentID and status
// appended, as bKash does. Like bKash, Pay only authorises: the money moves when the merchant calls execute.

export interface BkashStandInCredentials {
  username: string;
  password: string;
  appKey: string;
  appSecret: string;
}

/** What the shopper does on the hosted page; `insufficient-balance` returns success but execute declines. */
export type BkashOutcome = 'success' | 'failure' | 'cancel' | 'insufficient-balance';

/**
 * How the next matching call goes wrong: a 500, an HTML page instead of JSON, no answer at all, or
 * (`answer-lost`) done but never answered.
 */
export type BkashFault = 'error' | 'malformed' | 'timeout' | 'answer-lost';

export interface BkashStandInPayment {
  paymentID: string;
  hash: string;
  amount: string;
  currency: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  createTime: string;
  transactionStatus: 'Initiated' | 'Completed' | 'Failed' | 'Cancelled';
  /** The shopper pressed Pay (and with which balance). */
  authorised: 'yes' | 'insufficient-balance' | null;
  trxID: string | null;
  executeCalls: number;
}

export interface BkashStandInRefund {
  paymentID: string;
  trxID: string;
  refundTrxID: string;
  amount: string;
  sku: string;
  reason: string;
}

export interface BkashStandInCall {
  path: string;
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
}

export interface BkashStandIn {
  /** The Tokenized API root to give the adapter as `baseUrl`. */
  url: string;
  /** Every API call received, in order. */
  calls: BkashStandInCall[];
  payments: Map<string, BkashStandInPayment>;
  refunds: BkashStandInRefund[];
  /** The shopper's choice without a browser: answers the callback URL the browser would be sent to. */
  complete(paymentID: string, outcome: BkashOutcome): string;
  /** The next API call (to a path ending with `path`, when given) goes wrong this way. */
  failNext(fault: BkashFault, path?: string): void;
  close(): Promise<void>;
}

const API_ROOT = '/v1.2.0-beta';
const CHECKOUT = `${API_ROOT}/tokenized/checkout`;
const PAGE = '/redirect/tokenized/';

export async function startBkashStandIn(
  credentials: BkashStandInCredentials,
  options: { port?: number; tokenLifetimeSeconds?: number } = {},
): Promise<BkashStandIn> {
  const tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
  const tokens = new Map<string, number>();
  const payments = new Map<string, BkashStandInPayment>();
  const refunds: BkashStandInRefund[] = [];
  const calls: BkashStandInCall[] = [];
  const faults: Array<{ fault: BkashFault; path: string | undefined }> = [];
  let origin = '';

  const server = standInServer(handle, (res, error) => send(res, 500, { message: String(error) }));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const text = await readBody(req);
    if (url.pathname === PAGE) return hostedPage(req, res, url, text);
    if (req.method !== 'POST' || !url.pathname.startsWith(CHECKOUT))
      return send(res, 404, { message: 'Not Found' });

    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text || '{}');
      if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      return send(res, 400, { message: 'Invalid request body' });
    }
    const path = url.pathname.slice(API_ROOT.length);
    calls.push({
      path,
      headers: {
        authorization: req.headers.authorization,
        'x-app-key': header(req, 'x-app-key'),
        username: header(req, 'username'),
      },
      body,
    });

    const index = faults.findIndex((f) => f.path === undefined || path.endsWith(f.path));
    const fault = index >= 0 ? faults.splice(index, 1)[0]?.fault : undefined;
    if (fault === 'error') return send(res, 500, { message: 'Internal server error' });
    if (fault === 'malformed') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (fault === 'timeout') {
      server.hang(res);
      return;
    }
    const answer = route(path, req, body);
    if (fault === 'answer-lost') {
      server.hang(res);
      return;
    }
    return send(res, answer.status, answer.body);
  }

  function route(
    path: string,
    req: IncomingMessage,
    body: Record<string, unknown>,
  ): { status: number; body: Record<string, unknown> } {
    if (path === '/tokenized/checkout/token/grant') return { status: 200, body: grant(req, body) };
    const expiresAt = tokens.get(req.headers.authorization ?? '');
    if (expiresAt === undefined || expiresAt < Date.now())
      return { status: 401, body: { message: 'Unauthorized' } };
    if (header(req, 'x-app-key') !== credentials.appKey) {
      return { status: 200, body: { statusCode: '2001', statusMessage: 'Invalid App Key' } };
    }
    switch (path) {
      case '/tokenized/checkout/create':
        return { status: 200, body: create(body) };
      case '/tokenized/checkout/execute':
        return { status: 200, body: execute(body) };
      case '/tokenized/checkout/payment/status':
        return { status: 200, body: status(body) };
      case '/tokenized/checkout/payment/refund':
        return { status: 200, body: refund(body) };
      default:
        return { status: 404, body: { message: 'Not Found' } };
    }
  }

  function grant(req: IncomingMessage, body: Record<string, unknown>): Record<string, unknown> {
    if (
      header(req, 'username') !== credentials.username ||
      header(req, 'password') !== credentials.password
    ) {
      return { statusCode: '2079', statusMessage: 'Invalid username and password' };
    }
    if (body.app_key !== credentials.appKey || body.app_secret !== credentials.appSecret) {
      return { statusCode: '2001', statusMessage: 'Invalid App Key' };
    }
    const idToken = `eyJ.${randomBytes(24).toString('base64url')}`;
    tokens.set(idToken, Date.now() + tokenLifetime * 1000);
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: tokenLifetime,
      refresh_token: randomUUID(),
    };
  }

  function create(body: Record<string, unknown>): Record<string, unknown> {
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    if (text('mode') !== '0011')
      return { statusCode: '2063', statusMessage: 'Mode is not valid as per request data' };
    if (text('intent') !== 'sale') return { statusCode: '2008', statusMessage: 'Invalid intent' };
    if (text('currency') !== 'BDT') return { statusCode: '2007', statusMessage: 'Invalid currency' };
    const minor = decimalTextToMinor(text('amount'));
    if (minor === null || minor <= 0) return { statusCode: '2006', statusMessage: 'Invalid amount' };
    if (!text('payerReference')) return { statusCode: '2048', statusMessage: 'Invalid Payer Reference' };
    if (!text('merchantInvoiceNumber'))
      return { statusCode: '2031', statusMessage: 'Invalid merchant invoice number' };
    if (!URL.canParse(text('callbackURL'))) {
      return { statusCode: '2049', statusMessage: 'Invalid Merchant Callback URL' };
    }
    const paymentID = `TR0011${randomBytes(4).toString('hex').toUpperCase()}${Date.now()}`;
    const payment: BkashStandInPayment = {
      paymentID,
      hash: randomBytes(16).toString('base64url'),
      amount: text('amount'),
      currency: 'BDT',
      merchantInvoiceNumber: text('merchantInvoiceNumber'),
      payerReference: text('payerReference'),
      callbackURL: text('callbackURL'),
      createTime: bkashTime(),
      transactionStatus: 'Initiated',
      authorised: null,
      trxID: null,
      executeCalls: 0,
    };
    payments.set(paymentID, payment);
    const page = new URL(PAGE, origin);
    for (const [name, value] of [
      ['paymentID', paymentID],
      ['hash', payment.hash],
      ['mode', '0011'],
      ['apiVersion', 'v1.2.0-beta'],
    ] as const) {
      page.searchParams.set(name, value);
    }
    return {
      paymentID,
      paymentCreateTime: payment.createTime,
      transactionStatus: 'Initiated',
      amount: payment.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      bkashURL: page.href,
      callbackURL: payment.callbackURL,
      successCallbackURL: callback(payment, 'success'),
      failureCallbackURL: callback(payment, 'failure'),
      cancelledCallbackURL: callback(payment, 'cancel'),
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  function execute(body: Record<string, unknown>): Record<string, unknown> {
    const payment = payments.get(String(body.paymentID ?? ''));
    if (!payment) return { statusCode: '2002', statusMessage: 'Invalid Payment ID' };
    payment.executeCalls += 1;
    if (payment.transactionStatus === 'Completed') {
      return { statusCode: '2062', statusMessage: 'The payment has already been completed' };
    }
    if (payment.transactionStatus !== 'Initiated' || payment.authorised === null) {
      return { statusCode: '2056', statusMessage: 'Invalid Payment State' };
    }
    if (payment.authorised === 'insufficient-balance') {
      return { statusCode: '2023', statusMessage: 'Insufficient Balance' };
    }
    payment.transactionStatus = 'Completed';
    payment.trxID = randomBytes(5).toString('hex').toUpperCase();
    return {
      ...record(payment),
      paymentExecuteTime: bkashTime(),
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  function status(body: Record<string, unknown>): Record<string, unknown> {
    const payment = payments.get(String(body.paymentID ?? ''));
    if (!payment) return { statusCode: '2002', statusMessage: 'Invalid Payment ID' };
    return {
      ...record(payment),
      mode: '0011',
      paymentCreateTime: payment.createTime,
      userVerificationStatus: payment.authorised ? 'Complete' : 'Incomplete',
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  function refund(body: Record<string, unknown>): Record<string, unknown> {
    const payment = payments.get(String(body.paymentID ?? ''));
    const trxID = payment?.transactionStatus === 'Completed' ? payment.trxID : null;
    if (!payment || trxID === null || trxID !== body.trxID) {
      return { statusCode: '2033', statusMessage: 'Transaction not found' };
    }
    const minor = decimalTextToMinor(typeof body.amount === 'string' ? body.amount : '');
    if (minor === null || minor <= 0) return { statusCode: '2006', statusMessage: 'Invalid amount' };
    const refunded = refunds
      .filter((r) => r.paymentID === payment.paymentID)
      .reduce((sum, r) => sum + (decimalTextToMinor(r.amount) ?? 0), 0);
    if (refunded + minor > (decimalTextToMinor(payment.amount) ?? 0)) {
      return {
        statusCode: '2026',
        statusMessage: 'The reversal amount cannot be greater than the original transaction amount',
      };
    }
    const entry: BkashStandInRefund = {
      paymentID: payment.paymentID,
      trxID,
      refundTrxID: randomBytes(5).toString('hex').toUpperCase(),
      amount: toDecimalText(minor),
      sku: String(body.sku ?? ''),
      reason: String(body.reason ?? ''),
    };
    refunds.push(entry);
    return {
      completedTime: bkashTime(),
      transactionStatus: 'Completed',
      originalTrxID: entry.trxID,
      refundTrxID: entry.refundTrxID,
      amount: entry.amount,
      currency: 'BDT',
      charge: '0.00',
    };
  }

  /** The hosted page: GET shows the buttons, POST records the choice and sends the browser to callbackURL. */
  function hostedPage(req: IncomingMessage, res: ServerResponse, url: URL, text: string): void {
    const form = req.method === 'POST' ? new URLSearchParams(text) : url.searchParams;
    const payment = payments.get(form.get('paymentID') ?? '');
    if (!payment || form.get('hash') !== payment.hash) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>bKash</title><p>This payment link is not valid.</p>');
      return;
    }
    if (req.method === 'POST') {
      const outcome = form.get('outcome');
      if (outcome !== 'success' && outcome !== 'failure' && outcome !== 'cancel') {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('Unknown choice');
        return;
      }
      res.writeHead(303, { location: complete(payment.paymentID, outcome) });
      res.end();
      return;
    }
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bKash Checkout</title></head>
<body>
<main>
<h1>bKash Checkout</h1>
<p>Invoice <strong>${escapeHtml(payment.merchantInvoiceNumber)}</strong>: ৳${escapeHtml(payment.amount)} BDT</p>
<form method="post" action="${PAGE}">
<input type="hidden" name="paymentID" value="${escapeHtml(payment.paymentID)}">
<input type="hidden" name="hash" value="${escapeHtml(payment.hash)}">
<button type="submit" name="outcome" value="success">Pay</button>
<button type="submit" name="outcome" value="failure">Fail</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
</form>
</main>
</body></html>`,
    );
  }

  function complete(paymentID: string, outcome: BkashOutcome): string {
    const payment = payments.get(paymentID);
    if (!payment) throw new Error(`bKash stand-in: no payment ${paymentID}`);
    if (payment.transactionStatus === 'Initiated') {
      if (outcome === 'success') payment.authorised = 'yes';
      else if (outcome === 'insufficient-balance') payment.authorised = 'insufficient-balance';
      else payment.transactionStatus = outcome === 'failure' ? 'Failed' : 'Cancelled';
    }
    return callback(payment, outcome === 'insufficient-balance' ? 'success' : outcome);
  }

  origin = await server.listen(options.port);
  return {
    url: `${origin}${API_ROOT}`,
    calls,
    payments,
    refunds,
    complete,
    failNext: (fault, path) => {
      faults.push({ fault, path });
    },
    close: server.close,
  };
}

/** callbackURL with bKash's fields appended to whatever query it already has. */
function callback(payment: BkashStandInPayment, status: 'success' | 'failure' | 'cancel'): string {
  const url = new URL(payment.callbackURL);
  url.searchParams.append('paymentID', payment.paymentID);
  url.searchParams.append('status', status);
  url.searchParams.append('signature', randomBytes(8).toString('hex'));
  url.searchParams.append('apiVersion', '1.2.0-beta');
  return url.href;
}

/** The fields execute and the status query both answer about a payment. */
function record(payment: BkashStandInPayment): Record<string, unknown> {
  return {
    paymentID: payment.paymentID,
    payerReference: payment.payerReference,
    customerMsisdn: payment.authorised ? '01770618575' : undefined,
    trxID: payment.trxID ?? undefined,
    transactionStatus: payment.transactionStatus,
    amount: payment.amount,
    currency: payment.currency,
    intent: 'sale',
    merchantInvoiceNumber: payment.merchantInvoiceNumber,
  };
}

/** bKash's timestamp style: 2019-08-07T11:15:56:336 GMT+0600. */
function bkashTime(): string {
  const dhaka = new Date(Date.now() + 6 * 3_600_000).toISOString();
  return `${dhaka.slice(0, 19)}:${dhaka.slice(20, 23)} GMT+0600`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { headers: { 'content-type': 'application/json;charset=UTF-8' } });
}
