import { createHash, timingSafeEqual } from 'node:crypto';
import { decimalTextToMinor, toDecimalText } from '../../../money/money.ts';
import type {
  HostedCheckoutRequest,
  HostedCheckoutStart,
  HostedPaymentProvider,
  PendingPayment,
  ProviderMessage,
  ProviderVerdict,
} from '../hosted.types.ts';
import { PaymentError } from '../payment-error.ts';
import type { ProviderHttpConfig } from '../provider-http.ts';

// SSLCommerz (Bangladesh), API v4: the session API opens a hosted page, the shopper's browser comes back by form
// POST to success/fail/cancel URLs and SSLCommerz posts an IPN; a success is believed only after the Order
// Validation API confirms its val_id. Refunds go through the merchant transaction API with the bank_tran_id.

const SANDBOX_URL = 'https://sandbox.sslcommerz.com';
const CURRENCIES = ['BDT'] as const;

export interface SslcommerzConfig extends ProviderHttpConfig {
  storeId: string;
  storePassword: string;
  /** The API's address: the sandbox's by default, the live one or a local stand-in otherwise. */
  baseUrl?: string;
}

/** The Order Validation API's answer, the fields we read. */
interface ValidationAnswer {
  APIConnect?: string;
  status?: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  currency_type?: string;
  currency_amount?: string;
  bank_tran_id?: string;
  value_a?: string;
}

/**
 * SSLCommerz's `verify_sign`: the fields named in `verify_key` plus `store_passwd` = md5(store password), sorted by
 * name, joined as `name=value&…`, then md5 in hex.
 */
export function sslcommerzVerifySign(fields: Record<string, string>, storePassword: string): string | null {
  const names = fields.verify_key?.split(',').filter((name) => name !== '');
  if (!names) return null;
  const signed: Record<string, string> = {};
  for (const name of names) {
    const value = fields[name];
    if (value !== undefined) signed[name] = value;
  }
  signed.store_passwd = md5(storePassword);
  const text = Object.keys(signed)
    .sort()
    .map((name) => `${name}=${signed[name]}`)
    .join('&');
  return md5(text);
}

export function createSslcommerzProvider(config: SslcommerzConfig): HostedPaymentProvider {
  const baseUrl = (config.baseUrl ?? SANDBOX_URL).replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function call(what: string, path: string, init: RequestInit): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new PaymentError(`SSLCommerz could not be reached (${what}).`, { cause });
    }
    if (!response.ok) throw new PaymentError(`SSLCommerz answered ${response.status} (${what}).`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new PaymentError(`SSLCommerz sent an unreadable answer (${what}).`, { cause });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new PaymentError(`SSLCommerz sent an answer of an unexpected shape (${what}).`);
    }
    return body as Record<string, unknown>;
  }

  /** The GET APIs under /validator carry the credentials in the query, as SSLCommerz defines them. */
  function validatorGet(what: string, path: string, params: Record<string, string>) {
    const query = new URLSearchParams({
      ...params,
      store_id: config.storeId,
      store_passwd: config.storePassword,
      format: 'json',
    });
    return call(what, `${path}?${query.toString()}`, { method: 'GET' });
  }

  async function validate(valId: string, payment: PendingPayment): Promise<ProviderVerdict> {
    const answer = (await validatorGet('order validation', '/validator/api/validationserverAPI.php', {
      val_id: valId,
    })) as ValidationAnswer;
    if (answer.APIConnect !== undefined && answer.APIConnect !== 'DONE') {
      throw new PaymentError(`SSLCommerz could not validate the payment (${answer.APIConnect}).`);
    }
    if (answer.status !== 'VALID' && answer.status !== 'VALIDATED') {
      if (typeof answer.status !== 'string') {
        throw new PaymentError('SSLCommerz sent a validation answer without a status.');
      }
      return { status: 'rejected', message: `SSLCommerz does not confirm this payment (${answer.status}).` };
    }
    // currency_type/currency_amount are what we asked for; currency/amount what was settled (the same in BDT).
    const currency = answer.currency_type || answer.currency;
    const amountText = answer.currency_amount || answer.amount;
    const amountMinor = amountText === undefined ? null : decimalTextToMinor(amountText);
    if (answer.tran_id !== payment.reference) {
      return { status: 'rejected', message: 'The validated transaction belongs to another order.' };
    }
    // One order may have had several payment attempts; value_a names which one this is.
    if (answer.value_a && answer.value_a !== payment.id) {
      return { status: 'rejected', message: 'The validated transaction belongs to another payment.' };
    }
    if (currency !== payment.currency || amountMinor !== payment.amountMinor) {
      return { status: 'rejected', message: 'The validated amount or currency does not match the payment.' };
    }
    if (!answer.bank_tran_id)
      throw new PaymentError('SSLCommerz validated a payment without a bank_tran_id.');
    return {
      status: 'paid',
      eventId: valId,
      providerRef: answer.bank_tran_id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    };
  }

  return {
    name: 'sslcommerz',
    method: 'SSLCommerz',
    currencies: CURRENCIES,
    countries: ['BD'],

    async start(request: HostedCheckoutRequest): Promise<HostedCheckoutStart> {
      if (!(CURRENCIES as readonly string[]).includes(request.currency)) {
        throw new PaymentError(`SSLCommerz does not take payments in ${request.currency}.`);
      }
      const { customer } = request;
      // Lengths are SSLCommerz's field limits: a longer value makes the whole session fail.
      const form = new URLSearchParams({
        store_id: config.storeId,
        store_passwd: config.storePassword,
        total_amount: toDecimalText(request.amountMinor),
        currency: request.currency,
        tran_id: request.reference,
        success_url: request.returnUrl,
        fail_url: request.returnUrl,
        cancel_url: request.returnUrl,
        ipn_url: request.notifyUrl,
        cus_name: customer.name.slice(0, 50),
        cus_email: customer.email.slice(0, 50),
        cus_add1: customer.address.slice(0, 50),
        cus_city: customer.city.slice(0, 50),
        cus_postcode: customer.postalCode.slice(0, 30),
        cus_country: countryName(customer.country),
        cus_phone: (customer.phone ?? '').slice(0, 20),
        product_name: request.description.slice(0, 255),
        product_category: 'Online order',
        product_profile: 'general',
        shipping_method: 'NO',
        // The hosted page shows one line for the whole order.
        num_of_item: '1',
        value_a: request.paymentId,
      });
      const answer = await call('session', '/gwprocess/v4/api.php', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (answer.status === 'SUCCESS') {
        const redirectUrl = answer.GatewayPageURL;
        if (typeof redirectUrl !== 'string' || !/^https?:\/\//.test(redirectUrl)) {
          throw new PaymentError('SSLCommerz opened a session without a GatewayPageURL.');
        }
        const sessionKey = answer.sessionkey;
        return { redirectUrl, providerRef: typeof sessionKey === 'string' && sessionKey ? sessionKey : null };
      }
      if (answer.status === 'FAILED') {
        const reason =
          typeof answer.failedreason === 'string' && answer.failedreason ? answer.failedreason : '';
        throw new PaymentError(`SSLCommerz refused the payment${reason ? `: ${reason}` : '.'}`);
      }
      throw new PaymentError('SSLCommerz sent a session answer without a status.');
    },

    identify(message: ProviderMessage) {
      const paymentId = message.fields.value_a;
      const reference = message.fields.tran_id;
      if (!paymentId && !reference) return null;
      return { ...(paymentId ? { paymentId } : {}), ...(reference ? { reference } : {}) };
    },

    async confirm(message: ProviderMessage, payment: PendingPayment): Promise<ProviderVerdict> {
      const { fields } = message;
      if (fields.verify_sign !== undefined && !signatureMatches(fields, config.storePassword)) {
        return { status: 'rejected', message: 'The SSLCommerz signature does not match.' };
      }
      if (fields.tran_id !== undefined && fields.tran_id !== payment.reference) {
        return { status: 'rejected', message: 'The message is about another order.' };
      }
      if (fields.value_a && fields.value_a !== payment.id) {
        return { status: 'rejected', message: 'The message is about another payment.' };
      }
      const status = fields.status ?? '';
      if (status === 'VALID' || status === 'VALIDATED') {
        // The redirect and the IPN both only name a val_id; the validation API says whether it is real.
        if (!fields.val_id)
          return { status: 'rejected', message: 'A successful payment must name its val_id.' };
        return validate(fields.val_id, payment);
      }
      const reason = fields.error || fields.failedreason || '';
      if (status === 'FAILED') {
        return {
          status: 'failed',
          eventId: null,
          message: reason || 'The payment was declined at SSLCommerz.',
        };
      }
      if (status === 'CANCELLED') {
        return {
          status: 'cancelled',
          eventId: null,
          message: reason || 'The payment was cancelled at SSLCommerz.',
        };
      }
      if (status === 'UNATTEMPTED' || status === 'EXPIRED') {
        return {
          status: 'cancelled',
          eventId: null,
          message: `The SSLCommerz session ended ${status.toLowerCase()}.`,
        };
      }
      return {
        status: 'rejected',
        message: `The message names no known SSLCommerz status (${status || 'none'}).`,
      };
    },

    async refund(request) {
      if (!(CURRENCIES as readonly string[]).includes(request.currency)) {
        throw new PaymentError(`SSLCommerz cannot refund in ${request.currency}.`);
      }
      const answer = await validatorGet('refund', '/validator/api/merchantTransIDvalidationAPI.php', {
        bank_tran_id: request.providerRef,
        refund_amount: toDecimalText(request.amountMinor),
        refund_remarks: `Refund for order ${request.reference}`,
        refe_id: request.reference,
      });
      if (answer.APIConnect !== 'DONE') {
        throw new PaymentError(`SSLCommerz could not take the refund (${String(answer.APIConnect)}).`);
      }
      if (answer.status !== 'success' || typeof answer.refund_ref_id !== 'string' || !answer.refund_ref_id) {
        const reason = typeof answer.errorReason === 'string' && answer.errorReason ? answer.errorReason : '';
        throw new PaymentError(`SSLCommerz refused the refund${reason ? `: ${reason}` : '.'}`);
      }
      return { gatewayRef: answer.refund_ref_id };
    },
  };
}

function signatureMatches(fields: Record<string, string>, storePassword: string): boolean {
  const expected = sslcommerzVerifySign(fields, storePassword);
  if (expected === null) return false;
  const given = Buffer.from((fields.verify_sign ?? '').toLowerCase());
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** SSLCommerz asks for the country's name ("Bangladesh"), not its code. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
