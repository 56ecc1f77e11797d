import type { QueryParams } from '@shop/sdk/types';
import { api } from '../../../lib/api';

/**
 * GET /admin/activity/export (exportActivity) with the screen's filters. It goes through the API client, so it
 * carries the session token like every other call, and the CSV answer is read as a file.
 */
export async function fetchActivityExport(
  query: QueryParams<'exportActivity'>,
): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET('/admin/activity/export', {
    params: { query },
    parseAs: 'blob',
  });
  if (error !== undefined || !data) throw error ?? new Error('The export is empty.');
  return { blob: data, fileName: fileNameOf(response) ?? 'activity.csv' };
}

/** The file name the server suggests in Content-Disposition, if any. */
function fileNameOf(response: Response): string | undefined {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
