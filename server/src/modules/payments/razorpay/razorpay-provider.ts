import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
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

// Razorpay Payment Links: our server creates a link, the shopper pays on Razorpay's page (card or UPI) and is sent
// back to callback_url with a signed summary; Razorpay also posts a signed `payment_link.paid` webhook. A return is
// trusted only after its signature checks out and the link, read back with our keys, says paid for our amount.
//
// The official SDK's client has its host fixed to https://api.razorpay.com (axios, no timeout, and its error
// normaliser breaks on network errors), so the API calls are plain fetch; its signature helpers are used as is.
//
// providerRef: `start` answers the link id (plink_...); a `paid` verdict answers the payment id (pay_...), the one
// a refund needs.

export const RAZORPAY_API_URL = 'https://api.razorpay.com';

export interface RazorpayConfig extends ProviderHttpConfig {
  keyId: string;
  keySecret: string;
  /** The secret set on the dashboard's webhook: notifications are signed with it. */
  webhookSecret: string;
  /** The API root; Razorpay's own by default (test and live differ only by keys). */
  baseUrl?: string;
}

/** Razorpay's error answers: `{ error: { code, description, field, ... } }`. */
interface RazorpayError {
  code?: string;
  description?: string;
  field?: string | null;
}

interface LinkPayment {
  payment_id?: string;
  amount?: number;
  status?: string;
}

interface PaymentLink {
  id?: string;
  status?: string;
  amount?: number;
  amount_paid?: number;
  currency?: string;
  reference_id?: string;
  short_url?: string;
  notes?: Record<string, unknown> | null;
  payments?: LinkPayment[] | null;
}

interface Payment {
  id?: string;
  status?: string;
  amount?: number;
  currency?: string;
  notes?: Record<string, unknown> | unknown[] | null;
  error_description?: string | null;
}

interface WebhookEvent {
  event?: string;
  payload?: {
    payment_link?: { entity?: PaymentLink };
    payment?: { entity?: Payment };
  };
}

/** Razorpay's links and refunds are in INR only here: the store's countries list India alone for it. */
const CURRENCY = 'INR';
/** Razorpay's limit on reference_id. */
const REFERENCE_MAX = 40;

/**
 * Our minor units as Razorpay's `amount`: an integer in paise. INR has two decimals, so the store's hundredths
 * are paise already; nothing to convert, only to check.
 */
export function razorpayAmount(amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new PaymentError(`not an amount to pay: ${amountMinor}`);
  }
  return amountMinor;
}

/**
 * The reference_id of a payment's link. Razorpay wants it unique per link, so a second attempt at the same order
 * (after a failed or cancelled one) carries a suffix from our payment id.
 */
function referenceIds(reference: string, paymentId: string): [string, string] {
  const suffix = `-${paymentId.replace(/-/g, '').slice(0, 8)}`;
  return [reference.slice(0, REFERENCE_MAX), `${reference.slice(0, REFERENCE_MAX - suffix.length)}${suffix}`];
}

function errorOf(body: Record<string, unknown>): RazorpayError {
  const error = body.error;
  return error !== null && typeof error === 'object' ? (error as RazorpayError) : {};
}

/** Razorpay answers empty notes as `[]`, filled ones as an object. */
function noteOf(notes: unknown, name: string): string | undefined {
  if (notes === null || typeof notes !== 'object' || Array.isArray(notes)) return undefined;
  const value = (notes as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Why a link is not this payment's, or null when it is. */
function ownershipMismatch(link: PaymentLink, payment: PendingPayment): string | null {
  if (noteOf(link.notes, 'paymentId') !== payment.id) return 'The Razorpay link belongs to another payment.';
  if (!referenceIds(payment.reference, payment.id).includes(link.reference_id ?? '')) {
    return 'The Razorpay link is for another order.';
  }
  return null;
}

function amountMismatch(amount: number | undefined, currency: string | undefined, payment: PendingPayment) {
  if (amount !== payment.amountMinor || currency !== payment.currency) {
    return `Razorpay took ${amount ?? '?'} ${currency ?? '?'} (paise), not the payment's amount.`;
  }
  return null;
}

function paid(razorpayPaymentId: string, payment: PendingPayment): ProviderVerdict {
  return {
    status: 'paid',
    eventId: razorpayPaymentId,
    providerRef: razorpayPaymentId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
  };
}

export function createRazorpayProvider(config: RazorpayConfig): HostedPaymentProvider {
  const baseUrl = (config.baseUrl ?? RAZORPAY_API_URL).replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;

  function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiAnswer> {
    const init: RequestInit = {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    return callJson('Razorpay', `${baseUrl}${path}`, init, { fetch: doFetch, timeoutMs });
  }

  function failure(what: string, answer: ApiAnswer): PaymentError {
    const error = errorOf(answer.body);
    return new PaymentError(
      `Razorpay ${what} failed: ${answer.status} ${error.code ?? 'UNKNOWN'} ${error.description ?? ''}`.trim(),
    );
  }

  async function readLink(linkId: string): Promise<PaymentLink | null> {
    const answer = await api('GET', `/v1/payment_links/${encodeURIComponent(linkId)}`);
    if (answer.status === 400 || answer.status === 404) return null;
    if (answer.status !== 200) throw failure('payment link lookup', answer);
    const link = answer.body as PaymentLink;
    if (typeof link.id !== 'string' || typeof link.status !== 'string') {
      throw new PaymentError('Razorpay answered a payment link without id or status');
    }
    return link;
  }

  async function confirmReturn(message: ProviderMessage, payment: PendingPayment): Promise<ProviderVerdict> {
    const fields = message.fields;
    const linkId = fields.razorpay_payment_link_id;
    if (!linkId) return { status: 'rejected', message: 'The return names no Razorpay payment link.' };
    const paymentId = fields.razorpay_payment_id;
    const signature = fields.razorpay_signature;
    // Razorpay signs every return after a payment; one that names a payment but carries no signature is forged.
    if (paymentId !== undefined || signature !== undefined) {
      const genuine =
        paymentId !== undefined &&
        signature !== undefined &&
        validatePaymentVerification(
          {
            payment_id: paymentId,
            payment_link_id: linkId,
            payment_link_reference_id: fields.razorpay_payment_link_reference_id ?? '',
            payment_link_status: fields.razorpay_payment_link_status ?? '',
          },
          signature,
          config.keySecret,
        );
      if (!genuine) return { status: 'rejected', message: 'The Razorpay signature does not match.' };
    }

    // The signature proves the redirect is Razorpay's; the link, read with our keys, says what was paid.
    const link = await readLink(linkId);
    if (!link) return { status: 'rejected', message: 'Razorpay knows no such payment link.' };
    const mismatch = ownershipMismatch(link, payment);
    if (mismatch) return { status: 'rejected', message: mismatch };

    if (link.status === 'paid') {
      const amountWrong = amountMismatch(link.amount_paid, link.currency, payment);
      if (amountWrong) return { status: 'rejected', message: amountWrong };
      const captured = (link.payments ?? []).filter(
        (p) => typeof p.payment_id === 'string' && (p.status === 'captured' || p.status === 'refunded'),
      );
      const named = paymentId === undefined ? captured[0] : captured.find((p) => p.payment_id === paymentId);
      if (!named?.payment_id) {
        return { status: 'rejected', message: 'The Razorpay link was not paid by the payment named.' };
      }
      return paid(named.payment_id, payment);
    }
    if (link.status === 'cancelled' || link.status === 'expired') {
      return { status: 'cancelled', eventId: null, message: `The Razorpay payment link is ${link.status}.` };
    }
    return { status: 'pending' };
  }

  function confirmNotify(message: ProviderMessage, payment: PendingPayment): ProviderVerdict {
    const signature = header(message.headers, 'x-razorpay-signature');
    if (!signature || !validateWebhookSignature(message.rawBody, signature, config.webhookSecret)) {
      return { status: 'rejected', message: 'The Razorpay webhook signature does not match.' };
    }
    const event = parseJsonObject<WebhookEvent>(message.rawBody);
    if (!event) return { status: 'rejected', message: 'The notification is not a Razorpay event.' };
    const link = event.payload?.payment_link?.entity;
    const rzpPayment = event.payload?.payment?.entity;

    if (event.event === 'payment_link.paid') {
      if (!link || !rzpPayment?.id) {
        return { status: 'rejected', message: 'The webhook names no payment link or payment.' };
      }
      const mismatch = ownershipMismatch(link, payment);
      if (mismatch) return { status: 'rejected', message: mismatch };
      if (rzpPayment.status !== 'captured') return { status: 'pending' };
      const amountWrong = amountMismatch(rzpPayment.amount, rzpPayment.currency, payment);
      if (amountWrong) return { status: 'rejected', message: amountWrong };
      return paid(rzpPayment.id, payment);
    }
    if (event.event === 'payment.failed') {
      if (!rzpPayment?.id || noteOf(rzpPayment.notes, 'paymentId') !== payment.id) {
        return { status: 'rejected', message: 'The webhook is about another payment.' };
      }
      return {
        status: 'failed',
        eventId: rzpPayment.id,
        message: rzpPayment.error_description ?? 'Razorpay declined the payment.',
      };
    }
    return { status: 'pending' };
  }

  async function createLink(request: HostedCheckoutRequest, referenceId: string): Promise<ApiAnswer> {
    const { name, email, phone } = request.customer;
    return api('POST', '/v1/payment_links', {
      amount: razorpayAmount(request.amountMinor),
      currency: CURRENCY,
      accept_partial: false,
      reference_id: referenceId,
      description: request.description.slice(0, 2048),
      customer: { name, email, ...(phone ? { contact: phone } : {}) },
      // The store sends its own mails; the shopper is already on the way to the link.
      notify: { sms: false, email: false },
      callback_url: request.returnUrl,
      callback_method: 'get',
      notes: { paymentId: request.paymentId },
    });
  }

  return {
    name: 'razorpay',
    method: 'Razorpay',
    currencies: [CURRENCY],
    countries: ['IN'],

    async start(request) {
      if (request.currency !== CURRENCY) throw new PaymentError(`Razorpay does not take ${request.currency}`);
      const [first, retry] = referenceIds(request.reference, request.paymentId);
      let answer = await createLink(request, first);
      if (answer.status === 400 && errorOf(answer.body).field === 'reference_id') {
        answer = await createLink(request, retry);
      }
      if (answer.status !== 200) throw failure('payment link creation', answer);
      const link = answer.body as PaymentLink;
      if (typeof link.id !== 'string' || !link.id || typeof link.short_url !== 'string' || !link.short_url) {
        throw new PaymentError('Razorpay answered a payment link without id or short_url');
      }
      return { redirectUrl: link.short_url, providerRef: link.id };
    },

    identify(message) {
      if (message.kind === 'return') {
        const { payment, razorpay_payment_link_id: linkId } = message.fields;
        const reference = message.fields.razorpay_payment_link_reference_id;
        if (!payment && !linkId) return null;
        return {
          ...(payment ? { paymentId: payment } : {}),
          ...(linkId ? { providerRef: linkId } : {}),
          ...(reference ? { reference } : {}),
        };
      }
      const payload = parseJsonObject<WebhookEvent>(message.rawBody)?.payload;
      const link = payload?.payment_link?.entity;
      const paymentId =
        noteOf(link?.notes, 'paymentId') ?? noteOf(payload?.payment?.entity?.notes, 'paymentId');
      const named = {
        ...(paymentId ? { paymentId } : {}),
        ...(typeof link?.id === 'string' && link.id ? { providerRef: link.id } : {}),
      };
      return Object.keys(named).length > 0 ? named : null;
    },

    confirm(message, payment) {
      return message.kind === 'return'
        ? confirmReturn(message, payment)
        : Promise.resolve(confirmNotify(message, payment));
    },

    async refund(request) {
      if (request.currency !== CURRENCY) throw new PaymentError(`Razorpay refunds ${CURRENCY} only`);
      const answer = await api('POST', `/v1/payments/${encodeURIComponent(request.providerRef)}/refund`, {
        amount: razorpayAmount(request.amountMinor),
        notes: { reference: request.reference },
      });
      if (answer.status !== 200) throw failure('refund', answer);
      const { id, status } = answer.body;
      if (typeof id !== 'string' || !id) throw new PaymentError('Razorpay answered a refund without an id');
      if (status === 'failed') throw new PaymentError('Razorpay could not pay the refund back');
      return { gatewayRef: id };
    },
  };
}
