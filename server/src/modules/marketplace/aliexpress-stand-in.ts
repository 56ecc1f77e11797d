import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFixtureMarketplace } from './fixture-marketplace.ts';
import type { SupplierOrderRequest } from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';
import {
  createDisputeBook,
  DISPUTE_DETAIL_METHOD,
  DISPUTE_OPEN_METHOD,
  type DisputeBook,
  issueStatusOf,
} from './supplier-disputes.ts';
import { createSupplierOrderBook, type SupplierOrderBook } from './supplier-orders.ts';
import { createSupplierScenario, type SupplierScenario } from './supplier-scenario.ts';

// A local stand-in for the Open Platform's /sync gateway, for tests: it checks app key, access
// token and signature the way the platform does and answers from the bundled catalogue (supplier orders and
// their tracking too, as the fixture marketplace places and tracks them).
// Its signature check is written out here on purpose, independent of the client's signer.

export interface StandInCredentials {
  appKey: string;
  appSecret: string;
  accessToken: string;
}

export interface AliExpressStandIn {
  /** The gateway address to give the client as `apiUrl`. */
  url: string;
  /** Parameters of every call received, in order. */
  calls: Array<Record<string, string>>;
  /** Supplier orders whose parcel has not left yet: their tracking answers no parcel. */
  awaitingShipment: Set<string>;
  /** What has changed at the suppliers: stock, prices, SKUs withdrawn, listings lapsed, routes closed. */
  scenario: SupplierScenario;
  /** The disputes opened with the suppliers; `answerDispute` gives a supplier's answer. */
  disputes: DisputeBook;
  /** The supplier orders taken: hold their shipment, ship, scan and deliver them, fail the next one. */
  supplierOrders: SupplierOrderBook;
  close(): Promise<void>;
}

/** A request to the stand-in's `/control/` API (its server, server/src/test/aliexpress-stand-in-server.ts). */
export interface StandInControlRequest {
  method: string;
  /** The path after `/control/`, e.g. `scenario`. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, or undefined when there is none. */
  body: unknown;
}

export interface StandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Origin the catalogue's pictures are addressed on: the shop's API, which serves them. */
  publicUrl?: string;
  /** The platform's clock (delivery dates, lapsing listings); tests pin it. */
  now?: () => Date;
  /** Answers `/control/…`: status and JSON body. Without it, those paths are unknown. */
  control?: (request: StandInControlRequest) => Promise<{ status: number; body: unknown }>;
}

export async function startAliExpressStandIn(
  credentials: StandInCredentials,
  options: StandInOptions = {},
): Promise<AliExpressStandIn> {
  const scenario = createSupplierScenario();
  const disputes = createDisputeBook();
  const supplierOrders = createSupplierOrderBook();
  const catalogue = createFixtureMarketplace({
    publicUrl: options.publicUrl ?? 'https://stand-in.test',
    now: options.now ?? (() => new Date(Date.UTC(2026, 0, 5))),
    scenario,
    disputes,
    supplierOrders,
  });
  const calls: Array<Record<string, string>> = [];
  const awaitingShipment = new Set<string>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    if (url.pathname.startsWith('/control/') && options.control) {
      let parsed: unknown;
      try {
        parsed = body ? JSON.parse(body) : undefined;
      } catch {
        return send(res, 400, { error: 'The body is not JSON.' });
      }
      const answer = await options.control({
        method: req.method ?? 'GET',
        path: url.pathname.slice('/control/'.length),
        query: url.searchParams,
        body: parsed,
      });
      return send(res, answer.status, answer.body);
    }
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [key, value] of new URLSearchParams(body)) params[key] = value;
    calls.push(params);

    if (params.app_key !== credentials.appKey) {
      return send(res, 200, platformError('InvalidAppKey', 'The specified App Key is invalid'));
    }
    if (params.sign_method !== 'sha256' || !params.sign || !params.timestamp) {
      return send(
        res,
        200,
        platformError('MissingParameter', 'sign, sign_method=sha256 and timestamp are required'),
      );
    }
    if (!signatureMatches(params, credentials.appSecret)) {
      return send(
        res,
        200,
        platformError('IncompleteSignature', 'The request signature does not conform to platform standards'),
      );
    }
    if (params.session !== credentials.accessToken) {
      return send(
        res,
        200,
        platformError('IllegalAccessToken', 'The specified access token is invalid or expired'),
      );
    }

    if (params.method === 'aliexpress.ds.product.get') {
      const result = await catalogue.getProduct(params.product_id ?? '', {
        country: params.ship_to_country ?? 'US',
        currency: params.target_currency ?? 'USD',
      });
      const answer = result
        ? { result, rsp_code: 200, rsp_msg: 'Call succeeds' }
        : { rsp_code: 605, rsp_msg: 'ITEM_ID_NOT_FOUND' };
      return send(res, 200, { aliexpress_ds_product_get_response: { ...answer, request_id: requestId() } });
    }
    if (params.method === 'aliexpress.ds.freight.query') {
      const request = JSON.parse(params.queryDeliveryReq ?? '{}') as Record<string, unknown>;
      const options = await catalogue.getDeliveryOptions({
        productId: String(request.productId ?? ''),
        skuId: String(request.selectedSkuId ?? ''),
        country: String(request.shipToCountry ?? ''),
        quantity: Number(request.quantity ?? 1),
        currency: String(request.currency ?? 'USD'),
      });
      const result =
        options.length > 0
          ? {
              msg: 'Call succeeds',
              code: 200,
              success: true,
              delivery_options: { delivery_option_d_t_o: options },
            }
          : { msg: 'DELIVERY_INFO_EMPTY', code: 501, success: false };
      return send(res, 200, { aliexpress_ds_freight_query_response: { result, request_id: requestId() } });
    }
    if (params.method === 'aliexpress.ds.order.create') {
      const text = params.param_place_order_request4_open_api_d_t_o;
      if (!text) {
        return send(
          res,
          200,
          platformError('MissingParameter', 'param_place_order_request4_open_api_d_t_o is required'),
        );
      }
      const result = await createOrder(JSON.parse(text) as PlaceOrderParam);
      return send(res, 200, { aliexpress_ds_order_create_response: { result, request_id: requestId() } });
    }
    if (params.method === 'aliexpress.ds.order.tracking.get') {
      const orderId = params.ae_order_id ?? '';
      return send(res, 200, {
        aliexpress_ds_order_tracking_get_response: {
          result: await tracking(orderId),
          request_id: requestId(),
        },
      });
    }
    if (params.method === DISPUTE_OPEN_METHOD) {
      const request = JSON.parse(params.param_issue_create_request ?? '{}') as Record<string, unknown>;
      let result: Record<string, unknown>;
      try {
        const { disputeId } = await catalogue.openDispute({
          orderId: String(request.order_id ?? ''),
          reason: request.reason === 'PACKAGE_NOT_RECEIVED' ? 'never_arrived' : 'damaged',
          description: String(request.description ?? ''),
          photoUrls: String(request.image_urls ?? '')
            .split(';')
            .filter(Boolean),
        });
        result = { is_success: true, issue_id: Number(disputeId) };
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        result = { is_success: false, error_code: 'ORDER_NOT_EXIST', error_msg: error.message };
      }
      return send(res, 200, { aliexpress_ds_issue_create_response: { result, request_id: requestId() } });
    }
    if (params.method === DISPUTE_DETAIL_METHOD) {
      const kept = disputes.disputes.get(params.issue_id ?? '');
      const answer = kept
        ? {
            result_success: true,
            result_object: {
              id: Number(kept.disputeId),
              issue_status: issueStatusOf(kept.status),
              issue_process_dtos: {
                issue_process_d_t_o: [
                  { submit_member_type: 'buyer', action_type: 'initiate', content: kept.request.description },
                  ...(kept.answer === null
                    ? []
                    : [
                        {
                          submit_member_type: 'seller',
                          action_type: 'seller_response',
                          content: kept.answer,
                        },
                      ]),
                ],
              },
            },
          }
        : { result_success: false, result_error_msg: 'ISSUE_NOT_EXIST' };
      return send(res, 200, { aliexpress_issue_detail_get_response: { ...answer, request_id: requestId() } });
    }
    return send(
      res,
      200,
      platformError('InvalidApiPath', `The specified API ${params.method ?? ''} does not exist`),
    );
  }

  /** Places the order as the fixture does; the platform names the variation by its `sku_attr`. */
  async function createOrder(param: PlaceOrderParam): Promise<Record<string, unknown>> {
    const address = param.logistics_address ?? {};
    const items: SupplierOrderRequest['items'] = [];
    for (const item of param.product_items ?? []) {
      const productId = String(item.product_id ?? '');
      const product = await catalogue.getProduct(productId, {
        country: address.country ?? 'US',
        currency: 'USD',
      });
      const sku = product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find(
        (s) => s.sku_attr === item.sku_attr,
      );
      items.push({
        productId,
        skuId: sku?.sku_id ?? '',
        skuAttr: item.sku_attr ?? '',
        quantity: item.product_count ?? 1,
      });
    }
    try {
      const { orderId } = await catalogue.placeOrder({
        items,
        address: {
          fullName: address.full_name ?? '',
          address: address.address ?? '',
          city: address.city ?? '',
          province: address.province ?? '',
          postalCode: address.zip ?? '',
          country: address.country ?? '',
          mobileNo: address.mobile_no ?? '',
          phoneCountry: address.phone_country ?? '',
          taxNumber: address.cpf ?? address.tax_number ?? '',
        },
        logisticsServiceName: param.product_items?.[0]?.logistics_service_name ?? null,
        reference: param.out_order_id ?? '',
      });
      return { is_success: true, order_list: { number: [Number(orderId)] } };
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return { is_success: false, error_code: error.code ?? 'B_DROPSHIPPER_ERROR', error_msg: error.message };
    }
  }

  async function tracking(orderId: string): Promise<Record<string, unknown>> {
    if (awaitingShipment.has(orderId)) {
      return { ret: true, code: '0', data: { tracking_detail_line_list: { tracking_detail: [] } } };
    }
    try {
      const parcel = await catalogue.trackOrder(orderId);
      if (parcel.status === 'awaiting_shipment') {
        return { ret: true, code: '0', data: { tracking_detail_line_list: { tracking_detail: [] } } };
      }
      const last = parcel.events.length - 1;
      return {
        ret: true,
        code: '0',
        data: {
          tracking_detail_line_list: {
            tracking_detail: [
              {
                mail_no: parcel.trackingNumber,
                carrier_name: parcel.carrier,
                detail_node_list: {
                  detail_node: parcel.events.map((event, index) => ({
                    time_stamp: Date.parse(event.time),
                    tracking_detail_desc: event.description,
                    tracking_name:
                      parcel.status === 'delivered' && index === last ? 'DELIVERED' : 'IN_TRANSIT',
                  })),
                },
              },
            ],
          },
        },
      };
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return { ret: false, code: 'ORDER_NOT_EXIST', msg: 'The order does not exist' };
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sync`,
    calls,
    awaitingShipment,
    scenario,
    disputes,
    supplierOrders,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** `param_place_order_request4_open_api_d_t_o` as the platform reads it. */
interface PlaceOrderParam {
  out_order_id?: string;
  logistics_address?: Partial<
    Record<
      | 'full_name'
      | 'address'
      | 'city'
      | 'province'
      | 'zip'
      | 'country'
      | 'mobile_no'
      | 'phone_country'
      | 'cpf'
      | 'tax_number',
      string
    >
  >;
  product_items?: Array<{
    product_id?: number | string;
    product_count?: number;
    sku_attr?: string;
    logistics_service_name?: string;
  }>;
}

function signatureMatches(params: Record<string, string>, secret: string): boolean {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign')
    .sort();
  let text = '';
  for (const name of names) text += name + params[name];
  const expected = Buffer.from(createHmac('sha256', secret).update(text, 'utf8').digest('hex').toUpperCase());
  const given = Buffer.from(params.sign ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function platformError(code: string, msg: string): unknown {
  return { error_response: { type: 'ISV', code, msg, request_id: requestId() } };
}

let counter = 0;
function requestId(): string {
  counter += 1;
  return `21015${String(counter).padStart(12, '0')}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}
