import { $api } from '../../../lib/api';

/** The four dashboard calls (spec 1 §7); each key derives from method + path, so invalidation needs no hand-typed key. */
export const dashboardQueries = {
  overview: () => $api.queryOptions('get', '/stats/overview'),
  alerts: () => $api.queryOptions('get', '/admin/alerts'),
  pendingActions: () => $api.queryOptions('get', '/admin/pending-actions'),
  dailyCount: () => $api.queryOptions('get', '/stats/daily-count'),
};
