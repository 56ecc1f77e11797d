import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toDecimalText } from '../../../money/money.ts';
import {
  escapeHtml,
  header,
  htmlPage,
  readBody,
  type StandInWebhook,
  sendHtml,
  sendJson,
  standInServer,
  webhookOutbox,
} from '../stand-in-kit.ts';

// A local stand-in for the parts of Stripe's API the store uses (Checkout Sessions in payment mode, PaymentIntents,
// refunds) and for its hosted Checkout page, for tests and the journeys. It reads form-encoded bodies in Stripe's
// bracket notation, checks the secret key, answers with Stripe's object shapes and error envelope, and signs the
// webhooks it posts as Stripe does (`Stripe-Signature: t=...,v1=HMAC-SHA256(secret, t + '.' + body)`). Test cards:
// 4242424242424242 pays, 4000000000000002 is declined, 4000002760003184 asks for 3-D Secure first.

export const STRIPE_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const;

export interface StripeStandInOptions {
  /** The secret key (`sk_test_...`) the API accepts as its bearer. */
  secretKey: string;
  /** The endpoint secret (`whsec_...`) webhooks are signed with. */
  webhookSecret: string;
  /** Where webhooks are posted; none: they are only recorded in `webhooks`. */
  webhookUrl?: string;
  port?: number;
}

type Metadata = Record<string, string>;

interface CardError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

interface StandInSession {
  id: string;
  amount: number;
  /** Lower case, as Stripe answers it. */
  currency: string;
  productName: string;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Metadata;
  intentMetadata: Metadata;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  /** Created when the shopper first submits a card, as Checkout does since API version 2022-08-01. */
  paymentIntentId: string | null;
  created: number;
  expiresAt: number;
}

interface StandInIntent {
  id: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  metadata: Metadata;
  latestCharge: string | null;
  lastPaymentError: CardError | null;
  amountRefunded: number;
  receiptEmail: string | null;
  created: number;
}

export interface StripeStandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  failure_reason?: string;
  metadata: Metadata;
  reason: string | null;
  created: number;
}

/** `headers` carry `stripe-signature`. */
export interface StripeStandInWebhook extends StandInWebhook {
  event: { id: string; type: string; data: { object: Record<string, unknown> } } & Record<string, unknown>;
}

export interface StripeStandInCall {
  method: string;
  path: string;
  /** The form body (POST) or query (GET), bracket notation unfolded. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

/** What the hosted page shows after the shopper acted on it. */
export type StripePageResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'challenge' }
  | { kind: 'error'; message: string };

/** The store's currencies (all of them are two-decimal at Stripe; HUF is charged in whole forints). */
const CURRENCIES = new Set(
  'usd cad gbp aud eur pln sek nok dkk chf czk huf ron bgn nzd aed ils try mxn brl ars zar bdt inr'.split(
    ' ',
  ),
);

const DECLINED: CardError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const AUTHENTICATION_FAILED: CardError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const INCORRECT_NUMBER: CardError = {
  type: 'card_error',
  code: 'incorrect_number',
  message: 'Your card number is incorrect.',
};

function stripeId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}${[...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Stripe's form encoding (`line_items[0][price_data][currency]=usd`, `expand[0]=payment_intent`) unfolded into
 * objects; keys that are all digits make arrays.
 */
export function parseStripeForm(params: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of params) {
    const parts = name.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

function arrays(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

function stripeError(
  status: number,
  type: string,
  message: string,
  extra: { code?: string; param?: string } = {},
): { status: number; body: unknown } {
  return {
    status,
    body: {
      error: {
        type,
        ...(extra.code
          ? { code: extra.code, doc_url: `https://stripe.com/docs/error-codes/${extra.code}` }
          : {}),
        message,
        ...(extra.param ? { param: extra.param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${stripeId('req_', 14)}`,
      },
    },
  };
}

const missing = (param: string) =>
  stripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });

const noSuch = (kind: string, id: string, param = 'id') =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

function metadataOf(value: unknown): Metadata {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Stripe's signature header for a body: HMAC-SHA256 of `timestamp.body` with the endpoint secret. */
export function stripeSignature(rawBody: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export async function startStripeStandIn(options: StripeStandInOptions) {
  const sessions = new Map<string, StandInSession>();
  const intents = new Map<string, StandInIntent>();
  const refundsById = new Map<string, StripeStandInRefund>();
  /** Answers by Idempotency-Key: a repeated request gets the first answer again. */
  const replays = new Map<string, { params: string; status: number; body: unknown }>();
  const calls: StripeStandInCall[] = [];
  const refunds: StripeStandInRefund[] = [];
  const outbox = webhookOutbox<StripeStandInWebhook>({
    url: options.webhookUrl,
    userAgent: 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  });
  let failNext: 'error' | 'timeout' | null = null;
  let failNextRefund = false;
  let url = '';

  const server = standInServer(handle, (res, error) =>
    send(res, 500, { error: { type: 'api_error', message: String(error) } }),
  );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = new URL(req.url ?? '/', url);
    const text = await readBody(req);
    const page = /^\/c\/pay\/([^/]+)$/.exec(address.pathname);
    if (page?.[1]) return checkoutPage(req, res, decodeURIComponent(page[1]), text);

    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' ? address.searchParams : new URLSearchParams(text));
    const idempotencyKey = header(req, 'idempotency-key');
    calls.push({ method, path: address.pathname, params, idempotencyKey });
    if (failNext === 'timeout') {
      failNext = null;
      server.hang(res);
      return;
    }
    if (failNext === 'error') {
      failNext = null;
      const failed = stripeError(500, 'api_error', 'An unknown error occurred');
      return send(res, failed.status, failed.body);
    }

    // Stripe takes the key as a bearer token, or as the user name of Basic auth (`curl -u sk_test_...:`).
    const authorization = req.headers.authorization ?? '';
    const basic = /^Basic (.+)$/.exec(authorization)?.[1];
    const bearer = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0]
      : /^Bearer (.+)$/.exec(authorization)?.[1];
    if (bearer !== options.secretKey) {
      const masked = bearer
        ? `${bearer.slice(0, 8)}${'*'.repeat(Math.max(0, bearer.length - 12))}${bearer.slice(-4)}`
        : '';
      const refused = bearer
        ? stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${masked}`)
        : stripeError(
            401,
            'invalid_request_error',
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          );
      return send(res, refused.status, refused.body);
    }

    const replayKey = method === 'POST' && idempotencyKey ? `${address.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) {
      if (replay.params !== text) {
        const conflict = stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
        return send(res, conflict.status, conflict.body);
      }
      return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    }
    const answer = route(method, address.pathname, params);
    // Stripe keeps the answer of any request that reached its API, refusals included.
    if (replayKey && answer.status < 500) replays.set(replayKey, { params: text, ...answer });
    send(res, answer.status, answer.body);
  }

  function route(
    method: string,
    path: string,
    params: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && session) {
      const found = sessions.get(decodeURIComponent(session));
      if (!found) return noSuch('checkout.session', decodeURIComponent(session), 'session');
      const expand = Array.isArray(params.expand) ? params.expand : [];
      return { status: 200, body: sessionJson(found, expand.includes('payment_intent')) };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && intent) {
      const found = intents.get(decodeURIComponent(intent));
      return found
        ? { status: 200, body: intentJson(found) }
        : noSuch('payment_intent', decodeURIComponent(intent), 'intent');
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && refund) {
      const found = refundsById.get(decodeURIComponent(refund));
      return found ? { status: 200, body: found } : noSuch('refund', decodeURIComponent(refund), 'refund');
    }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  function createSession(params: Record<string, unknown>): { status: number; body: unknown } {
    if (params.mode !== 'payment') {
      return params.mode === undefined
        ? missing('mode')
        : stripeError(400, 'invalid_request_error', 'This stand-in only knows mode=payment.', {
            code: 'parameter_invalid_string',
            param: 'mode',
          });
    }
    if (typeof params.success_url !== 'string') return missing('success_url');
    const items = params.line_items;
    if (!Array.isArray(items) || items.length !== 1) return missing('line_items');
    const item = items[0] as {
      quantity?: string;
      price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
    };
    const price = item.price_data;
    if (!price) return missing('line_items[0][price_data]');
    if (!price.currency) return missing('line_items[0][price_data][currency]');
    const currency = price.currency.toLowerCase();
    if (!CURRENCIES.has(currency)) {
      return stripeError(400, 'invalid_request_error', `Invalid currency: ${price.currency}.`, {
        code: 'parameter_invalid_string',
        param: 'line_items[0][price_data][currency]',
      });
    }
    if (!price.product_data?.name) return missing('line_items[0][price_data][product_data][name]');
    const unitAmount = Number(price.unit_amount);
    const quantity = Number(item.quantity ?? '1');
    if (
      price.unit_amount === undefined ||
      !/^\d+$/.test(price.unit_amount) ||
      !Number.isSafeInteger(unitAmount)
    ) {
      return stripeError(400, 'invalid_request_error', 'Invalid integer: unit_amount.', {
        code: 'parameter_invalid_integer',
        param: 'line_items[0][price_data][unit_amount]',
      });
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      return stripeError(400, 'invalid_request_error', 'Invalid integer: quantity.', {
        code: 'parameter_invalid_integer',
        param: 'line_items[0][quantity]',
      });
    }
    const amount = unitAmount * quantity;
    // Forints are charged with two decimals at Stripe, but only in whole forints.
    if (currency === 'huf' && amount % 100 !== 0) {
      return stripeError(400, 'invalid_request_error', 'Amounts in HUF must be evenly divisible by 100.', {
        code: 'parameter_invalid_integer',
        param: 'line_items[0][price_data][unit_amount]',
      });
    }
    if (amount <= 0) {
      return stripeError(
        400,
        'invalid_request_error',
        'The Checkout Session total must be greater than zero.',
        {
          code: 'amount_too_small',
        },
      );
    }
    const created = now();
    const session: StandInSession = {
      id: stripeId('cs_test_a1', 56),
      amount,
      currency,
      productName: price.product_data.name,
      successUrl: params.success_url,
      cancelUrl: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      clientReferenceId: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customerEmail: typeof params.customer_email === 'string' ? params.customer_email : null,
      metadata: metadataOf(params.metadata),
      intentMetadata: metadataOf(
        (params.payment_intent_data as { metadata?: unknown } | undefined)?.metadata,
      ),
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      created,
      expiresAt: created + 24 * 60 * 60,
    };
    sessions.set(session.id, session);
    return { status: 200, body: sessionJson(session, false) };
  }

  function createRefund(params: Record<string, unknown>): { status: number; body: unknown } {
    const intentId = params.payment_intent;
    if (typeof intentId !== 'string') return missing('payment_intent');
    const intent = intents.get(intentId);
    if (!intent) return noSuch('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded' || !intent.latestCharge) {
      return stripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        { code: 'charge_not_refundable' },
      );
    }
    const remaining = intent.amount - intent.amountRefunded;
    if (remaining === 0) {
      return stripeError(
        400,
        'invalid_request_error',
        `Charge ${intent.latestCharge} has already been refunded.`,
        {
          code: 'charge_already_refunded',
        },
      );
    }
    const asked = params.amount === undefined ? remaining : Number(params.amount);
    if (typeof params.amount === 'string' && !/^\d+$/.test(params.amount)) {
      return stripeError(400, 'invalid_request_error', 'Invalid integer: amount', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    }
    if (asked <= 0) {
      return stripeError(400, 'invalid_request_error', 'Amount must be at least 1 cent.', {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    if (asked > remaining) {
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (${asked}) is greater than unrefunded amount on charge (${remaining})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const failed = failNextRefund;
    failNextRefund = false;
    const refund: StripeStandInRefund = {
      id: stripeId('re_3'),
      object: 'refund',
      amount: asked,
      currency: intent.currency,
      charge: intent.latestCharge,
      payment_intent: intent.id,
      status: failed ? 'failed' : 'succeeded',
      ...(failed ? { failure_reason: 'expired_or_canceled_card' } : {}),
      metadata: metadataOf(params.metadata),
      reason: typeof params.reason === 'string' ? params.reason : null,
      created: now(),
    };
    if (!failed) intent.amountRefunded += asked;
    refundsById.set(refund.id, refund);
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function intentJson(intent: StandInIntent) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: 0,
      amount_received: intent.status === 'succeeded' ? intent.amount : 0,
      capture_method: 'automatic_async',
      client_secret: `${intent.id}_secret_${stripeId('', 25)}`,
      confirmation_method: 'automatic',
      created: intent.created,
      currency: intent.currency,
      last_payment_error: intent.lastPaymentError,
      latest_charge: intent.latestCharge,
      livemode: false,
      metadata: intent.metadata,
      next_action:
        intent.status === 'requires_action'
          ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
          : null,
      payment_method_types: ['card'],
      receipt_email: intent.receiptEmail,
      status: intent.status,
    };
  }

  function sessionJson(session: StandInSession, expandIntent: boolean) {
    const intent = session.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
    return {
      id: session.id,
      object: 'checkout.session',
      amount_subtotal: session.amount,
      amount_total: session.amount,
      cancel_url: session.cancelUrl,
      client_reference_id: session.clientReferenceId,
      created: session.created,
      currency: session.currency,
      customer: null,
      customer_details: session.customerEmail ? { email: session.customerEmail } : null,
      customer_email: session.customerEmail,
      expires_at: session.expiresAt,
      livemode: false,
      metadata: session.metadata,
      mode: 'payment',
      payment_intent: intent ? (expandIntent ? intentJson(intent) : intent.id) : null,
      payment_method_types: ['card'],
      payment_status: session.paymentStatus,
      status: session.status,
      success_url: session.successUrl,
      url: session.status === 'open' ? `${url}/c/pay/${session.id}` : null,
    };
  }

  /** Signs and records an event, then posts it to the webhook endpoint. */
  function emit(type: string, object: Record<string, unknown>): StripeStandInWebhook {
    const event = {
      id: stripeId('evt_1'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const rawBody = JSON.stringify(event, null, 2);
    const webhook: StripeStandInWebhook = {
      event,
      rawBody,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(rawBody, options.webhookSecret),
      },
    };
    return outbox.send(webhook);
  }

  function intentOf(session: StandInSession): StandInIntent {
    const existing = session.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
    if (existing) return existing;
    const intent: StandInIntent = {
      id: stripeId('pi_3'),
      amount: session.amount,
      currency: session.currency,
      status: 'requires_payment_method',
      metadata: session.intentMetadata,
      latestCharge: null,
      lastPaymentError: null,
      amountRefunded: 0,
      receiptEmail: session.customerEmail,
      created: now(),
    };
    intents.set(intent.id, intent);
    session.paymentIntentId = intent.id;
    return intent;
  }

  function succeed(session: StandInSession, intent: StandInIntent): StripePageResult {
    intent.status = 'succeeded';
    intent.lastPaymentError = null;
    intent.latestCharge = stripeId('ch_3');
    session.status = 'complete';
    session.paymentStatus = 'paid';
    emit('payment_intent.succeeded', intentJson(intent));
    emit('checkout.session.completed', sessionJson(session, false));
    return { kind: 'redirect', location: session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
  }

  function fail(intent: StandInIntent, error: CardError): StripePageResult {
    intent.status = 'requires_payment_method';
    intent.lastPaymentError = error;
    emit('payment_intent.payment_failed', intentJson(intent));
    return { kind: 'error', message: error.message };
  }

  function openSession(sessionId: string): StandInSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no Checkout Session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`the Checkout Session ${sessionId} is ${session.status}`);
    return session;
  }

  /** The shopper submits a card number on the Checkout page. */
  function pay(sessionId: string, cardNumber: string): StripePageResult {
    const session = openSession(sessionId);
    const number = cardNumber.replace(/[\s-]/g, '');
    const known = Object.values(STRIPE_TEST_CARDS) as string[];
    // Checkout checks the number in the browser: nothing reaches a PaymentIntent.
    if (!known.includes(number)) return { kind: 'error', message: INCORRECT_NUMBER.message };
    const intent = intentOf(session);
    if (number === STRIPE_TEST_CARDS.declined) return fail(intent, DECLINED);
    if (number === STRIPE_TEST_CARDS.threeDSecure) {
      intent.status = 'requires_action';
      intent.lastPaymentError = null;
      return { kind: 'challenge' };
    }
    return succeed(session, intent);
  }

  /** The shopper completes or fails the 3-D Secure challenge. */
  function authenticate(sessionId: string, passed: boolean): StripePageResult {
    const session = openSession(sessionId);
    const intent = session.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
    if (intent?.status !== 'requires_action') throw new Error(`no authentication pending on ${sessionId}`);
    return passed ? succeed(session, intent) : fail(intent, AUTHENTICATION_FAILED);
  }

  /** The shopper leaves through "Cancel": Checkout sends them to cancel_url and keeps the session open. */
  function cancel(sessionId: string): string {
    const session = openSession(sessionId);
    return session.cancelUrl ?? session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  function checkoutPage(req: IncomingMessage, res: ServerResponse, sessionId: string, text: string): void {
    const session = sessions.get(sessionId);
    if (!session) {
      html(res, 404, '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>');
      return;
    }
    if (session.status !== 'open') {
      html(res, 410, '<h1>This Checkout Session is no longer active.</h1>');
      return;
    }
    if (req.method === 'POST') {
      const form = new URLSearchParams(text);
      const action = form.get('action');
      let result: StripePageResult;
      if (action === 'cancel') result = { kind: 'redirect', location: cancel(session.id) };
      else if (action === 'pay') result = pay(session.id, form.get('cardNumber') ?? '');
      else if (action === 'authenticate' || action === 'fail-authentication') {
        const intent = session.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
        if (intent?.status !== 'requires_action') {
          html(res, 409, '<h1>No authentication is pending.</h1>');
          return;
        }
        result = authenticate(session.id, action === 'authenticate');
      } else {
        html(res, 400, '<h1>Choose Pay or Cancel.</h1>');
        return;
      }
      if (result.kind === 'redirect') {
        res.writeHead(303, { location: result.location });
        res.end();
        return;
      }
      html(res, 200, pageBody(session, result));
      return;
    }
    const intent = session.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
    html(res, 200, pageBody(session, intent?.status === 'requires_action' ? { kind: 'challenge' } : null));
  }

  function pageBody(session: StandInSession, state: StripePageResult | null): string {
    const action = `/c/pay/${encodeURIComponent(session.id)}`;
    const amount = `${toDecimalText(session.amount)} ${session.currency.toUpperCase()}`;
    const summary = `<h1>Stripe Checkout (stand-in)</h1>
<p>${escapeHtml(session.productName)}</p>
<p>Pay <strong data-testid="stripe-amount">${escapeHtml(amount)}</strong></p>`;
    if (state?.kind === 'challenge') {
      return `${summary}
<section aria-label="3D Secure authentication">
<h2>Authenticate your payment</h2>
<p>Your bank asks you to confirm this payment (3D Secure 2 test page).</p>
<form method="post" action="${action}">
  <button type="submit" name="action" value="authenticate">Complete authentication</button>
  <button type="submit" name="action" value="fail-authentication">Fail authentication</button>
</form>
</section>`;
    }
    const error = state?.kind === 'error' ? `<p role="alert">${escapeHtml(state.message)}</p>` : '';
    return `${summary}
${session.customerEmail ? `<p>Email ${escapeHtml(session.customerEmail)}</p>` : ''}
<form method="post" action="${action}">
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234">
  ${error}
  <button type="submit" name="action" value="pay">Pay</button>
  <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`;
  }

  url = await server.listen(options.port);

  return {
    /** The API address to give the adapter as `baseUrl`; the Checkout page is under it too. */
    url,
    calls,
    refunds,
    webhooks: outbox.webhooks,
    pay,
    authenticate,
    cancel,
    /** Expires an open session, as Stripe does after `expires_at` (24 hours by default). */
    expire(sessionId: string): StripeStandInWebhook {
      const session = openSession(sessionId);
      session.status = 'expired';
      return emit('checkout.session.expired', sessionJson(session, false));
    },
    session: (sessionId: string) => sessions.get(sessionId),
    paymentIntent: (intentId: string) => intents.get(intentId),
    setWebhookUrl: outbox.setUrl,
    /** The next API call answers 500, or is never answered ('timeout'). */
    failNextCall(kind: 'error' | 'timeout') {
      failNext = kind;
    },
    /** The next refund is answered with status `failed` (the card can no longer take it back). */
    failNextRefund() {
      failNextRefund = true;
    },
    delivered: outbox.delivered,
    close: server.close,
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, body, {
    headers: { 'request-id': stripeId('req_', 14), 'stripe-version': '2026-10-28.endive', ...headers },
    indent: 2,
  });
}

function html(res: ServerResponse, status: number, body: string): void {
  sendHtml(res, status, htmlPage('Stripe Checkout', body));
}
