import type { QueryParams } from '@shop/sdk/types';
import { api } from '../../../lib/api';

export type ExportFormat = NonNullable<QueryParams<'exportProducts'>['format']>;
type ExportQuery = QueryParams<'exportProducts'> & { format: ExportFormat };

/**
 * GET /product/export (exportProducts) with the list's filters. It goes through the API client, so it carries the
 * session token like every other call, and the answer is read as a file.
 */
export async function fetchProductsExport(query: ExportQuery): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET('/product/export', { params: { query }, parseAs: 'blob' });
  if (error !== undefined || !data) throw error ?? new Error('The export is empty.');
  return { blob: data, fileName: fileNameOf(response) ?? `products.${query.format}` };
}

/** The file name the server suggests in Content-Disposition, if any. */
function fileNameOf(response: Response): string | undefined {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
