import { csvCell } from '../../lib/csv.ts';
import type { ActivityRow } from './activity.list.repository.ts';
import { toActivityLog } from './activity.view.ts';

/** The export's columns: the entry as the list shows it, then the values before and after a change as JSON. */
export const ACTIVITY_EXPORT_COLUMNS = [
  'id',
  'timestamp',
  'admin',
  'email',
  'action',
  'target',
  'status',
  'details',
  'ip',
  'userAgent',
  'location',
  'sessionDuration',
  'before',
  'after',
] as const;

type Column = (typeof ACTIVITY_EXPORT_COLUMNS)[number];

function cellsOf(row: ActivityRow): Record<Column, string | number | null> {
  const { changes, ...entry } = toActivityLog(row);
  return {
    id: entry.id,
    timestamp: entry.timestamp,
    admin: entry.admin,
    email: entry.email,
    action: entry.action,
    target: entry.target,
    status: entry.status,
    details: entry.details,
    ip: entry.ip,
    userAgent: entry.userAgent,
    location: entry.location,
    sessionDuration: entry.sessionDuration,
    before: changes ? JSON.stringify(changes.before) : null,
    after: changes ? JSON.stringify(changes.after) : null,
  };
}

/**
 * The filtered entries as CSV: a header row, then one row per entry, lines ended by CRLF (RFC 4180). Cells are
 * quoted where needed and text that a spreadsheet would run as a formula is defused (csvCell).
 */
export function activityCsv(rows: readonly ActivityRow[]): string {
  const lines = [ACTIVITY_EXPORT_COLUMNS.join(',')];
  for (const row of rows) {
    const cells = cellsOf(row);
    lines.push(ACTIVITY_EXPORT_COLUMNS.map((column) => csvCell(cells[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
