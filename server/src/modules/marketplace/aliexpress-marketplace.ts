import { createHmac } from 'node:crypto';
import type {
  AeErrorResponse,
  AeFreightQueryResponse,
  AeOrderCreateResponse,
  AeOrderTrackingResponse,
  AeProductGetResponse,
  AeProductResult,
  DeliveryOption,
  DeliveryQuery,
  MarketplaceAdapter,
  ProductQuery,
  SupplierDispute,
  SupplierDisputeRequest,
  SupplierOrderRequest,
  SupplierTracking,
} from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';
import {
  type AeIssueCreateResponse,
  type AeIssueDetailResponse,
  DISPUTE_DETAIL_METHOD,
  DISPUTE_OPEN_METHOD,
  disputeStatusOf,
} from './supplier-disputes.ts';

// The AliExpress Open Platform's dropshipping API. Business methods are called on the gateway's
// /sync endpoint with `method=<api name>`; every call is signed with the app secret.

const ALIEXPRESS_API_URL = 'https://api-sg.aliexpress.com/sync';

export interface AliExpressMarketplaceOptions {
  appKey: string;
  appSecret: string;
  /** The seller's access token from the Open Platform's OAuth flow, sent as `session`. */
  accessToken: string;
  apiUrl?: string;
  fetch?: typeof fetch;
  /** Give up on a call after this long; the caller sees an `unreachable` error. */
  timeoutMs?: number;
  /** Language of titles and descriptions, e.g. en. */
  language?: string;
}

/**
 * The Open Platform's signature: parameters (without `sign`) sorted by name in ASCII order,
 * concatenated as name+value, HMAC-SHA256 keyed with the app secret, upper-case hex.
 * System APIs addressed by path (e.g. /auth/token/create) put that path in front of the string;
 * business methods called through /sync do not.
 */
export function signParameters(params: Record<string, string>, appSecret: string, apiPath?: string): string {
  const payload = Object.keys(params)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');
  return createHmac('sha256', appSecret)
    .update(`${apiPath ?? ''}${payload}`, 'utf8')
    .digest('hex')
    .toUpperCase();
}

export function createAliExpressMarketplace(options: AliExpressMarketplaceOptions): MarketplaceAdapter {
  const apiUrl = options.apiUrl ?? ALIEXPRESS_API_URL;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const language = options.language ?? 'en';

  async function call(method: string, business: Record<string, string>): Promise<unknown> {
    const params: Record<string, string> = {
      ...business,
      app_key: options.appKey,
      method,
      session: options.accessToken,
      sign_method: 'sha256',
      timestamp: String(Date.now()),
    };
    params.sign = signParameters(params, options.appSecret);

    let response: Response;
    try {
      // Everything goes in the form body so the access token never lands in URL logs.
      response = await doFetch(apiUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json',
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new MarketplaceError('unreachable', `The marketplace could not be reached (${method}).`, {
        cause,
      });
    }
    if (response.status >= 500) {
      throw new MarketplaceError('unreachable', `The marketplace answered ${response.status} (${method}).`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new MarketplaceError('bad_response', `The marketplace sent an unreadable answer (${method}).`, {
        cause,
      });
    }
    if (isErrorResponse(body)) throw fromErrorResponse(body, method);
    if (!response.ok) {
      throw new MarketplaceError(
        'rejected',
        `The marketplace refused the call with status ${response.status} (${method}).`,
      );
    }
    return body;
  }

  /** The first parcel with a tracking number of one supplier order, or null while there is none. */
  async function trackOne(id: string) {
    if (!/^\d{1,20}$/.test(id))
      throw new MarketplaceError('not_found', `Not found on the marketplace: order ${id}`);
    const body = await call('aliexpress.ds.order.tracking.get', {
      ae_order_id: id,
      language: language === 'en' ? 'en_US' : language,
    });
    const result = (body as Partial<AeOrderTrackingResponse>).aliexpress_ds_order_tracking_get_response
      ?.result;
    if (result === undefined) {
      throw new MarketplaceError('bad_response', 'The tracking answer has an unexpected shape.');
    }
    if (!result.ret) {
      const text = `${result.code ?? ''} ${result.msg ?? ''}`;
      if (/not[\s_-]?(exist|found)/i.test(text)) {
        throw new MarketplaceError(
          'not_found',
          `Not found on the marketplace: order ${id}`,
          result.code ? { code: result.code } : {},
        );
      }
      return null;
    }
    const details = result.data?.tracking_detail_line_list?.tracking_detail ?? [];
    return details.find((detail) => detail.mail_no) ?? null;
  }

  return {
    async getProduct(productId: string, query: ProductQuery): Promise<AeProductResult | null> {
      const id = productId.trim();
      // The marketplace's ids are numbers; anything else cannot exist there.
      if (!/^\d{1,20}$/.test(id)) return null;
      let body: unknown;
      try {
        body = await call('aliexpress.ds.product.get', {
          product_id: id,
          ship_to_country: query.country.toUpperCase(),
          target_currency: query.currency.toUpperCase(),
          target_language: language,
        });
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'not_found') return null;
        throw error;
      }
      const answer = (body as Partial<AeProductGetResponse>).aliexpress_ds_product_get_response;
      if (answer === undefined)
        throw new MarketplaceError('bad_response', 'The product answer has an unexpected shape.');
      const code = Number(answer.rsp_code);
      // 605 ITEM_ID_NOT_FOUND: unknown or delisted; 482: the item may not be shipped to that country.
      if (code === 605 || code === 482) return null;
      if (answer.result?.ae_item_base_info_dto === undefined) {
        const kind = code === 200 ? 'bad_response' : 'rejected';
        throw new MarketplaceError(kind, `The marketplace sent no product: ${answer.rsp_msg || code}`, {
          code: String(code),
        });
      }
      return answer.result;
    },

    async getDeliveryOptions(query: DeliveryQuery): Promise<DeliveryOption[]> {
      let body: unknown;
      try {
        body = await call('aliexpress.ds.freight.query', {
          queryDeliveryReq: JSON.stringify({
            productId: query.productId.trim(),
            selectedSkuId: query.skuId,
            quantity: Math.max(1, Math.floor(query.quantity)),
            shipToCountry: query.country.toUpperCase(),
            currency: query.currency.toUpperCase(),
            language,
            locale: language === 'en' ? 'en_US' : language,
          }),
        });
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'not_found') return [];
        throw error;
      }
      const answer = (body as Partial<AeFreightQueryResponse>).aliexpress_ds_freight_query_response;
      if (answer === undefined)
        throw new MarketplaceError('bad_response', 'The freight answer has an unexpected shape.');
      // success=false with DELIVERY_INFO_EMPTY (or an unknown SKU) means no way to ship there.
      if (!answer.result.success) return [];
      return answer.result.delivery_options?.delivery_option_d_t_o ?? [];
    },

    async placeOrder(request: SupplierOrderRequest): Promise<{ orderId: string }> {
      const { address } = request;
      const body = await call('aliexpress.ds.order.create', {
        param_place_order_request4_open_api_d_t_o: JSON.stringify({
          out_order_id: request.reference,
          logistics_address: {
            full_name: address.fullName,
            contact_person: address.fullName,
            address: address.address,
            city: address.city,
            province: address.province,
            zip: address.postalCode,
            country: address.country.toUpperCase(),
            mobile_no: address.mobileNo,
            phone_country: address.phoneCountry,
            // Brazil's customs name the receiver by CPF; other countries that want one take `tax_number`.
            ...(address.taxNumber
              ? address.country.toUpperCase() === 'BR'
                ? { cpf: address.taxNumber }
                : { tax_number: address.taxNumber }
              : {}),
            locale: language === 'en' ? 'en_US' : language,
          },
          product_items: request.items.map((item) => ({
            product_id: Number(item.productId.trim()),
            product_count: item.quantity,
            sku_attr: item.skuAttr,
            ...(request.logisticsServiceName ? { logistics_service_name: request.logisticsServiceName } : {}),
            order_memo: `Order ${request.reference}`,
          })),
        }),
      });
      const result = (body as Partial<AeOrderCreateResponse>).aliexpress_ds_order_create_response?.result;
      if (result === undefined) {
        throw new MarketplaceError('bad_response', 'The order answer has an unexpected shape.');
      }
      const numbers = (result.order_list?.number ?? []).map(String);
      if (String(result.is_success) !== 'true' || numbers.length === 0) {
        const reason = result.error_msg || result.error_code || 'no order was created';
        throw new MarketplaceError(
          'rejected',
          `The supplier refused the order: ${reason}`,
          result.error_code ? { code: result.error_code } : {},
        );
      }
      // The platform splits an order per seller; all of its numbers are kept, comma-separated.
      return { orderId: numbers.join(',') };
    },

    async trackOrder(orderId: string): Promise<SupplierTracking> {
      const parcels = [];
      for (const id of orderId.split(',')) {
        parcels.push(await trackOne(id.trim()));
      }
      const numbers = [...new Set(parcels.flatMap((p) => (p ? [p.mail_no] : [])))];
      // Shipped once every seller's part has a tracking number.
      if (parcels.some((p) => p === null) || numbers.length === 0) {
        return { status: 'awaiting_shipment', trackingNumber: null, carrier: null, events: [] };
      }
      const nodes = parcels.flatMap((p) => p?.detail_node_list?.detail_node ?? []);
      const events = nodes
        .map((node) => ({ at: Number(node.time_stamp), description: node.tracking_detail_desc }))
        .filter((node) => Number.isFinite(node.at))
        .sort((a, b) => a.at - b.at)
        .map((node) => ({ time: new Date(node.at).toISOString(), description: node.description }));
      // Delivered once every seller's parcel has a delivery scan (`DELIVERED`, or `SIGNED` on some carriers).
      const delivered = parcels.every((p) =>
        (p?.detail_node_list?.detail_node ?? []).some((node) =>
          /DELIVERED|SIGNED/i.test(node.tracking_name ?? ''),
        ),
      );
      return {
        status: delivered ? 'delivered' : 'shipped',
        trackingNumber: numbers.join(', '),
        carrier: parcels.find((p) => p?.carrier_name)?.carrier_name ?? null,
        events,
      };
    },

    async openDispute(request: SupplierDisputeRequest): Promise<{ disputeId: string }> {
      // A supplier order split by seller is disputed on its first seller's part, where the claim's parcel is.
      const orderId = request.orderId.split(',')[0]?.trim() ?? '';
      if (!/^\d{1,20}$/.test(orderId)) {
        throw new MarketplaceError('not_found', `Not found on the marketplace: order ${orderId}`);
      }
      const body = await call(DISPUTE_OPEN_METHOD, {
        param_issue_create_request: JSON.stringify({
          order_id: orderId,
          reason: request.reason === 'never_arrived' ? 'PACKAGE_NOT_RECEIVED' : 'NOT_AS_DESCRIBED',
          description: request.description,
          image_urls: request.photoUrls.join(';'),
        }),
      });
      const result = (body as Partial<AeIssueCreateResponse>).aliexpress_ds_issue_create_response?.result;
      if (result === undefined) {
        throw new MarketplaceError('bad_response', 'The dispute answer has an unexpected shape.');
      }
      if (!(result.is_success === true || result.is_success === 'true') || result.issue_id === undefined) {
        throw new MarketplaceError(
          'rejected',
          `The supplier refused the dispute: ${result.error_msg ?? result.error_code ?? 'no reason given'}`,
          result.error_code ? { code: result.error_code } : {},
        );
      }
      return { disputeId: String(result.issue_id) };
    },

    async getDispute(disputeId: string): Promise<SupplierDispute> {
      if (!/^\d{1,20}$/.test(disputeId)) {
        throw new MarketplaceError('not_found', `Not found on the marketplace: dispute ${disputeId}`);
      }
      const body = await call(DISPUTE_DETAIL_METHOD, { issue_id: disputeId });
      const answer = (body as Partial<AeIssueDetailResponse>).aliexpress_issue_detail_get_response;
      const issue = answer?.result_object;
      if (issue === undefined) {
        if (answer?.result_success === false) {
          throw new MarketplaceError('not_found', `Not found on the marketplace: dispute ${disputeId}`);
        }
        throw new MarketplaceError('bad_response', 'The dispute answer has an unexpected shape.');
      }
      const steps = issue.issue_process_dtos?.issue_process_d_t_o ?? [];
      const sellers = steps.filter(
        (step) => step.submit_member_type.toLowerCase() === 'seller' && step.content,
      );
      return {
        disputeId: String(issue.id),
        status: disputeStatusOf(issue.issue_status),
        answer: sellers.at(-1)?.content ?? null,
      };
    },
  };
}

function isErrorResponse(body: unknown): body is AeErrorResponse {
  return typeof body === 'object' && body !== null && 'error_response' in body;
}

function fromErrorResponse(body: AeErrorResponse, method: string): MarketplaceError {
  const { code, msg, sub_code: subCode, sub_msg: subMsg } = body.error_response;
  const text = [code, subCode, msg, subMsg].filter(Boolean).join(' ');
  const detail = subMsg || msg || code;
  if (/signature/i.test(text)) {
    return new MarketplaceError(
      'signature_rejected',
      `The marketplace rejected the request signature: ${detail}`,
      { code },
    );
  }
  if (/not[\s_-]?(exist|found)/i.test(text)) {
    return new MarketplaceError('not_found', `Not found on the marketplace: ${detail}`, { code });
  }
  return new MarketplaceError('rejected', `The marketplace refused ${method}: ${detail}`, { code });
}
