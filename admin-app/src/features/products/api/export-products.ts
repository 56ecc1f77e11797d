import type { QueryParams } from '@shop/sdk/types';
import { api } from '../../../lib/api';
import { suggestedFileName } from '../../../lib/download';

export type ExportFormat = NonNullable<QueryParams<'exportProducts'>['format']>;
type ExportQuery = QueryParams<'exportProducts'> & { format: ExportFormat };

/**
 * GET /product/export (exportProducts) with the list's filters. It goes through the API client, so it carries the
 * session token like every other call, and the answer is read as a file.
 */
export async function fetchProductsExport(query: ExportQuery): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET('/product/export', { params: { query }, parseAs: 'blob' });
  if (error !== undefined || !data) throw error ?? new Error('The export is empty.');
  return { blob: data, fileName: suggestedFileName(response) ?? `products.${query.format}` };
}
