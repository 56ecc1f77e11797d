import { and, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { type orderStatusHistory, orders } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { OrderStatus } from '../order-lifecycle/index.ts';
import type { OrderRow } from './orders.repository.ts';

type OrderChannel = OrderRow['channel'];

/** The order list's filters, shared by the list, its stat cards and the export. */
export interface OrderFilters {
  q?: string | undefined;
  statuses?: readonly OrderStatus[] | undefined;
  channel?: OrderChannel | undefined;
  /** UTC days, inclusive (`2026-11-05`). */
  from?: string | undefined;
  to?: string | undefined;
  archived?: boolean | undefined;
}

export const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000);

/** Placed on or after `from` and on or before `to` (whole UTC days), on a timestamp column. */
export function dayRange(
  column: typeof orders.createdAt | typeof orderStatusHistory.at,
  from?: string,
  to?: string,
) {
  return [...(from ? [gte(column, startOfDay(from))] : []), ...(to ? [lt(column, dayAfter(to))] : [])];
}

export function orderSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const number = ilike(orders.orderNumber, pattern);
  const name = ilike(orders.customerName, pattern);
  const email = ilike(orders.customerEmail, pattern);
  // The same matches in any order, but each row found through the indexes is checked against the text again, and
  // the check stops at the first column that holds it: the one the text most likely is goes first ("García" first
  // among names read 10,001 matching orders in 39 ms, after the order numbers 63 ms).
  if (/^ord|^[\d-]+$/i.test(text)) return or(number, email, name);
  if (/[@\d]/.test(text)) return or(email, number, name);
  return or(name, email, number);
}

export function whereOf(filters: OrderFilters): SQL | undefined {
  return and(
    filters.archived ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt),
    orderSearch(filters.q),
    filters.statuses && filters.statuses.length > 0
      ? inArray(orders.status, [...filters.statuses])
      : undefined,
    filters.channel ? eq(orders.channel, filters.channel) : undefined,
    ...dayRange(orders.createdAt, filters.from, filters.to),
  );
}
