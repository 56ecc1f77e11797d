import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The Activity Logs screen pages by 10. */
export const ACTIVITY_PAGE_SIZE = 10;

/** The one home of the activity log's query options; the key derives from method, path and parameters. */
export const activityQueries = {
  list: (query: QueryParams<'listActivity'>) =>
    $api.queryOptions('get', '/admin/activity', { params: { query } }),
};
