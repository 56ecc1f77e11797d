import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { toAmount } from '../../money/money.ts';
import { staffActivity } from '../activity/index.ts';
import { recoveredTotals } from '../carts/index.ts';
import { refreshSummaries } from '../stats/index.ts';
import {
  change,
  DAY_MS,
  dailySeries,
  dayRange,
  findReport,
  generateReport,
  listReports,
  MAX_RANGE_DAYS,
  periodFigures,
  previousRange,
  REPORT_PAGE_SIZE,
  type ReportSummary,
} from './analytics.repository.ts';

export const BAD_RANGE = `Choose a range of 1 to ${MAX_RANGE_DAYS} days whose end is not before its start.`;
export const REPORT_NOT_FOUND = 'Report not found.';

/** The asked days, or the last 30 ending today; 400 for a range that is backwards or too long. */
function rangeOf(from: string | undefined, to: string | undefined, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const end = to ?? today;
  const start = from ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  const range = dayRange(start, end);
  if (!(range.days >= 1 && range.days <= MAX_RANGE_DAYS)) throw badRequest(BAD_RANGE);
  return range;
}

const toReport = (row: ReportSummary) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  from: row.fromDate,
  to: row.toDate,
  status: row.status,
  rowCount: row.rowCount,
  error: row.error,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** Analytics & Reports: figures over a range against the period before, and CSV reports kept in a log. */
export function createAnalyticsHandlers(deps: { db: Database }) {
  const { db } = deps;
  return {
    getAnalytics: operation('getAnalytics', async (request) => {
      requireStaff(request);
      const range = rangeOf(request.query.from, request.query.to);
      const previous = previousRange(range);
      await refreshSummaries(db, new Date());
      const [now, before, series, recovered] = await Promise.all([
        periodFigures(db, range),
        periodFigures(db, previous),
        dailySeries(db, range),
        recoveredTotals(db, { from: range.start, to: range.end }),
      ]);
      const metric = (value: number, earlier: number) => ({
        value,
        previous: earlier,
        change: change(value, earlier),
      });
      return {
        success: true,
        data: {
          from: range.from,
          to: range.to,
          previousFrom: previous.from,
          previousTo: previous.to,
          sales: metric(toAmount(now.salesMinor), toAmount(before.salesMinor)),
          orders: metric(now.orders, before.orders),
          visits: metric(now.visits, before.visits),
          conversion: metric(now.conversion, before.conversion),
          recovered,
          series,
        },
      };
    }),

    listReports: operation('listReports', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? REPORT_PAGE_SIZE;
      const { rows, total } = await listReports(db, page, limit);
      return { success: true, data: rows.map(toReport), meta: { page, limit, total } };
    }),

    generateReport: operation('generateReport', async (request, reply) => {
      const staff = requireStaff(request);
      const range = rangeOf(request.body.from, request.body.to);
      const report = await generateReport(
        db,
        { type: request.body.type, range, createdBy: staff.name },
        (saved) =>
          staffActivity(request, staff, {
            action: 'report.generate',
            target: `report:${saved.id}`,
            outcome: saved.status === 'Ready' ? 'success' : 'failed',
            details: { name: saved.name, rows: saved.rowCount },
          }),
      );
      void reply.code(201);
      return {
        success: true,
        message: report.status === 'Ready' ? 'Report generated.' : 'The report could not be generated.',
        data: toReport(report),
      };
    }),

    downloadReport: operation('downloadReport', async (request, reply) => {
      requireStaff(request);
      const report = await findReport(db, request.params.id);
      if (!report) throw notFound(REPORT_NOT_FOUND);
      if (report.status !== 'Ready') throw conflict('This report failed; it has no file.');
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${report.type}-${report.fromDate}-to-${report.toDate}.csv"`,
        )
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(report.csv) as never;
    }),
  };
}
