import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The ledger table pages by 10. */
export const LEDGER_PAGE_SIZE = 10;

/** The only home of the Earnings screen's query options; keys derive from method + path (+ parameters). */
export const earningsQueries = {
  summary: () => $api.queryOptions('get', '/vendor/earnings'),
  ledger: (query: QueryParams<'listVendorLedger'>) =>
    $api.queryOptions('get', '/vendor/earnings/ledger', { params: { query } }),
};
