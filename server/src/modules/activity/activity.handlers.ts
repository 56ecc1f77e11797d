import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import type { QueryParams } from '../../http/contract-types.ts';
import { validationError } from '../../http/errors.ts';
import { type OperationHandler, type OperationRequest, operation } from '../../http/operation.ts';
import { activityCsv } from './activity.csv.ts';
import {
  type ActivityFilters,
  activityFacets,
  exportActivity,
  listActivity,
} from './activity.list.repository.ts';
import { insertActivity } from './activity.repository.ts';
import { toActivityLog } from './activity.view.ts';
import { staffActivity } from './staff-activity.ts';

/** The most entries one export answers; the log only grows, and X-Total-Count says how many matched. */
export const ACTIVITY_EXPORT_MAX_ROWS = 10_000;
export const DATE_RANGE_REVERSED = 'The start date must not be after the end date.';

/** The filters from a query; 400 when both dates are set and the range runs backwards. */
function filtersOf(query: QueryParams<'exportActivity'>): ActivityFilters {
  const { q, admin, action, status, start, end } = query;
  if (start && end && start > end) {
    throw validationError([{ path: '/start', message: 'must not be after end' }], DATE_RANGE_REVERSED);
  }
  return { q, adminId: admin, action, status, start, end };
}

export function createActivityHandlers(deps: { db: Database }) {
  const { db } = deps;

  const exportHandler: OperationHandler = async (rawRequest, reply) => {
    // Answers a file, not an envelope, so it is typed here rather than through operation().
    const request = rawRequest as unknown as OperationRequest<'exportActivity'>;
    const staff = requireStaff(request);
    const filters = filtersOf(request.query);
    const { rows, total } = await exportActivity(db, filters, ACTIVITY_EXPORT_MAX_ROWS);
    // Reading the log out of the building is itself worth a line in it: no line, no file.
    await insertActivity(
      db,
      staffActivity(request, staff, {
        action: 'activity.export',
        target: 'activity',
        details: { rows: rows.length, total, filters: { ...request.query } },
      }),
    );
    const filename = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .header('x-total-count', String(total))
      .type('text/csv; charset=utf-8')
      .send(activityCsv(rows));
  };

  return {
    listActivity: operation('listActivity', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 10, ...query } = request.query;
      const [{ rows, total, capped }, facets] = await Promise.all([
        listActivity(db, filtersOf(query), { page, limit }),
        activityFacets(db),
      ]);
      return { success: true, data: rows.map(toActivityLog), meta: { page, limit, total, capped }, facets };
    }),

    exportActivity: exportHandler,
  };
}
