import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The Payments screen's tables page by 20. */
export const PAYMENT_PAGE_SIZE = 20;
/** The mismatch list under the payments table is a short worklist. */
export const MISMATCH_PAGE_SIZE = 10;

/** The one home of the Payments screen's query options; keys derive from method + path (+ parameters). */
export const paymentQueries = {
  list: (query: QueryParams<'listPayments'>) =>
    $api.queryOptions('get', '/admin/payments', { params: { query } }),
  mismatches: (query: QueryParams<'listPaymentMismatches'>) =>
    $api.queryOptions('get', '/admin/payments/mismatches', { params: { query } }),
  summary: () => $api.queryOptions('get', '/admin/payments/summary'),
  refunds: (query: QueryParams<'listPaymentRefunds'>) =>
    $api.queryOptions('get', '/admin/payments/refunds', { params: { query } }),
  cashOnDelivery: (query: QueryParams<'listCashOnDelivery'>) =>
    $api.queryOptions('get', '/admin/payments/cash-on-delivery', { params: { query } }),
};

/** Key prefixes of the reads above (method and path). */
export const paymentKeys = {
  cashOnDelivery: paymentQueries.cashOnDelivery({}).queryKey.slice(0, 2),
};
