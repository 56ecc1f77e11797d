import { formatDate } from '@shop/ui/format';

/** 'Nov 22, 2026, 10:20 AM': a log needs the time as well as the day. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(iso)}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

/** A session's age as '2h 5m', '4m 10s' or '30s'. */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/** A value before or after a change, as text: '—' for none, lists joined, records as JSON. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(formatChangeValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each field a change recorded, with its value before and after, in the order the entry wrote them. */
export function changedFields(changes: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const fields = [...new Set([...Object.keys(changes.before), ...Object.keys(changes.after)])];
  return fields.map((field) => ({
    field,
    before: formatChangeValue(changes.before[field]),
    after: formatChangeValue(changes.after[field]),
    changed: JSON.stringify(changes.before[field]) !== JSON.stringify(changes.after[field]),
  }));
}
