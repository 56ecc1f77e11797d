import type { components } from '@shop/sdk/types';
import type { ActivityRow } from './activity.list.repository.ts';

type ActivityLog = components['schemas']['ActivityLog'];
type Changes = NonNullable<ActivityLog['changes']>;

/** Longest summary the list shows; the details modal shows the changes in full. */
const SUMMARY_MAX = 300;
/** Keys shown elsewhere in the entry, so the summary leaves them out. */
const SHOWN_ELSEWHERE = new Set(['before', 'after', 'location']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The before and after values a change recorded, or null. */
export function changesOf(details: Record<string, unknown>): Changes | null {
  const { before, after } = details;
  return isRecord(before) && isRecord(after) ? { before, after } : null;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (isRecord(value)) {
    const parts = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .map(([key, inner]) => `${key}: ${valueText(inner)}`);
    return `(${parts.join(', ')})`;
  }
  return String(value);
}

/** The keys whose value a change altered. */
function changedKeys({ before, after }: Changes): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * The entry's details as one readable line: what changed first (`status: Pending → Confirmed`), then the other
 * recorded values as `key: value`, cut at SUMMARY_MAX characters.
 */
export function summaryOf(details: Record<string, unknown>): string {
  const changes = changesOf(details);
  const changed = changes ? changedKeys(changes) : [];
  const move = 'from' in details && 'to' in details;
  // Each changed value is said once, as `key: before → after`; a status move without before/after as `from → to`.
  const lead = changes
    ? changed.map((key) => `${key}: ${valueText(changes.before[key])} → ${valueText(changes.after[key])}`)
    : [];
  if (!changes && move) lead.push(`${valueText(details.from)} → ${valueText(details.to)}`);
  // Entries that record before/after also keep from/to (and the new values) for older readers.
  const said = new Set([...changed, ...(move ? ['from', 'to'] : [])]);
  const rest = Object.entries(details)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && !said.has(key) && value !== undefined)
    .map(([key, value]) => `${key}: ${valueText(value)}`);
  const text = [...lead, ...rest].join('; ');
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}

/** One entry as the API answers it (spec 2 §3 Activity log, plus target and changes). */
export function toActivityLog({ entry, sessionSeconds }: ActivityRow): ActivityLog {
  const location = entry.details.location;
  return {
    id: entry.id,
    admin: entry.actorName,
    adminId: entry.actorId,
    email: entry.actorEmail,
    action: entry.action,
    details: summaryOf(entry.details),
    ip: entry.ip,
    userAgent: entry.userAgent,
    location: typeof location === 'string' && location !== '' ? location : null,
    timestamp: entry.at.toISOString(),
    status: entry.outcome,
    sessionDuration: sessionSeconds,
    target: entry.target,
    changes: changesOf(entry.details),
  };
}
