import { $api } from '../../../lib/api';

/** The only home of the Dashboard's query options; keys derive from method + path. */
export const dashboardQueries = {
  figures: () => $api.queryOptions('get', '/vendor/dashboard'),
};
