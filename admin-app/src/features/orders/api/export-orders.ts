import type { QueryParams } from '@shop/sdk/types';
import { api } from '../../../lib/api';
import { suggestedFileName } from '../../../lib/download';

export type OrderExportQuery = QueryParams<'exportOrders'>;

/**
 * GET /orders/export (exportOrders) with the list's filters. It goes through the API client, so it carries the
 * session token like every other call, and the CSV answer is read as a file.
 */
export async function fetchOrdersExport(query: OrderExportQuery): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET('/orders/export', { params: { query }, parseAs: 'blob' });
  if (error !== undefined || !data) throw error ?? new Error('The export is empty.');
  return { blob: data, fileName: suggestedFileName(response) ?? 'orders.csv' };
}
