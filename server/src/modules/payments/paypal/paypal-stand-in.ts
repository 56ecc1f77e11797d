import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  escapeHtml,
  header,
  htmlPage,
  readBody,
  type StandInWebhook,
  sendJson as send,
  sendHtml,
  standInServer,
  webhookOutbox,
} from '../stand-in-kit.ts';

// A local stand-in for PayPal's REST API (OAuth token, Orders v2, captures and refunds, webhook signature
// verification) and its approval page, for tests and the journeys. It checks client credentials and bearer tokens
// as PayPal does, answers with PayPal's shapes and error issues, and signs the webhooks it sends so that only the
// events it really sent pass its verify-webhook-signature. Amounts are kept as PayPal's decimal strings.

export type PayPalOutcome = 'pay' | 'fail' | 'cancel';

export interface PayPalStandInOptions {
  clientId: string;
  clientSecret: string;
  /** The webhook id the store verifies notifications with. */
  webhookId: string;
  /** Where webhooks are posted; none: they are only recorded in `webhooks`. */
  webhookUrl?: string;
  port?: number;
  /** `expires_in` of the access tokens it issues (PayPal: about nine hours). */
  tokenLifetimeSeconds?: number;
}

type Amount = { currency_code: string; value: string };

interface StandInOrder {
  id: string;
  /** PAYER_ACTION_REQUIRED when created with payment_source.paypal, CREATED with application_context. */
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: Amount;
  };
  returnUrl: string;
  cancelUrl: string;
  /** The shopper pressed Fail: the approval went through but the funding is declined at capture. */
  declined: boolean;
  payerId: string | null;
  captureId: string | null;
  createTime: string;
}

interface StandInCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Amount;
  refundedCents: number;
  customId?: string;
  invoiceId?: string;
  createTime: string;
}

export interface PayPalStandInRefund {
  id: string;
  captureId: string;
  amount: Amount;
  status: 'COMPLETED';
}

/** `headers` are PayPal's transmission headers. */
export interface PayPalStandInWebhook extends StandInWebhook {
  event: Record<string, unknown>;
}

export interface PayPalStandInCall {
  method: string;
  path: string;
  requestId: string | undefined;
  body: unknown;
}

const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
/** The currencies PayPal takes (its currency codes page). */
const CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(
    ' ',
  ),
);

/** PayPal's ids: 17 upper-case letters and digits. */
function paypalId(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
  return [...randomBytes(17)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** A PayPal amount in cents, or null when PayPal would refuse its precision for the currency. */
function cents(amount: Partial<Amount> | undefined): number | null {
  const value = amount?.value ?? '';
  const pattern = ZERO_DECIMAL.has(amount?.currency_code ?? '') ? /^(\d+)()$/ : /^(\d+)(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(value);
  if (!match?.[1]) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function centsText(total: number, currency: string): string {
  const units = Math.trunc(total / 100);
  return ZERO_DECIMAL.has(currency) ? String(units) : `${units}.${String(total % 100).padStart(2, '0')}`;
}

/** JSON with sorted keys: two events are the same event whatever the order of their fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const ISSUE_NAMES: Record<number, [string, string]> = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
};

function paypalError(status: 400 | 404 | 422, issue: string, description: string, field?: string) {
  const [name, message] = ISSUE_NAMES[status] ?? [
    'INTERNAL_SERVER_ERROR',
    'An internal server error occurred.',
  ];
  return {
    name,
    message,
    debug_id: randomBytes(7).toString('hex'),
    details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
    links: [
      {
        href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`,
        rel: 'information_link',
        method: 'GET',
      },
    ],
  };
}

export async function startPayPalStandIn(options: PayPalStandInOptions) {
  const orders = new Map<string, StandInOrder>();
  const captures = new Map<string, StandInCapture>();
  const tokens = new Set<string>();
  /** Answers by PayPal-Request-Id: a repeated request gets the first answer again. */
  const replays = new Map<string, { status: number; body: unknown }>();
  const calls: PayPalStandInCall[] = [];
  const refunds: PayPalStandInRefund[] = [];
  const outbox = webhookOutbox<PayPalStandInWebhook>({
    url: options.webhookUrl,
    userAgent: 'PayPal/AUHD-214.0-58184498',
  });
  const { webhooks } = outbox;
  const signingKey = randomBytes(32);
  let failNext: 'error' | 'timeout' | null = null;
  let url = '';

  const server = standInServer(handle, (res, error) =>
    send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }),
  );

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = new URL(req.url ?? '/', url);
    const text = await readBody(req);
    if (address.pathname === '/checkoutnow') return checkoutPage(req, res, address, text);

    const requestId = header(req, 'paypal-request-id');
    let body: unknown = text;
    if ((req.headers['content-type'] ?? '').startsWith('application/json') && text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return send(
          res,
          400,
          paypalError(400, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'),
        );
      }
    }
    calls.push({ method: req.method ?? 'GET', path: address.pathname, requestId, body });
    if (failNext === 'timeout') {
      failNext = null;
      server.hang(res);
      return;
    }
    if (failNext === 'error') {
      failNext = null;
      return send(res, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' });
    }

    if (address.pathname === '/v1/oauth2/token' && req.method === 'POST') return issueToken(req, res, text);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send(res, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    }
    const json = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const replayKey = requestId ? `${req.method} ${address.pathname} ${requestId}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return send(res, replay.status, replay.body);

    const routed = route(req.method ?? 'GET', address.pathname, json);
    // PayPal answers a POST with only id, status and links unless asked for the whole resource.
    const minimal =
      req.method === 'POST' &&
      address.pathname.startsWith('/v2/') &&
      routed.status < 300 &&
      header(req, 'prefer') !== 'return=representation';
    const { id, status, links } = routed.body as Record<string, unknown>;
    const answer = minimal ? { status: routed.status, body: { id, status, links } } : routed;
    // Only a request that went through is replayed: a capture refused before approval may be retried after it.
    if (replayKey && answer.status < 300) replays.set(replayKey, answer);
    send(res, answer.status, answer.body);
  }

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verify(body);
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderPath?.[1]) {
      const order = orders.get(decodeURIComponent(orderPath[1]));
      if (!order) {
        return {
          status: 404,
          body: paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.'),
        };
      }
      if (method === 'POST' && orderPath[2]) return captureOrder(order);
      if (method === 'GET' && !orderPath[2]) return { status: 200, body: orderJson(order) };
    }
    const capturePath = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    if (capturePath?.[1]) {
      const capture = captures.get(decodeURIComponent(capturePath[1]));
      if (!capture) {
        return {
          status: 404,
          body: paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.'),
        };
      }
      if (method === 'POST' && capturePath[2]) return refund(capture, body);
      if (method === 'GET' && !capturePath[2]) return { status: 200, body: captureJson(capture) };
    }
    return { status: 404, body: paypalError(404, 'NOT_FOUND', `No ${method} ${path} here.`) };
  }

  function issueToken(req: IncomingMessage, res: ServerResponse, text: string): void {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (
      colon < 0 ||
      decoded.slice(0, colon) !== options.clientId ||
      decoded.slice(colon + 1) !== options.clientSecret
    ) {
      send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    if (new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
      send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      return;
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    send(res, 200, {
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: options.tokenLifetimeSeconds ?? 32_400,
      nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
    });
  }

  function createOrder(body: Record<string, unknown>): { status: number; body: unknown } {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
      return {
        status: 400,
        body: paypalError(400, 'INVALID_PARAMETER_VALUE', 'intent is invalid.', '/intent'),
      };
    }
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1) {
      return {
        status: 400,
        body: paypalError(
          400,
          'MISSING_REQUIRED_PARAMETER',
          'One purchase unit is needed.',
          '/purchase_units',
        ),
      };
    }
    const unit = units[0] as StandInOrder['unit'];
    const currency = unit.amount?.currency_code ?? '';
    if (!CURRENCIES.has(currency)) {
      return {
        status: 422,
        body: paypalError(422, 'CURRENCY_NOT_SUPPORTED', 'Currency code is not currently supported.'),
      };
    }
    const total = cents(unit.amount);
    if (total === null || total <= 0) {
      return {
        status: 422,
        body: paypalError(
          422,
          'DECIMAL_PRECISION',
          'If the currency supports decimals, only two decimal place precision is supported.',
          '/purchase_units/@reference_id==default/amount/value',
        ),
      };
    }
    const source = (
      body.payment_source as { paypal?: { experience_context?: Record<string, string> } } | undefined
    )?.paypal?.experience_context;
    const context = source ?? (body.application_context as Record<string, string> | undefined);
    if (!context?.return_url || !context.cancel_url) {
      return {
        status: 422,
        body: paypalError(422, 'MISSING_REQUIRED_PARAMETER', 'return_url and cancel_url are required here.'),
      };
    }
    const order: StandInOrder = {
      id: paypalId(),
      status: source ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      unit,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      declined: false,
      payerId: null,
      captureId: null,
      createTime: new Date().toISOString(),
    };
    orders.set(order.id, order);
    return { status: 200, body: orderJson(order) };
  }

  function captureOrder(order: StandInOrder): { status: number; body: unknown } {
    if (order.status === 'COMPLETED') {
      return {
        status: 422,
        body: paypalError(
          422,
          'ORDER_ALREADY_CAPTURED',
          'Order already captured.If intent=CAPTURE only one capture per order is allowed.',
        ),
      };
    }
    if (order.status !== 'APPROVED') {
      return {
        status: 422,
        body: paypalError(422, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.'),
      };
    }
    if (order.declined) {
      return {
        status: 422,
        body: paypalError(
          422,
          'INSTRUMENT_DECLINED',
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        ),
      };
    }
    const capture: StandInCapture = {
      id: paypalId(),
      orderId: order.id,
      status: 'COMPLETED',
      amount: order.unit.amount,
      refundedCents: 0,
      createTime: new Date().toISOString(),
      ...(order.unit.custom_id ? { customId: order.unit.custom_id } : {}),
      ...(order.unit.invoice_id ? { invoiceId: order.unit.invoice_id } : {}),
    };
    captures.set(capture.id, capture);
    order.status = 'COMPLETED';
    order.captureId = capture.id;
    emit('PAYMENT.CAPTURE.COMPLETED', capture.id);
    return { status: 201, body: orderJson(order) };
  }

  function refund(capture: StandInCapture, body: Record<string, unknown>): { status: number; body: unknown } {
    const captured = cents(capture.amount) ?? 0;
    const remaining = captured - capture.refundedCents;
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return {
        status: 422,
        body: paypalError(
          422,
          capture.status === 'REFUNDED' ? 'CAPTURE_FULLY_REFUNDED' : 'REFUND_NOT_ALLOWED',
          'The capture cannot be refunded.',
        ),
      };
    }
    const asked = body.amount as Partial<Amount> | undefined;
    if (asked && asked.currency_code !== capture.amount.currency_code) {
      return {
        status: 422,
        body: paypalError(
          422,
          'REFUND_CURRENCY_MISMATCH',
          'Refund must be in the same currency as the capture.',
        ),
      };
    }
    const amount = asked ? cents(asked) : remaining;
    if (amount === null || amount <= 0) {
      return { status: 422, body: paypalError(422, 'DECIMAL_PRECISION', 'The refund amount is not valid.') };
    }
    if (amount > remaining) {
      return {
        status: 422,
        body: paypalError(
          422,
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        ),
      };
    }
    capture.refundedCents += amount;
    capture.status = capture.refundedCents === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const currency = capture.amount.currency_code;
    const made: PayPalStandInRefund = {
      id: paypalId(),
      captureId: capture.id,
      amount: { currency_code: currency, value: centsText(amount, currency) },
      status: 'COMPLETED',
    };
    refunds.push(made);
    return {
      status: 201,
      body: {
        id: made.id,
        status: made.status,
        amount: made.amount,
        links: [
          { href: `${url}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
          { href: `${url}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      },
    };
  }

  function verify(body: Record<string, unknown>): { status: number; body: unknown } {
    const names = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    const missing = names.find((name) => typeof body[name] !== 'string' || body[name] === '');
    if (missing || typeof body.webhook_event !== 'object' || body.webhook_event === null) {
      return {
        status: 400,
        body: {
          name: 'VALIDATION_ERROR',
          message: 'Invalid request - see details',
          debug_id: randomBytes(7).toString('hex'),
          details: [
            { field: missing ?? 'webhook_event', location: 'body', issue: 'Required field cannot be blank' },
          ],
        },
      };
    }
    const sent = webhooks.find((w) => w.headers['paypal-transmission-id'] === body.transmission_id);
    const genuine =
      sent !== undefined &&
      body.webhook_id === options.webhookId &&
      sent.headers['paypal-transmission-sig'] === body.transmission_sig &&
      sent.headers['paypal-transmission-time'] === body.transmission_time &&
      sent.headers['paypal-auth-algo'] === body.auth_algo &&
      sent.headers['paypal-cert-url'] === body.cert_url &&
      canonical(sent.event) === canonical(body.webhook_event);
    return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
  }

  function captureJson(capture: StandInCapture) {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      seller_protection: { status: 'NOT_ELIGIBLE' },
      ...(capture.customId ? { custom_id: capture.customId } : {}),
      ...(capture.invoiceId ? { invoice_id: capture.invoiceId } : {}),
      create_time: capture.createTime,
      update_time: capture.createTime,
      links: [
        { href: `${url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${url}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  function orderJson(order: StandInOrder) {
    const self = `${url}/v2/checkout/orders/${order.id}`;
    const approval = `${url}/checkoutnow?token=${order.id}`;
    const capture = order.captureId ? captures.get(order.captureId) : undefined;
    const links =
      order.status === 'PAYER_ACTION_REQUIRED'
        ? [
            { href: self, rel: 'self', method: 'GET' },
            { href: approval, rel: 'payer-action', method: 'GET' },
          ]
        : order.status === 'COMPLETED'
          ? [{ href: self, rel: 'self', method: 'GET' }]
          : [
              { href: self, rel: 'self', method: 'GET' },
              ...(order.status === 'CREATED' ? [{ href: approval, rel: 'approve', method: 'GET' }] : []),
              { href: self, rel: 'update', method: 'PATCH' },
              { href: `${self}/capture`, rel: 'capture', method: 'POST' },
            ];
    const payer = order.payerId
      ? {
          payer: {
            name: { given_name: 'Sam', surname: 'Shopper' },
            email_address: 'sam.shopper@example.com',
            payer_id: order.payerId,
          },
          payment_source: { paypal: { email_address: 'sam.shopper@example.com', account_id: order.payerId } },
        }
      : {};
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...payer,
      purchase_units: [
        {
          reference_id: order.unit.reference_id ?? 'default',
          ...order.unit,
          ...(capture ? { payments: { captures: [captureJson(capture)] } } : {}),
        },
      ],
      create_time: order.createTime,
      links,
    };
  }

  /** Sends a webhook about a capture, signed so that verify-webhook-signature accepts it; answers the record. */
  function emit(
    eventType: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED' | 'PAYMENT.CAPTURE.PENDING',
    captureId: string,
  ): PayPalStandInWebhook {
    const capture = captures.get(captureId);
    if (!capture) throw new Error(`no capture ${captureId}`);
    if (eventType === 'PAYMENT.CAPTURE.DENIED') capture.status = 'DECLINED';
    const id = `WH-${paypalId()}-${paypalId()}`;
    const resource = {
      ...captureJson(capture),
      ...(eventType === 'PAYMENT.CAPTURE.PENDING' ? { status: 'PENDING' } : {}),
      supplementary_data: { related_ids: { order_id: capture.orderId } },
    };
    const event = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: `Payment ${eventType.split('.').at(-1)?.toLowerCase()} for ${capture.amount.value} ${capture.amount.currency_code}`,
      resource,
      links: [
        { href: `${url}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${url}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const rawBody = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    // PayPal signs transmission id, time, webhook id and a checksum of the body; the stand-in keeps that shape.
    const digest = createHash('sha256').update(rawBody).digest('hex');
    const signature = createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${options.webhookId}|${digest}`)
      .digest('base64');
    const webhook: PayPalStandInWebhook = {
      event,
      rawBody,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-stand-in`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      },
    };
    return outbox.send(webhook);
  }

  /** The shopper's choice on the approval page; answers where PayPal sends their browser. */
  function complete(orderId: string, outcome: PayPalOutcome): string {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no PayPal order ${orderId}`);
    if (outcome === 'cancel') {
      const back = new URL(order.cancelUrl);
      back.searchParams.set('token', order.id);
      return back.href;
    }
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      order.status = 'APPROVED';
      order.payerId = paypalId().slice(0, 13);
      order.declined = outcome === 'fail';
    }
    const back = new URL(order.returnUrl);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', order.payerId ?? '');
    return back.href;
  }

  function checkoutPage(req: IncomingMessage, res: ServerResponse, address: URL, text: string): void {
    const order = orders.get(address.searchParams.get('token') ?? '');
    if (!order) {
      html(res, 404, '<h1>This checkout session has expired.</h1>');
      return;
    }
    if (req.method === 'POST') {
      const outcome = new URLSearchParams(text).get('outcome');
      if (outcome !== 'pay' && outcome !== 'fail' && outcome !== 'cancel') {
        html(res, 400, '<h1>Choose Pay, Fail or Cancel.</h1>');
        return;
      }
      res.writeHead(303, { location: complete(order.id, outcome) });
      res.end();
      return;
    }
    const amount = `${escapeHtml(order.unit.amount.value)} ${escapeHtml(order.unit.amount.currency_code)}`;
    html(
      res,
      200,
      `<h1>PayPal (stand-in)</h1>
<p>Order ${escapeHtml(order.unit.invoice_id ?? order.id)}: ${escapeHtml(order.unit.description ?? '')}</p>
<p>Total <strong data-testid="paypal-amount">${amount}</strong></p>
<form method="post" action="/checkoutnow?token=${encodeURIComponent(order.id)}">
  <button type="submit" name="outcome" value="pay">Pay</button>
  <button type="submit" name="outcome" value="fail">Fail</button>
  <button type="submit" name="outcome" value="cancel">Cancel</button>
</form>`,
    );
  }

  url = await server.listen(options.port);

  return {
    /** The API address to give the adapter as `baseUrl`; the approval page is under it too. */
    url,
    calls,
    refunds,
    webhooks,
    complete,
    emit,
    /** Captures an approved order outside the adapter (an earlier capture whose answer was lost). */
    captureNow(orderId: string): string {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no PayPal order ${orderId}`);
      const answer = captureOrder(order);
      if (answer.status !== 201 || !order.captureId) throw new Error(`the order could not be captured`);
      return order.captureId;
    },
    order: (orderId: string) => orders.get(orderId),
    capture: (captureId: string) => captures.get(captureId),
    /** Revokes every access token issued so far, as an expiry would. */
    revokeTokens: () => tokens.clear(),
    setWebhookUrl: outbox.setUrl,
    /** The next API call answers 503, or is never answered ('timeout'). */
    failNextCall(kind: 'error' | 'timeout') {
      failNext = kind;
    },
    delivered: outbox.delivered,
    close: server.close,
  };
}

export type PayPalStandIn = Awaited<ReturnType<typeof startPayPalStandIn>>;

function html(res: ServerResponse, status: number, body: string): void {
  sendHtml(res, status, htmlPage('PayPal Checkout', body));
}
