import type { QueryParams } from '@shop/sdk/types';
import { api } from '../../../lib/api';
import { suggestedFileName } from '../../../lib/download';

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
  return { blob: data, fileName: suggestedFileName(response) ?? 'activity.csv' };
}
