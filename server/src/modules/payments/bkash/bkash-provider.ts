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

// bKash Tokenized Checkout (v1.2.0-beta, URL based, no agreement): grant a token, create a payment, send the
// shopper to bkashURL; bKash sends the browser back to callbackURL with `paymentID` and `status`, and only our
// server-side execute (or the status query after it) moves the money. There is no server notification here.
//
// providerRef: `start` answers the bare paymentID; a `paid` verdict answers `${paymentID}:${trxID}`, because a
// refund needs both and the trxID exists only once the payment is executed. Both forms are accepted back, with
// or without the `bkash:` prefix our payments rows add.

export const BKASH_SANDBOX_URL = 'https://tokenized.sandbox.bka.sh/v1.2.0-beta';

export interface BkashConfig {
  username: string;
  password: string;
  appKey: string;
  appSecret: string;
  /** The Tokenized API root, version included; the sandbox's by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

type Answer = Record<string, unknown>;

const TIMEOUT_MS = 15_000;
/** A token is renewed this long before bKash says it expires, so a call never carries a stale one. */
const TOKEN_MARGIN_MS = 60_000;
const SUCCESS = '0000';
/**
 * Execute refusals that are not the shopper's decline: another execute already ran (2117), or the shopper has not
 * authorised on bKash's page yet (2056, e.g. a return forged before paying). The payment may still be paid.
 */
const NOT_DECLINED = new Set(['2117', '2056']);

export function createBkashProvider(config: BkashConfig): HostedPaymentProvider {
  const baseUrl = (config.baseUrl ?? BKASH_SANDBOX_URL).replace(/\/+$/, '');
  const fetchFn = config.fetch ?? fetch;
  let token: { value: string; expiresAt: number } | null = null;
  let granting: Promise<string> | null = null;

  async function post(path: string, headers: Record<string, string>, body: Answer): Promise<Answer> {
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentError(`bKash could not be reached (${path}): ${String(error)}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401) token = null;
    if (!response.ok) {
      throw new PaymentError(`bKash answered HTTP ${response.status} to ${path}: ${text.slice(0, 200)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new PaymentError(`bKash answered ${path} with something that is not JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new PaymentError(`bKash answered ${path} with something that is not an object`);
    }
    return parsed as Answer;
  }

  async function grantToken(): Promise<string> {
    const answer = await post(
      '/tokenized/checkout/token/grant',
      { username: config.username, password: config.password },
      { app_key: config.appKey, app_secret: config.appSecret },
    );
    const idToken = answer.id_token;
    if (typeof idToken !== 'string' || idToken === '') {
      throw new PaymentError(`bKash refused the token grant: ${problemOf(answer) ?? 'no id_token'}`);
    }
    const lifetime = Number(answer.expires_in);
    const lifetimeMs = Number.isFinite(lifetime) && lifetime > 0 ? lifetime * 1000 : 3_600_000;
    token = { value: idToken, expiresAt: Date.now() + lifetimeMs - TOKEN_MARGIN_MS };
    return idToken;
  }

  async function idToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    // One grant at a time: concurrent checkouts share it.
    granting ??= grantToken().finally(() => {
      granting = null;
    });
    return granting;
  }

  async function call(path: string, body: Answer): Promise<Answer> {
    return post(path, { authorization: await idToken(), 'x-app-key': config.appKey }, body);
  }

  async function start(request: HostedCheckoutRequest): Promise<HostedCheckoutStart> {
    if (request.currency !== 'BDT') throw new PaymentError(`bKash takes BDT only, not ${request.currency}`);
    const answer = await call('/tokenized/checkout/create', {
      mode: '0011',
      payerReference: request.customer.phone?.trim() || request.reference,
      callbackURL: request.returnUrl,
      amount: toDecimalText(request.amountMinor),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: request.reference,
    });
    if (answer.statusCode !== SUCCESS) {
      throw new PaymentError(`bKash refused the payment: ${problemOf(answer) ?? 'no statusCode'}`);
    }
    const { bkashURL, paymentID } = answer;
    if (typeof bkashURL !== 'string' || !bkashURL || typeof paymentID !== 'string' || !paymentID) {
      throw new PaymentError('bKash created a payment without bkashURL or paymentID');
    }
    return { redirectUrl: bkashURL, providerRef: paymentID };
  }

  async function confirm(message: ProviderMessage, payment: PendingPayment): Promise<ProviderVerdict> {
    if (message.kind !== 'return') {
      return { status: 'rejected', message: 'bKash sends no server notifications to check.' };
    }
    const paymentID = message.fields.paymentID;
    if (!paymentID) return { status: 'rejected', message: 'The bKash return names no paymentID.' };
    if (payment.providerRef === null || paymentIdOf(payment.providerRef) !== paymentID) {
      return { status: 'rejected', message: 'The bKash paymentID is not this payment’s.' };
    }
    const status = message.fields.status;
    if (status === 'failure') {
      return { status: 'failed', eventId: null, message: 'The bKash payment failed.' };
    }
    if (status === 'cancel') {
      return { status: 'cancelled', eventId: null, message: 'The shopper cancelled the bKash payment.' };
    }
    if (status !== 'success') {
      return { status: 'rejected', message: `Unknown bKash return status: ${status}` };
    }

    // Execute moves the money; when it fails, times out or was already done, the status query says what happened.
    let executeProblem: { code: string; message: string } | null = null;
    try {
      const executed = await call('/tokenized/checkout/execute', { paymentID });
      if (executed.statusCode === SUCCESS && executed.transactionStatus === 'Completed') {
        return paidVerdict(executed, payment, paymentID);
      }
      executeProblem = { code: String(executed.statusCode ?? ''), message: problemOf(executed) ?? 'unknown' };
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
    }
    const state = await call('/tokenized/checkout/payment/status', { paymentID });
    if (state.statusCode !== SUCCESS) {
      throw new PaymentError(`bKash could not say how payment ${paymentID} stands: ${problemOf(state)}`);
    }
    switch (state.transactionStatus) {
      case 'Completed':
        return paidVerdict(state, payment, paymentID);
      case 'Initiated':
        // Not executed: a decline from execute is final; a lost answer or a payment not yet authorised is not.
        return executeProblem && !NOT_DECLINED.has(executeProblem.code)
          ? {
              status: 'failed',
              eventId: null,
              message: `bKash declined the payment: ${executeProblem.message}`,
            }
          : { status: 'pending' };
      case 'Cancelled':
        return { status: 'cancelled', eventId: null, message: 'The bKash payment was cancelled.' };
      default:
        return {
          status: 'failed',
          eventId: null,
          message: `The bKash payment is ${String(state.transactionStatus ?? 'unknown')}${
            executeProblem ? `: ${executeProblem.message}` : ''
          }.`,
        };
    }
  }

  async function refund(request: {
    providerRef: string;
    amountMinor: number;
    currency: string;
    reference: string;
  }): Promise<{ gatewayRef: string }> {
    const [paymentID, trxID] = request.providerRef.split(':');
    if (!paymentID || !trxID) {
      throw new PaymentError(`Not a paid bKash payment reference: ${request.providerRef}`);
    }
    if (request.currency !== 'BDT') throw new PaymentError(`bKash refunds BDT only, not ${request.currency}`);
    const answer = await call('/tokenized/checkout/payment/refund', {
      paymentID,
      trxID,
      amount: toDecimalText(request.amountMinor),
      sku: 'order',
      reason: `Refund for ${request.reference}`.slice(0, 255),
    });
    // A refund's success answer carries no statusCode; its failures do (or errorCode on some gateways).
    const refundTrxID = answer.refundTrxID;
    const failed =
      (answer.statusCode !== undefined && answer.statusCode !== SUCCESS) || 'errorCode' in answer;
    if (
      failed ||
      answer.transactionStatus !== 'Completed' ||
      typeof refundTrxID !== 'string' ||
      !refundTrxID
    ) {
      throw new PaymentError(`bKash refused the refund: ${problemOf(answer) ?? 'no refundTrxID'}`);
    }
    return { gatewayRef: refundTrxID };
  }

  return {
    name: 'bkash',
    method: 'bKash',
    currencies: ['BDT'],
    countries: ['BD'],
    start,
    identify(message) {
      const paymentID = message.fields.paymentID;
      return paymentID ? { providerRef: paymentID } : null;
    },
    confirm,
    refund,
  };
}

/**
 * The paymentID inside a payment's providerRef, before or after it was executed; the `payments` row of a paid
 * payment keeps it as `bkash:${paymentID}:${trxID}` (payment-gateways' hostedRef).
 */
function paymentIdOf(providerRef: string): string {
  const parts = providerRef.split(':');
  if (parts[0] === 'bkash') parts.shift();
  return parts[0] ?? '';
}

/** Paid only when bKash's own record of the payment matches ours: the amount, currency and invoice number. */
function paidVerdict(answer: Answer, payment: PendingPayment, paymentID: string): ProviderVerdict {
  const trxID = answer.trxID;
  if (typeof trxID !== 'string' || trxID === '') {
    throw new PaymentError(`bKash completed payment ${paymentID} without a trxID`);
  }
  if (answer.paymentID !== undefined && answer.paymentID !== paymentID) {
    return { status: 'rejected', message: 'bKash answered for another paymentID.' };
  }
  const amount = typeof answer.amount === 'string' || typeof answer.amount === 'number' ? answer.amount : '';
  const amountMinor = decimalTextToMinor(String(amount));
  if (amountMinor !== payment.amountMinor) {
    return { status: 'rejected', message: `bKash was paid ${String(amount)}, not this payment’s amount.` };
  }
  if (answer.currency !== payment.currency) {
    return {
      status: 'rejected',
      message: `bKash was paid in ${String(answer.currency)}, not ${payment.currency}.`,
    };
  }
  if (answer.merchantInvoiceNumber !== payment.reference) {
    return { status: 'rejected', message: 'bKash was paid for another invoice number.' };
  }
  return {
    status: 'paid',
    eventId: trxID,
    providerRef: `${paymentID}:${trxID}`,
    amountMinor,
    currency: payment.currency,
  };
}

/** bKash's reason for a refusal, in whichever envelope it came. */
function problemOf(answer: Answer): string | null {
  const code = answer.statusCode ?? answer.errorCode;
  const text = answer.statusMessage ?? answer.errorMessage ?? answer.errorMessageEn ?? answer.message;
  if (code === undefined && text === undefined) return null;
  return [code, text].filter((part) => part !== undefined).join(' ');
}
