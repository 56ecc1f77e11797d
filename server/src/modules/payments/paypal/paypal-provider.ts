import { decimalTextToMinor, toDecimalText } from '../../../money/money.ts';
import type {
  HostedCheckoutRequest,
  HostedPaymentProvider,
  PendingPayment,
  ProviderMessage,
  ProviderVerdict,
} from '../hosted.types.ts';
import { PaymentError } from '../payment-error.ts';
import {
  type JsonAnswer as ApiAnswer,
  callJson,
  messageHeader as header,
  type ProviderHttpConfig,
  parseJsonObject,
} from '../provider-http.ts';

// PayPal REST, Orders v2: the order is created on our server, the shopper approves it on PayPal's page, and the
// money moves only when our server captures the approved order (or PayPal's webhook, verified with PayPal itself,
// says a capture completed). The browser's return alone proves nothing: it only names the order to capture.

export interface PayPalConfig extends ProviderHttpConfig {
  clientId: string;
  clientSecret: string;
  /** The REST API; the sandbox's by default. */
  baseUrl?: string;
  /**
   * The id PayPal gave the webhook subscribed to this store's notify address: signatures are checked against it.
   * Without one, notifications cannot be verified and are rejected; returns still capture.
   */
  webhookId: string | null;
}

export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

/** The store's currencies PayPal takes. */
export const PAYPAL_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'PLN',
  'SEK',
  'NOK',
  'DKK',
  'CHF',
  'CZK',
  'HUF',
  'NZD',
  'ILS',
  'MXN',
  'BRL',
] as const;

/** PayPal refuses decimals in these (its currency codes page), whatever ISO 4217 says. */
const WHOLE_UNIT_AT_PAYPAL = new Set(['HUF', 'JPY', 'TWD']);

/** Refresh a token this long before PayPal says it expires, so a call never carries one that just lapsed. */
const TOKEN_MARGIN_MS = 60_000;

/** Our minor units as PayPal's `value`: two decimals, or whole units where PayPal takes no decimals. */
export function paypalValue(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new PaymentError(`not an amount to pay: ${amountMinor}`);
  }
  const text = toDecimalText(amountMinor);
  if (!WHOLE_UNIT_AT_PAYPAL.has(currency)) return text;
  if (!text.endsWith('.00')) throw new PaymentError(`PayPal takes ${currency} in whole units only: ${text}`);
  return text.slice(0, -3);
}

interface Money {
  currency_code?: string;
  value?: string;
}

interface Capture {
  id?: string;
  status?: string;
  amount?: Money;
  custom_id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface Order {
  id?: string;
  status?: string;
  links?: Array<{ href?: string; rel?: string }>;
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    payments?: { captures?: Capture[] };
  }>;
}

interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: Capture;
}

/** PayPal's error answers name what went wrong in `details[0].issue` (else `name`). */
function issueOf(body: Record<string, unknown>): string {
  const details = body.details;
  if (Array.isArray(details)) {
    const issue = (details[0] as { issue?: unknown } | undefined)?.issue;
    if (typeof issue === 'string') return issue;
  }
  return typeof body.name === 'string' ? body.name : typeof body.error === 'string' ? body.error : 'UNKNOWN';
}

/** The amount of a capture in our minor units, or why it is not the payment's. */
function amountMismatch(capture: Capture, payment: PendingPayment): string | null {
  const minor = capture.amount?.value === undefined ? null : decimalTextToMinor(capture.amount.value);
  if (minor !== payment.amountMinor || capture.amount?.currency_code !== payment.currency) {
    return `PayPal captured ${capture.amount?.value ?? '?'} ${capture.amount?.currency_code ?? '?'}, not the payment's amount.`;
  }
  return null;
}

export function createPayPalProvider(config: PayPalConfig): HostedPaymentProvider {
  const baseUrl = (config.baseUrl ?? PAYPAL_SANDBOX_URL).replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  const send = (path: string, init: RequestInit): Promise<ApiAnswer> =>
    callJson('PayPal', `${baseUrl}${path}`, init, { fetch: doFetch, timeoutMs, emptyIsObject: true });

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: value, expires_in: expiresIn } = answer.body;
    if (answer.status !== 200) {
      throw new PaymentError(
        `PayPal refused the client credentials (${answer.status} ${issueOf(answer.body)})`,
      );
    }
    if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number') {
      throw new PaymentError('PayPal answered no access token');
    }
    token = { value, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return value;
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** A REST call with the bearer token; a token PayPal no longer accepts is replaced once. */
  async function api(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: string; requestId?: string } = {},
  ): Promise<ApiAnswer> {
    const call = async () =>
      send(path, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          prefer: 'return=representation',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(options.requestId ? { 'paypal-request-id': options.requestId } : {}),
        },
        ...(options.body === undefined ? {} : { body: options.body }),
      });
    const answer = await call();
    if (answer.status !== 401) return answer;
    token = null;
    return call();
  }

  function failure(what: string, answer: ApiAnswer): PaymentError {
    return new PaymentError(`PayPal ${what} failed: ${answer.status} ${issueOf(answer.body)}`);
  }

  /** What an order (the capture's answer, or the order read back) says about the payment. */
  function verdictOfOrder(order: Order, payment: PendingPayment): ProviderVerdict {
    const unit = order.purchase_units?.[0];
    const captures = unit?.payments?.captures ?? [];
    const capture = captures.find((c) => c.status === 'COMPLETED') ?? captures.at(-1);
    const owner = capture?.custom_id ?? unit?.custom_id;
    if (owner !== undefined && owner !== payment.id) {
      return { status: 'rejected', message: 'The PayPal order belongs to another payment.' };
    }
    if (!capture?.id) return { status: 'pending' };
    return verdictOfCapture(capture.id, capture.status, capture, payment);
  }

  function verdictOfCapture(
    captureId: string,
    status: string | undefined,
    capture: Capture,
    payment: PendingPayment,
  ): ProviderVerdict {
    // A capture refunded since was paid first; the event id keeps it from being applied twice.
    if (status === 'COMPLETED' || status === 'PARTIALLY_REFUNDED' || status === 'REFUNDED') {
      const mismatch = amountMismatch(capture, payment);
      if (mismatch) return { status: 'rejected', message: mismatch };
      return {
        status: 'paid',
        eventId: captureId,
        providerRef: captureId,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      };
    }
    if (status === 'DECLINED' || status === 'FAILED') {
      return { status: 'failed', eventId: captureId, message: 'PayPal declined the payment.' };
    }
    return { status: 'pending' };
  }

  async function confirmReturn(message: ProviderMessage, payment: PendingPayment): Promise<ProviderVerdict> {
    // PayPal sends a cancelling shopper to cancel_url, which is our return address with `cancelled`.
    if (message.fields.cancelled !== undefined) {
      return { status: 'cancelled', eventId: null, message: 'The payment was cancelled at PayPal.' };
    }
    const orderId = message.fields.token;
    if (!orderId) return { status: 'rejected', message: 'The return names no PayPal order.' };
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    // The request id makes a repeated return replay the first capture instead of failing.
    const captured = await api('POST', `${path}/capture`, { body: '{}', requestId: payment.id });
    if (captured.status === 200 || captured.status === 201) {
      // A minimal answer (no purchase units) says too little about whose payment it is: read the order.
      if ((captured.body as Order).purchase_units) return verdictOfOrder(captured.body, payment);
      return verdictOfOrder(await readOrder(path), payment);
    }
    if (captured.status === 404) return { status: 'rejected', message: 'PayPal knows no such order.' };
    if (captured.status === 422) {
      const issue = issueOf(captured.body);
      if (issue === 'INSTRUMENT_DECLINED') {
        return { status: 'failed', eventId: null, message: 'PayPal declined the payment method.' };
      }
      // The shopper has not approved (yet): nothing to capture, nothing changes.
      if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') return { status: 'pending' };
      if (issue === 'ORDER_ALREADY_CAPTURED') return verdictOfOrder(await readOrder(path), payment);
    }
    throw failure('capture', captured);
  }

  async function readOrder(path: string): Promise<Order> {
    const read = await api('GET', path);
    if (read.status !== 200) throw failure('order lookup', read);
    return read.body;
  }

  async function confirmNotify(message: ProviderMessage, payment: PendingPayment): Promise<ProviderVerdict> {
    const event = parseJsonObject<WebhookEvent>(message.rawBody);
    if (!event) return { status: 'rejected', message: 'The notification is not a PayPal event.' };
    if (!config.webhookId) {
      return { status: 'rejected', message: 'No PayPal webhook id is configured to verify notifications.' };
    }
    const transmission = {
      auth_algo: header(message.headers, 'paypal-auth-algo'),
      cert_url: header(message.headers, 'paypal-cert-url'),
      transmission_id: header(message.headers, 'paypal-transmission-id'),
      transmission_sig: header(message.headers, 'paypal-transmission-sig'),
      transmission_time: header(message.headers, 'paypal-transmission-time'),
      webhook_id: config.webhookId,
    };
    if (Object.values(transmission).some((value) => value === undefined)) {
      return { status: 'rejected', message: 'The notification carries no PayPal signature.' };
    }
    // The event goes back byte for byte: PayPal checks the signature over the body it sent.
    const body = `${JSON.stringify(transmission).slice(0, -1)},"webhook_event":${message.rawBody}}`;
    const verified = await api('POST', '/v1/notifications/verify-webhook-signature', { body });
    if (verified.status === 400) {
      return { status: 'rejected', message: 'PayPal refused to check the signature.' };
    }
    if (verified.status !== 200) throw failure('signature check', verified);
    if (verified.body.verification_status !== 'SUCCESS') {
      return { status: 'rejected', message: 'PayPal did not confirm the notification signature.' };
    }

    const type = event.event_type;
    if (type !== 'PAYMENT.CAPTURE.COMPLETED' && type !== 'PAYMENT.CAPTURE.DENIED') {
      return { status: 'pending' };
    }
    const capture = event.resource ?? {};
    const orderId = capture.supplementary_data?.related_ids?.order_id;
    const ours =
      capture.custom_id !== undefined ? capture.custom_id === payment.id : orderId === payment.providerRef;
    if (!ours || !capture.id) {
      return { status: 'rejected', message: 'The notification is about another payment.' };
    }
    if (type === 'PAYMENT.CAPTURE.DENIED') {
      return { status: 'failed', eventId: capture.id, message: 'PayPal denied the payment.' };
    }
    return verdictOfCapture(capture.id, 'COMPLETED', capture, payment);
  }

  return {
    name: 'paypal',
    method: 'PayPal',
    currencies: PAYPAL_CURRENCIES,
    countries: null,

    async start(request: HostedCheckoutRequest) {
      if (!(PAYPAL_CURRENCIES as readonly string[]).includes(request.currency)) {
        throw new PaymentError(`PayPal does not take ${request.currency}`);
      }
      const separator = request.returnUrl.includes('?') ? '&' : '?';
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.reference,
            custom_id: request.paymentId,
            invoice_id: request.reference,
            description: request.description.slice(0, 127),
            amount: {
              currency_code: request.currency,
              value: paypalValue(request.amountMinor, request.currency),
            },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: request.returnUrl,
              cancel_url: `${request.returnUrl}${separator}cancelled=1`,
              user_action: 'PAY_NOW',
              // The store already has the shipping address; PayPal would otherwise ask for one again.
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      };
      const answer = await api('POST', '/v2/checkout/orders', {
        body: JSON.stringify(body),
        requestId: `order-${request.paymentId}`,
      });
      if (answer.status !== 200 && answer.status !== 201) throw failure('order creation', answer);
      const order = answer.body as Order;
      const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (typeof order.id !== 'string' || !order.id || !link) {
        throw new PaymentError('PayPal answered an order without an approval link');
      }
      return { redirectUrl: link, providerRef: order.id };
    },

    identify(message) {
      if (message.kind === 'return') {
        const { token, payment } = message.fields;
        if (!token && !payment) return null;
        return { ...(payment ? { paymentId: payment } : {}), ...(token ? { providerRef: token } : {}) };
      }
      const capture = parseJsonObject<WebhookEvent>(message.rawBody)?.resource;
      const named = {
        ...(typeof capture?.custom_id === 'string' && capture.custom_id
          ? { paymentId: capture.custom_id }
          : {}),
        ...(typeof capture?.supplementary_data?.related_ids?.order_id === 'string'
          ? { providerRef: capture.supplementary_data.related_ids.order_id }
          : {}),
      };
      return Object.keys(named).length > 0 ? named : null;
    },

    confirm(message, payment) {
      return message.kind === 'return' ? confirmReturn(message, payment) : confirmNotify(message, payment);
    },

    async refund(request) {
      const answer = await api(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(request.providerRef)}/refund`,
        {
          body: JSON.stringify({
            amount: {
              currency_code: request.currency,
              value: paypalValue(request.amountMinor, request.currency),
            },
          }),
        },
      );
      if (answer.status !== 200 && answer.status !== 201) throw failure('refund', answer);
      const { id, status } = answer.body;
      if (typeof id !== 'string' || !id) throw new PaymentError('PayPal answered a refund without an id');
      if (status === 'FAILED' || status === 'CANCELLED') {
        throw new PaymentError(`PayPal did not pay the refund back (${status})`);
      }
      return { gatewayRef: id };
    },
  };
}
