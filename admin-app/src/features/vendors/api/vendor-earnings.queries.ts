import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** A store's ledger pages by 10. */
export const LEDGER_PAGE_SIZE = 10;

/** The only home of a vendor store's earnings query options; keys derive from method + path (+ parameters). */
export const vendorEarningsQueries = {
  summary: (id: string) =>
    $api.queryOptions('get', '/admin/vendors/{id}/earnings', { params: { path: { id } } }),
  ledger: (id: string, query: QueryParams<'listAdminVendorLedger'>) =>
    $api.queryOptions('get', '/admin/vendors/{id}/earnings/ledger', { params: { path: { id }, query } }),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const vendorEarningsKeys = {
  summaries: vendorEarningsQueries.summary('').queryKey.slice(0, 2),
  ledgers: vendorEarningsQueries.ledger('', {}).queryKey.slice(0, 2),
};
