import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  escapeHtml,
  htmlPage as page,
  postNotification,
  readBody,
  sendHtml,
  sendJson,
  standInServer,
} from '../stand-in-kit.ts';

// A local stand-in for SSLCommerz v4, for tests and journeys: the session API, a hosted page with Pay / Fail /
// Cancel, the browser's form POST back to success_url / fail_url / cancel_url, the IPN to ipn_url, the Order
// Validation API and the refund API, checking store_id and store_passwd as SSLCommerz does.
// Its verify_sign is written out here on purpose, independent of the adapter's check.

export interface SslcommerzStandInOptions {
  storeId: string;
  storePassword: string;
  port?: number;
}

export type SslcommerzOutcome = 'pay' | 'fail' | 'cancel';

export interface SslcommerzSession {
  sessionKey: string;
  tranId: string;
  /** Decimal text as the merchant sent it ('1500.00'). */
  amount: string;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string | null;
  values: Record<'value_a' | 'value_b' | 'value_c' | 'value_d', string>;
  status: 'PENDING' | 'VALID' | 'FAILED' | 'CANCELLED' | 'EXPIRED' | 'UNATTEMPTED';
  valId: string | null;
  bankTranId: string | null;
  tranDate: string | null;
  /** The Order Validation API answers VALID the first time and VALIDATED after. */
  validated: boolean;
}

export interface SslcommerzRefund {
  refundRefId: string;
  bankTranId: string;
  tranId: string;
  amount: string;
  remarks: string;
  refeId: string | null;
}

export interface SslcommerzStandIn {
  /** The API's address, to give the adapter as `baseUrl`. */
  url: string;
  /** Every API call received (session, validation, refund), query and form fields together. */
  calls: Array<{ method: string; path: string; params: Record<string, string> }>;
  sessions: Map<string, SslcommerzSession>;
  refunds: SslcommerzRefund[];
  /** IPNs posted to ipn_url and how the merchant answered (null: unreachable). */
  ipnDeliveries: Array<{ url: string; fields: Record<string, string>; status: number | null }>;
  /**
   * The shopper's choice on the hosted page, without a browser: answers where the browser is sent and the fields
   * it posts there (and on `pay`, posts the IPN first).
   */
  complete(sessionKeyOrTranId: string, outcome: SslcommerzOutcome): Promise<SslcommerzPost>;
  /** The session runs out without a payment: SSLCommerz posts an IPN with status EXPIRED or UNATTEMPTED. */
  expire(sessionKeyOrTranId: string, status?: 'EXPIRED' | 'UNATTEMPTED'): Promise<SslcommerzPost>;
  /** The next API call answers 500, never answers, or answers a page that is not JSON. */
  failNext(mode: 'error' | 'timeout' | 'malformed'): void;
  close(): Promise<void>;
}

/** A form POST SSLCommerz makes: the browser's return, or the IPN. */
export interface SslcommerzPost {
  url: string;
  fields: Record<string, string>;
}

const SESSION_PATH = '/gwprocess/v4/api.php';
const VALIDATION_PATH = '/validator/api/validationserverAPI.php';
const MERCHANT_PATH = '/validator/api/merchantTransIDvalidationAPI.php';
const REQUIRED = [
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_add1',
  'cus_city',
  'cus_postcode',
  'cus_country',
  'cus_phone',
  'shipping_method',
  'product_name',
  'product_category',
  'product_profile',
] as const;

export async function startSslcommerzStandIn(options: SslcommerzStandInOptions): Promise<SslcommerzStandIn> {
  const calls: SslcommerzStandIn['calls'] = [];
  const sessions = new Map<string, SslcommerzSession>();
  const refunds: SslcommerzRefund[] = [];
  const ipnDeliveries: SslcommerzStandIn['ipnDeliveries'] = [];
  let nextFailure: 'error' | 'timeout' | 'malformed' | null = null;
  let url = '';

  const server = standInServer(handle, (res, error) => sendJson(res, 500, { error: String(error) }));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = new URL(req.url ?? '/', url);
    const params: Record<string, string> = Object.fromEntries(address.searchParams);
    const body = await readBody(req);
    for (const [key, value] of new URLSearchParams(body)) params[key] = value;

    const page = /^\/EasyCheckOut\/([A-Za-z0-9]+)(?:\/(pay|fail|cancel))?$/.exec(address.pathname);
    if (page?.[1])
      return hostedPage(res, page[1], page[2] as SslcommerzOutcome | undefined, req.method ?? 'GET');

    calls.push({ method: req.method ?? 'GET', path: address.pathname, params });
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      if (failure === 'timeout') return; // never answered; close() drops the connection
      if (failure === 'malformed') return sendHtml(res, 200, '<html><body>Service Unavailable</body></html>');
      return sendHtml(res, 500, '<html><body>Internal Server Error</body></html>');
    }

    if (address.pathname === SESSION_PATH && req.method === 'POST')
      return sendJson(res, 200, openSession(params));
    if (address.pathname === VALIDATION_PATH && req.method === 'GET')
      return sendJson(res, 200, validation(params));
    if (address.pathname === MERCHANT_PATH && req.method === 'GET')
      return sendJson(res, 200, merchantApi(params));
    return sendHtml(res, 404, '<html><body>Not Found</body></html>');
  }

  function credentialsOk(params: Record<string, string>): boolean {
    return params.store_id === options.storeId && params.store_passwd === options.storePassword;
  }

  function openSession(params: Record<string, string>): Record<string, unknown> {
    const failed = (failedreason: string) => ({
      status: 'FAILED',
      failedreason,
      sessionkey: '',
      GatewayPageURL: '',
    });
    if (!credentialsOk(params)) return failed('Store Credential Error Or Store is De-active');
    const missing = REQUIRED.filter((name) => !params[name]?.trim());
    if (missing.length > 0) return failed(`Invalid Information: ${missing.join(', ')} is missing`);
    if (!/^\d+(\.\d{1,2})?$/.test(params.total_amount ?? ''))
      return failed('Invalid Information: total_amount');
    const amount = Number(params.total_amount);
    if (params.currency === 'BDT' && (amount < 10 || amount > 500_000)) {
      return failed('Invalid Information: total_amount must be from 10.00 to 500000.00 BDT');
    }
    if (!['BDT', 'USD', 'EUR'].includes(params.currency ?? ''))
      return failed('Invalid Information: currency');
    if ((params.tran_id ?? '').length > 30) return failed('Invalid Information: tran_id is longer than 30');

    const sessionKey = randomBytes(16).toString('hex').toUpperCase();
    sessions.set(sessionKey, {
      sessionKey,
      tranId: params.tran_id ?? '',
      amount: Number(params.total_amount).toFixed(2),
      currency: params.currency ?? '',
      successUrl: params.success_url ?? '',
      failUrl: params.fail_url ?? '',
      cancelUrl: params.cancel_url ?? '',
      ipnUrl: params.ipn_url || null,
      values: {
        value_a: params.value_a ?? '',
        value_b: params.value_b ?? '',
        value_c: params.value_c ?? '',
        value_d: params.value_d ?? '',
      },
      status: 'PENDING',
      valId: null,
      bankTranId: null,
      tranDate: null,
      validated: false,
    });
    const gatewayPage = `${url}/EasyCheckOut/${sessionKey}`;
    return {
      status: 'SUCCESS',
      failedreason: '',
      sessionkey: sessionKey,
      gw: { visa: 'city_visa,ebl_visa', master: 'city_master,ebl_master', amex: 'city_amex', othercards: '' },
      redirectGatewayURL: `${url}/gwprocess/v4/bankgw/indexhtmlOTP.php?mamount=${params.total_amount}&ssl_id=`,
      directPaymentURLBank: '',
      directPaymentURLCard: '',
      directPaymentURL: '',
      redirectGatewayURLFailed: `${url}/gwprocess/v4/bankgw/failed`,
      GatewayPageURL: gatewayPage,
      storeBanner: `${url}/stores/logos/demoLogo.png`,
      storeLogo: `${url}/stores/logos/demoLogo.png`,
      desc: [],
      is_direct_pay_enable: '0',
    };
  }

  function validation(params: Record<string, string>): Record<string, unknown> {
    if (!credentialsOk(params)) return { APIConnect: 'INVALID_REQUEST', status: 'INVALID_TRANSACTION' };
    const session = [...sessions.values()].find((s) => s.valId !== null && s.valId === params.val_id);
    if (session?.status !== 'VALID') {
      return { APIConnect: 'DONE', status: 'INVALID_TRANSACTION', val_id: params.val_id ?? '' };
    }
    const status = session.validated ? 'VALIDATED' : 'VALID';
    session.validated = true;
    return {
      status,
      tran_date: session.tranDate,
      tran_id: session.tranId,
      val_id: session.valId,
      amount: session.amount,
      store_amount: storeAmount(session.amount),
      currency: 'BDT',
      bank_tran_id: session.bankTranId,
      card_type: 'VISA-Dutch Bangla',
      card_no: '418117XXXXXX6675',
      card_issuer: 'STANDARD CHARTERED BANK',
      card_brand: 'VISA',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      currency_type: session.currency,
      currency_amount: session.amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      ...session.values,
      emi_instalment: '0',
      emi_amount: '0.00',
      emi_description: '',
      emi_issuer: '',
      account_details: '',
      risk_title: 'Safe',
      risk_level: '0',
      APIConnect: 'DONE',
      validated_on: timestamp(),
      gw_version: '',
    };
  }

  /** The merchant transaction API: a refund (bank_tran_id + refund_amount), a refund query, a transaction query. */
  function merchantApi(params: Record<string, string>): Record<string, unknown> {
    if (!credentialsOk(params))
      return { APIConnect: 'INVALID_REQUEST', status: '', errorReason: 'Invalid store' };
    if (params.bank_tran_id && params.refund_amount !== undefined) return refund(params);
    if (params.refund_ref_id) {
      const found = refunds.find((r) => r.refundRefId === params.refund_ref_id);
      if (!found) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Refund not found' };
      return {
        APIConnect: 'DONE',
        bank_tran_id: found.bankTranId,
        tran_id: found.tranId,
        refund_ref_id: found.refundRefId,
        initiated_on: timestamp(),
        refunded_on: timestamp(),
        status: 'refunded',
        errorReason: '',
      };
    }
    if (params.tran_id) {
      const element = [...sessions.values()]
        .filter((s) => s.tranId === params.tran_id && s.valId !== null)
        .map((s) => ({
          val_id: s.valId,
          status: s.status,
          tran_date: s.tranDate,
          tran_id: s.tranId,
          amount: s.amount,
          currency: 'BDT',
          bank_tran_id: s.bankTranId,
          currency_type: s.currency,
          currency_amount: s.amount,
          ...s.values,
        }));
      return { APIConnect: 'DONE', no_of_trans_found: element.length, element };
    }
    return { APIConnect: 'INVALID_REQUEST', status: '', errorReason: 'Missing parameters' };
  }

  function refund(params: Record<string, string>): Record<string, unknown> {
    const bankTranId = params.bank_tran_id ?? '';
    const failed = (errorReason: string) => ({
      APIConnect: 'DONE',
      bank_tran_id: bankTranId,
      trans_id: '',
      refund_ref_id: '',
      status: 'failed',
      errorReason,
    });
    const session = [...sessions.values()].find((s) => s.bankTranId === bankTranId && s.status === 'VALID');
    if (!session) return failed('Transaction not found');
    const wanted = cents(params.refund_amount ?? '');
    if (wanted === null || wanted <= 0) return failed('Invalid refund amount');
    const done = refunds
      .filter((r) => r.bankTranId === bankTranId)
      .reduce((sum, r) => sum + (cents(r.amount) ?? 0), 0);
    if (done + wanted > (cents(session.amount) ?? 0))
      return failed('Refund amount exceeds the transaction amount');
    if (!params.refund_remarks) return failed('refund_remarks is required');
    const refundRefId = `${Date.now()}${randomBytes(3).toString('hex')}`;
    refunds.push({
      refundRefId,
      bankTranId,
      tranId: session.tranId,
      amount: params.refund_amount ?? '',
      remarks: params.refund_remarks,
      refeId: params.refe_id ?? null,
    });
    return {
      APIConnect: 'DONE',
      bank_tran_id: bankTranId,
      trans_id: session.tranId,
      refund_ref_id: refundRefId,
      status: 'success',
      errorReason: '',
    };
  }

  function findSession(key: string): SslcommerzSession {
    const session = sessions.get(key) ?? [...sessions.values()].findLast((s) => s.tranId === key);
    if (!session) throw new Error(`no SSLCommerz session ${key}`);
    return session;
  }

  /** The fields SSLCommerz posts for a session's outcome, signed with verify_sign. */
  function outcomeFields(session: SslcommerzSession): Record<string, string> {
    const paid = session.status === 'VALID';
    const fields: Record<string, string> = {
      tran_id: session.tranId,
      val_id: session.valId ?? '',
      amount: session.amount,
      card_type: paid ? 'VISA-Dutch Bangla' : '',
      store_amount: paid ? storeAmount(session.amount) : '0',
      card_no: paid ? '418117XXXXXX6675' : '',
      bank_tran_id: session.bankTranId ?? '',
      status: session.status,
      tran_date: session.tranDate ?? timestamp(),
      error: errorText(session.status),
      currency: 'BDT',
      card_issuer: paid ? 'STANDARD CHARTERED BANK' : '',
      card_brand: paid ? 'VISA' : '',
      card_sub_brand: paid ? 'Classic' : '',
      card_issuer_country: paid ? 'Bangladesh' : '',
      card_issuer_country_code: paid ? 'BD' : '',
      store_id: options.storeId,
      currency_type: session.currency,
      currency_amount: session.amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      ...session.values,
      subscription_id: '',
      risk_level: '0',
      risk_title: 'Safe',
    };
    const signedNames = Object.keys(fields).filter((name) => name !== 'subscription_id');
    fields.verify_key = signedNames.join(',');
    fields.verify_sign = verifySign(fields, signedNames, options.storePassword);
    return fields;
  }

  async function postIpn(session: SslcommerzSession, fields: Record<string, string>): Promise<void> {
    if (!session.ipnUrl) return;
    const status = await postNotification(
      session.ipnUrl,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams(fields).toString(),
    );
    ipnDeliveries.push({ url: session.ipnUrl, fields, status });
  }

  async function complete(key: string, outcome: SslcommerzOutcome): Promise<SslcommerzPost> {
    const session = findSession(key);
    if (session.status !== 'PENDING')
      throw new Error(`SSLCommerz session ${session.sessionKey} is already used`);
    session.tranDate = timestamp();
    if (outcome === 'pay') {
      session.status = 'VALID';
      session.valId = `${compactDate()}${randomBytes(5).toString('hex')}`;
      session.bankTranId = `${compactDate()}${randomBytes(4).readUInt32BE(0)}`;
    } else {
      session.status = outcome === 'fail' ? 'FAILED' : 'CANCELLED';
    }
    const fields = outcomeFields(session);
    if (outcome === 'pay') await postIpn(session, fields);
    const target =
      outcome === 'pay' ? session.successUrl : outcome === 'fail' ? session.failUrl : session.cancelUrl;
    return { url: target, fields };
  }

  async function expire(key: string, status: 'EXPIRED' | 'UNATTEMPTED' = 'EXPIRED'): Promise<SslcommerzPost> {
    const session = findSession(key);
    if (session.status !== 'PENDING')
      throw new Error(`SSLCommerz session ${session.sessionKey} is already used`);
    session.status = status;
    const fields = outcomeFields(session);
    await postIpn(session, fields);
    return { url: session.ipnUrl ?? '', fields };
  }

  async function hostedPage(
    res: ServerResponse,
    key: string,
    outcome: SslcommerzOutcome | undefined,
    method: string,
  ): Promise<void> {
    const session = sessions.get(key);
    if (!session)
      return sendHtml(res, 404, page('SSLCommerz', '<p>This payment session does not exist.</p>'));
    if (!outcome) {
      if (session.status !== 'PENDING') {
        return sendHtml(res, 410, page('SSLCommerz', '<p>This payment session has already been used.</p>'));
      }
      const button = (action: SslcommerzOutcome, label: string) =>
        `<form method="post" action="/EasyCheckOut/${key}/${action}"><button type="submit">${label}</button></form>`;
      return sendHtml(
        res,
        200,
        page(
          'SSLCommerz',
          `<h1>SSLCommerz (stand-in)</h1>
<p>Order <strong>${escapeHtml(session.tranId)}</strong>: ${escapeHtml(session.currency)} ${escapeHtml(session.amount)}</p>
${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}`,
        ),
      );
    }
    if (method !== 'POST')
      return sendHtml(res, 405, page('SSLCommerz', '<p>Use the buttons of the page.</p>'));
    let post: SslcommerzPost;
    try {
      post = await complete(key, outcome);
    } catch {
      return sendHtml(res, 410, page('SSLCommerz', '<p>This payment session has already been used.</p>'));
    }
    // As SSLCommerz does, the browser carries the outcome back by an auto-submitted form POST.
    const inputs = Object.entries(post.fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    return sendHtml(
      res,
      200,
      page(
        'Redirecting…',
        `<form id="back" method="post" action="${escapeHtml(post.url)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>
<script>document.getElementById('back').submit();</script>`,
      ),
    );
  }

  url = await server.listen(options.port);

  return {
    url,
    calls,
    sessions,
    refunds,
    ipnDeliveries,
    complete,
    expire,
    failNext(mode) {
      nextFailure = mode;
    },
    close: server.close,
  };
}

function verifySign(fields: Record<string, string>, names: string[], storePassword: string): string {
  const signed = new Map(names.map((name) => [name, fields[name] ?? '']));
  signed.set('store_passwd', createHash('md5').update(storePassword).digest('hex'));
  const text = [...signed.keys()]
    .sort()
    .map((name) => `${name}=${signed.get(name)}`)
    .join('&');
  return createHash('md5').update(text).digest('hex');
}

function errorText(status: SslcommerzSession['status']): string {
  if (status === 'FAILED') return 'Declined by the issuing bank';
  if (status === 'CANCELLED') return 'Cancelled by the customer';
  if (status === 'EXPIRED' || status === 'UNATTEMPTED') return 'Session expired';
  return '';
}

/** The merchant's share after SSLCommerz's 2.5% fee, as the answers show it. */
function storeAmount(amount: string): string {
  const total = cents(amount) ?? 0;
  return ((total - Math.round((total * 25) / 1000)) / 100).toFixed(2);
}

function cents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  return match?.[1] ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

function timestamp(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}

function compactDate(): string {
  return new Date().toISOString().slice(2, 10).replace(/-/g, '');
}
