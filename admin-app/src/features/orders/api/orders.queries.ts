import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** Spec 2 §9 and the brief: the order screens page by 10. */
export const ORDER_PAGE_SIZE = 10;

type OrderListQuery = QueryParams<'listAdminOrders'>;
type StatusLogQuery = QueryParams<'listOrderStatusLogs'>;
type ForwardingQuery = QueryParams<'listForwardings'>;
type RefundQuery = QueryParams<'listRefunds'>;
type ReturnRequestQuery = QueryParams<'listReturnRequests'>;

/** The product picker of the manual order asks in the store's own currency; the server prices the order anyway. */
const PICKER_QUERY = { country: 'BD', currency: 'BDT', limit: 20 } as const;

/**
 * The one home of the order screens' query options. Keys derive from method + path (+ parameters), so a mutation
 * invalidates every page and filter of a read through `orderKeys` below.
 */
export const orderQueries = {
  list: (query: OrderListQuery) => $api.queryOptions('get', '/orders', { params: { query } }),
  detail: (id: string) => $api.queryOptions('get', '/orders/{id}', { params: { path: { id } } }),
  statusLogs: (query: StatusLogQuery) =>
    $api.queryOptions('get', '/orders/status-logs', { params: { query } }),
  forwardings: (query: ForwardingQuery) => $api.queryOptions('get', '/forwarding', { params: { query } }),
  refunds: (query: RefundQuery) => $api.queryOptions('get', '/refunds', { params: { query } }),
  returnRequests: (query: ReturnRequestQuery) =>
    $api.queryOptions('get', '/return-requests', { params: { query } }),
  products: (q: string) =>
    $api.queryOptions('get', '/product/', { params: { query: { ...PICKER_QUERY, q: q || undefined } } }),
};

/** Key prefixes of the reads above: the first two parts of each key (method and path). */
export const orderKeys = {
  lists: orderQueries.list({}).queryKey.slice(0, 2),
  details: orderQueries.detail('').queryKey.slice(0, 2),
  statusLogs: orderQueries.statusLogs({}).queryKey.slice(0, 2),
  forwardings: orderQueries.forwardings({}).queryKey.slice(0, 2),
  refunds: orderQueries.refunds({}).queryKey.slice(0, 2),
  returnRequests: orderQueries.returnRequests({}).queryKey.slice(0, 2),
  products: orderQueries.products('').queryKey.slice(0, 2),
};
