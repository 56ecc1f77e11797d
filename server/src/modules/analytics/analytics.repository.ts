import { and, asc, count, desc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { disputes, orderItems, orders, products, refunds, reports } from '../../db/schema.ts';
import { csvCell } from '../../lib/csv.ts';
import { BASE_RATE, convertMinor, toAmount, toDecimalText } from '../../money/money.ts';
import { type ActivityEntry, withActivity } from '../activity/index.ts';
import { conversionPercent, figures, refreshSummaries } from '../stats/index.ts';

// Figures over a range of UTC days, compared with the period of the same length just before. Sales are paid orders
// in USD, each converted with the rate its order was priced at; a visit is a visitor on a day.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest range one request covers. */
export const MAX_RANGE_DAYS = 366;
export const REPORT_PAGE_SIZE = 3;

export type ReportType = (typeof reports.$inferSelect)['type'];
export const REPORT_NAMES: Record<ReportType, string> = {
  'sales-by-day': 'Sales by day',
  'sales-by-product': 'Sales by product',
  'sales-by-country': 'Sales by country',
  refunds: 'Refunds',
  disputes: 'Disputes',
};

export interface DayRange {
  /** First day, inclusive (YYYY-MM-DD). */
  from: string;
  /** Last day, inclusive. */
  to: string;
  start: Date;
  /** Midnight after the last day. */
  end: Date;
  days: number;
}

export function dayRange(from: string, to: string): DayRange {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS);
  return { from, to, start, end, days: Math.round((end.getTime() - start.getTime()) / DAY_MS) };
}

/** The same number of days just before. */
export function previousRange(range: DayRange): DayRange {
  const end = range.start;
  const start = new Date(end.getTime() - range.days * DAY_MS);
  return dayRange(
    start.toISOString().slice(0, 10),
    new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10),
  );
}

/** Percent change against the previous period, one decimal; null when there was nothing to compare with. */
export function change(value: number, previous: number): number | null {
  if (previous === 0) return value === 0 ? 0 : null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

const toUsd = (rows: ReadonlyArray<{ minor: string | null; rate: string }>) =>
  rows.reduce((sum, row) => sum + convertMinor(Number(row.minor ?? 0), row.rate, BASE_RATE), 0);

export interface PeriodFigures {
  salesMinor: number;
  orders: number;
  visits: number;
  conversion: number;
}

/** Call `refreshSummaries` (stats) before: the figures read the days' sums as they stand. */
export async function periodFigures(db: Database, range: DayRange, now = new Date()): Promise<PeriodFigures> {
  const span = { from: range.start, to: range.end };
  const found = await figures(db, now, {
    sales: { metric: 'paid', ...span },
    placed: { metric: 'placed', ...span },
    visits: { metric: 'visitors', ...span },
  });
  const placedCount = (key: string) => found.placed.find((row) => row.key === key)?.value ?? 0;
  const visitCount = found.visits[0]?.value ?? 0;
  return {
    salesMinor: toUsd(found.sales.map((row) => ({ minor: String(row.value), rate: row.rate }))),
    orders: placedCount('all'),
    visits: visitCount,
    conversion: conversionPercent(placedCount('shoppers'), visitCount),
  };
}

/** Sales, orders and visits per day of the range, every day present. */
export async function dailySeries(db: Database, range: DayRange, now = new Date()) {
  const span = { from: range.start, to: range.end, byDay: true };
  const found = await figures(db, now, {
    sales: { metric: 'paid', ...span },
    placed: { metric: 'placed', ...span },
    visits: { metric: 'visitors', ...span },
  });
  const salesByDay = new Map<string, number>();
  for (const row of found.sales) {
    salesByDay.set(
      row.day,
      (salesByDay.get(row.day) ?? 0) + toUsd([{ minor: String(row.value), rate: row.rate }]),
    );
  }
  const ordersByDay = new Map(
    found.placed.filter((row) => row.key === 'all').map((row) => [row.day, row.value]),
  );
  const visitsByDay = new Map(found.visits.map((row) => [row.day, row.value]));
  return Array.from({ length: range.days }, (_, i) => {
    const date = new Date(range.start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return {
      date,
      sales: toAmount(salesByDay.get(date) ?? 0),
      orders: ordersByDay.get(date) ?? 0,
      visits: visitsByDay.get(date) ?? 0,
    };
  });
}

const sold = notInArray(orders.status, ['Cancelled', 'Failed']);

/** The report's CSV (header and rows, CRLF) and how many rows it has. */
export async function reportCsv(
  db: Database,
  type: ReportType,
  range: DayRange,
): Promise<{ csv: string; rows: number }> {
  const paidInRange = and(
    eq(orders.isPaid, true),
    gte(orders.paidAt, range.start),
    lt(orders.paidAt, range.end),
  );
  let header: string[];
  let lines: unknown[][];
  switch (type) {
    case 'sales-by-day': {
      await refreshSummaries(db, new Date());
      const series = await dailySeries(db, range);
      header = ['date', 'orders', 'sales_usd'];
      lines = series.map((row) => [row.date, row.orders, row.sales.toFixed(2)]);
      break;
    }
    case 'sales-by-product': {
      const productKey = sql<string>`coalesce(${orderItems.productId}::text, ${orderItems.name})`;
      const rows = await db
        .select({
          key: productKey,
          name: sql<string>`coalesce(max(${products.title}), max(${orderItems.name}))`,
          rate: orders.rate,
          units: sql<number>`sum(${orderItems.quantity})::int`,
          minor: sql<string>`sum(${orderItems.lineTotalMinor})`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(and(paidInRange, sold))
        .groupBy(productKey, orders.rate);
      const byProduct = new Map<string, { name: string; units: number; minor: number }>();
      for (const row of rows) {
        const entry = byProduct.get(row.key) ?? { name: row.name, units: 0, minor: 0 };
        entry.units += row.units;
        entry.minor += toUsd([row]);
        byProduct.set(row.key, entry);
      }
      header = ['product', 'units', 'sales_usd'];
      lines = [...byProduct.values()]
        .sort((a, b) => b.minor - a.minor || a.name.localeCompare(b.name))
        .map((row) => [row.name, row.units, toDecimalText(row.minor)]);
      break;
    }
    case 'sales-by-country': {
      const rows = await db
        .select({
          country: orders.shipCountry,
          rate: orders.rate,
          n: count(),
          minor: sql<string>`sum(${orders.totalMinor})`,
        })
        .from(orders)
        .where(paidInRange)
        .groupBy(orders.shipCountry, orders.rate);
      const byCountry = new Map<string, { orders: number; minor: number }>();
      for (const row of rows) {
        const entry = byCountry.get(row.country) ?? { orders: 0, minor: 0 };
        entry.orders += row.n;
        entry.minor += toUsd([row]);
        byCountry.set(row.country, entry);
      }
      header = ['country', 'orders', 'sales_usd'];
      lines = [...byCountry.entries()]
        .sort((a, b) => b[1].minor - a[1].minor || a[0].localeCompare(b[0]))
        .map(([country, row]) => [country, row.orders, toDecimalText(row.minor)]);
      break;
    }
    case 'refunds': {
      const rows = await db
        .select({
          at: refunds.createdAt,
          order: orders.orderNumber,
          customer: orders.customerName,
          minor: refunds.amountMinor,
          currency: refunds.currency,
          status: refunds.status,
          reason: refunds.reason,
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(and(gte(refunds.createdAt, range.start), lt(refunds.createdAt, range.end)))
        .orderBy(asc(refunds.createdAt));
      header = ['date', 'order', 'customer', 'amount', 'currency', 'status', 'reason'];
      lines = rows.map((row) => [
        row.at.toISOString(),
        row.order,
        row.customer,
        toDecimalText(row.minor),
        row.currency,
        row.status,
        row.reason,
      ]);
      break;
    }
    case 'disputes': {
      const rows = await db
        .select()
        .from(disputes)
        .where(and(gte(disputes.createdAt, range.start), lt(disputes.createdAt, range.end)))
        .orderBy(asc(disputes.createdAt));
      header = ['date', 'order', 'subject', 'category', 'priority', 'status', 'resolved_at'];
      lines = rows.map((row) => [
        row.createdAt.toISOString(),
        row.orderRef ?? '',
        row.subject,
        row.category,
        row.priority,
        row.status,
        row.resolvedAt?.toISOString() ?? '',
      ]);
      break;
    }
  }
  const text = [header.join(','), ...lines.map((line) => line.map(csvCell).join(','))].join('\r\n');
  return { csv: `${text}\r\n`, rows: lines.length };
}

export type ReportRow = typeof reports.$inferSelect;
export type ReportSummary = Omit<ReportRow, 'csv'>;

const summary = {
  id: reports.id,
  name: reports.name,
  type: reports.type,
  fromDate: reports.fromDate,
  toDate: reports.toDate,
  status: reports.status,
  rowCount: reports.rowCount,
  error: reports.error,
  createdBy: reports.createdBy,
  createdAt: reports.createdAt,
};

export async function listReports(db: Database, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(summary)
      .from(reports)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(reports),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Generates the report now and keeps it: Ready with its file, or Failed with the reason. */
export async function generateReport(
  db: Database,
  input: { type: ReportType; range: DayRange; createdBy: string },
  /** The entry recording it, written with the report row; the data is read before, outside that transaction. */
  activity: (report: ReportSummary) => ActivityEntry,
): Promise<ReportSummary> {
  const name = `${REPORT_NAMES[input.type]}, ${input.range.from} to ${input.range.to}`;
  let values: Pick<ReportRow, 'status' | 'csv' | 'rowCount' | 'error'>;
  try {
    const { csv, rows } = await reportCsv(db, input.type, input.range);
    values = { status: 'Ready', csv, rowCount: rows, error: null };
  } catch (error) {
    values = {
      status: 'Failed',
      csv: '',
      rowCount: 0,
      error: error instanceof Error ? error.message.slice(0, 500) : 'The report could not be generated.',
    };
  }
  return withActivity(
    db,
    async (tx) => {
      const [row] = await tx
        .insert(reports)
        .values({
          name,
          type: input.type,
          fromDate: input.range.from,
          toDate: input.range.to,
          createdBy: input.createdBy,
          ...values,
        })
        .returning(summary);
      if (!row) throw new Error('report insert returned no row');
      return row;
    },
    activity,
  );
}

export async function findReport(db: Database, id: string): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row ?? null;
}
