import { CURRENCIES } from '@shop/sdk/choices';
import Stripe from 'stripe';
import type {
  HostedCheckoutRequest,
  HostedPaymentProvider,
  PendingPayment,
  ProviderMessage,
  ProviderVerdict,
} from '../hosted.types.ts';
import { PaymentError } from '../payment-error.ts';
import { messageHeader as header, type ProviderHttpConfig } from '../provider-http.ts';

// Stripe Checkout through Stripe's own client: the store opens a Checkout Session (payment mode) and the shopper
// pays on Stripe's page, where Stripe runs 3-D Secure when the card asks for it. The browser's return proves
// nothing by itself: the session is read back from Stripe, and webhooks count only with a valid signature. Both
// name the PaymentIntent as their event, so a return and its webhook pay the order once.

export interface StripeConfig extends ProviderHttpConfig {
  /** The secret API key (`sk_live_...` / `sk_test_...`). */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_...`). */
  webhookSecret: string;
  /** Stripe's API; https://api.stripe.com by default (test and live modes are told apart by the key). */
  baseUrl?: string;
}

export const STRIPE_API_URL = 'https://api.stripe.com';

/** Stripe takes every store currency, each with two decimals. */
export const STRIPE_CURRENCIES = CURRENCIES;

/** Two-decimal at Stripe, but charged in whole units only (amounts divisible by 100). */
const WHOLE_UNITS_AT_STRIPE = new Set(['HUF', 'ISK', 'TWD', 'UGX']);

/**
 * Our minor units as Stripe's `unit_amount`. Stripe counts every store currency in hundredths, as we do, so the
 * number passes unchanged; a whole-unit currency must be a whole amount.
 */
export function stripeAmount(amountMinor: number, currency: string): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new PaymentError(`not an amount to pay: ${amountMinor}`);
  }
  if (WHOLE_UNITS_AT_STRIPE.has(currency) && amountMinor % 100 !== 0) {
    throw new PaymentError(`Stripe takes ${currency} in whole units only: ${amountMinor}`);
  }
  return amountMinor;
}

/** The id of a field that is an id, or an expanded object carrying one. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value || null;
  return typeof value?.id === 'string' ? value.id : null;
}

const sameCurrency = (stripeCurrency: string | null | undefined, ours: string) =>
  typeof stripeCurrency === 'string' && stripeCurrency.toUpperCase() === ours.toUpperCase();

/** Whether a Stripe object (session or PaymentIntent) was made for this payment. */
function belongsTo(
  object: { metadata?: Record<string, string> | null; client_reference_id?: string | null },
  payment: PendingPayment,
): boolean {
  const owner = object.metadata?.paymentId;
  if (owner !== undefined) return owner === payment.id;
  // Without our id (a session made outside this adapter) only the order number can match; a retried order shares it.
  return object.client_reference_id !== undefined && object.client_reference_id === payment.reference;
}

function parseEventLoosely(rawBody: string): { data?: { object?: Record<string, unknown> } } | null {
  try {
    const event: unknown = JSON.parse(rawBody);
    return event !== null && typeof event === 'object'
      ? (event as { data?: { object?: Record<string, unknown> } })
      : null;
  } catch {
    return null;
  }
}

export function createStripeProvider(config: StripeConfig): HostedPaymentProvider {
  const base = new URL(config.baseUrl ?? STRIPE_API_URL);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    telemetry: false,
    maxNetworkRetries: 0,
    timeout: config.timeoutMs ?? 15_000,
    httpClient: Stripe.createFetchHttpClient(config.fetch ?? fetch),
  });

  /** One API call; anything but a well-formed answer (unreachable, timeout, an error answer) is a PaymentError. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw failure(what, error);
    }
  }

  function paid(
    intentId: string,
    amount: number | null | undefined,
    currency: string | null | undefined,
    payment: PendingPayment,
  ): ProviderVerdict {
    if (amount !== payment.amountMinor || !sameCurrency(currency, payment.currency)) {
      return {
        status: 'rejected',
        message: `Stripe took ${amount ?? '?'} ${currency?.toUpperCase() ?? '?'} (minor units), not the payment's amount.`,
      };
    }
    return {
      status: 'paid',
      eventId: intentId,
      providerRef: intentId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    };
  }

  async function confirmReturn(message: ProviderMessage, payment: PendingPayment): Promise<ProviderVerdict> {
    // Checkout's "back" link goes to cancel_url, which is our return address with `cancelled`.
    if (message.fields.cancelled !== undefined) {
      return { status: 'cancelled', eventId: null, message: 'The payment was cancelled at Stripe Checkout.' };
    }
    const sessionId =
      message.fields.session_id ?? (payment.providerRef?.startsWith('cs_') ? payment.providerRef : undefined);
    if (!sessionId) return { status: 'rejected', message: 'The return names no Stripe Checkout Session.' };
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return { status: 'rejected', message: 'Stripe knows no such Checkout Session.' };
      }
      throw failure('Checkout Session lookup', error);
    }
    if (typeof session?.id !== 'string' || typeof session.payment_status !== 'string') {
      throw new PaymentError('Stripe answered a Checkout Session without a status');
    }
    if (!belongsTo(session, payment)) {
      return { status: 'rejected', message: 'The Stripe Checkout Session belongs to another payment.' };
    }
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const intentId = idOf(session.payment_intent);
    if (session.payment_status === 'paid') {
      if (!intentId)
        throw new PaymentError('Stripe answered a paid Checkout Session without a PaymentIntent');
      return paid(intentId, session.amount_total, session.currency, payment);
    }
    if (session.status === 'expired') {
      return { status: 'cancelled', eventId: null, message: 'The Stripe Checkout Session expired unpaid.' };
    }
    if (intent?.last_payment_error) {
      return {
        status: 'failed',
        eventId: null,
        message: intent.last_payment_error.message ?? 'Stripe declined the card.',
      };
    }
    return { status: 'pending' };
  }

  function confirmNotify(message: ProviderMessage, payment: PendingPayment): ProviderVerdict {
    const signature = header(message.headers, 'stripe-signature');
    if (!signature) return { status: 'rejected', message: 'The notification carries no Stripe signature.' };
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(message.rawBody, signature, config.webhookSecret);
    } catch {
      return { status: 'rejected', message: 'The Stripe signature of the notification does not verify.' };
    }
    const object = event.data?.object as unknown as Record<string, unknown> | undefined;
    if (!object) return { status: 'rejected', message: 'The Stripe event carries no object.' };

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (!belongsTo(session, payment)) return aboutAnother();
        const intentId = idOf(session.payment_intent);
        // A completed session with a delayed method pays later (async_payment_succeeded); cards pay at once.
        if (session.payment_status !== 'paid' || !intentId) return { status: 'pending' };
        return paid(intentId, session.amount_total, session.currency, payment);
      }
      case 'checkout.session.expired': {
        const session = event.data.object;
        if (!belongsTo(session, payment)) return aboutAnother();
        return {
          status: 'cancelled',
          eventId: event.id,
          message: 'The Stripe Checkout Session expired unpaid.',
        };
      }
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        if (!belongsTo(intent, payment)) return aboutAnother();
        return paid(intent.id, intent.amount_received, intent.currency, payment);
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        if (!belongsTo(intent, payment)) return aboutAnother();
        // The event's own id: the PaymentIntent's id is kept for its success, which may still follow a retry.
        return {
          status: 'failed',
          eventId: event.id,
          message: intent.last_payment_error?.message ?? 'Stripe declined the card.',
        };
      }
      default:
        return { status: 'pending' };
    }
  }

  return {
    name: 'stripe',
    method: 'Credit Card',
    currencies: STRIPE_CURRENCIES,
    countries: null,

    async start(request: HostedCheckoutRequest) {
      if (!(STRIPE_CURRENCIES as readonly string[]).includes(request.currency)) {
        throw new PaymentError(`Stripe is not set up for ${request.currency}`);
      }
      const separator = request.returnUrl.includes('?') ? '&' : '?';
      const metadata = { paymentId: request.paymentId, reference: request.reference };
      const session = await call('Checkout Session creation', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: stripeAmount(request.amountMinor, request.currency),
                  product_data: { name: request.description },
                },
                quantity: 1,
              },
            ],
            success_url: `${request.returnUrl}${separator}session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${request.returnUrl}${separator}cancelled=1`,
            client_reference_id: request.reference,
            metadata,
            payment_intent_data: { metadata },
            customer_email: request.customer.email,
          },
          // A start retried for the same payment gets the same session back.
          { idempotencyKey: `checkout-${request.paymentId}` },
        ),
      );
      if (typeof session?.id !== 'string' || !session.id || typeof session.url !== 'string' || !session.url) {
        throw new PaymentError('Stripe answered a Checkout Session without its page');
      }
      return { redirectUrl: session.url, providerRef: session.id };
    },

    identify(message) {
      if (message.kind === 'return') {
        const { session_id: sessionId, payment } = message.fields;
        if (!sessionId && !payment) return null;
        return {
          ...(payment ? { paymentId: payment } : {}),
          ...(sessionId ? { providerRef: sessionId } : {}),
        };
      }
      const object = parseEventLoosely(message.rawBody)?.data?.object;
      if (!object) return null;
      const metadata = object.metadata as Record<string, unknown> | null | undefined;
      const paymentId = typeof metadata?.paymentId === 'string' ? metadata.paymentId : undefined;
      const reference =
        typeof object.client_reference_id === 'string'
          ? object.client_reference_id
          : typeof metadata?.reference === 'string'
            ? metadata.reference
            : undefined;
      const sessionId =
        object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : undefined;
      const named = {
        ...(paymentId ? { paymentId } : {}),
        ...(reference ? { reference } : {}),
        ...(sessionId ? { providerRef: sessionId } : {}),
      };
      return Object.keys(named).length > 0 ? named : null;
    },

    async confirm(message, payment) {
      return message.kind === 'return' ? confirmReturn(message, payment) : confirmNotify(message, payment);
    },

    async refund(request) {
      const refund = await call('refund', () =>
        stripe.refunds.create({
          payment_intent: request.providerRef,
          amount: stripeAmount(request.amountMinor, request.currency),
          metadata: { reference: request.reference },
        }),
      );
      if (typeof refund?.id !== 'string' || !refund.id)
        throw new PaymentError('Stripe answered a refund without an id');
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentError(
          `Stripe did not pay the refund back (${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''})`,
        );
      }
      return { gatewayRef: refund.id };
    },
  };
}

function failure(what: string, error: unknown): PaymentError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ? `${error.statusCode} ` : '';
    return new PaymentError(`Stripe ${what} failed: ${status}${error.code ?? error.type}: ${error.message}`);
  }
  return new PaymentError(`Stripe ${what} failed: ${(error as Error).message}`);
}

function aboutAnother(): ProviderVerdict {
  return { status: 'rejected', message: 'The Stripe event is about another payment.' };
}
