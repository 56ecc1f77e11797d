import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

type AlertQuery = QueryParams<'listSupplierAlerts'>;

/** The one home of the supplier screens' query options; keys derive from method + path (+ parameters). */
export const supplierQueries = {
  product: (id: string) => $api.queryOptions('get', '/products/{id}/suppliers', { params: { path: { id } } }),
  alerts: (query: AlertQuery) => $api.queryOptions('get', '/suppliers/alerts', { params: { query } }),
};

/** Key prefixes of the reads above (method and path). */
export const supplierKeys = {
  products: supplierQueries.product('').queryKey.slice(0, 2),
  alerts: supplierQueries.alerts({}).queryKey.slice(0, 2),
};

/** The open alerts the dashboard and the product table show: the newest hundred. */
export const OPEN_ALERTS = { status: 'open', limit: 100 } as const satisfies AlertQuery;
