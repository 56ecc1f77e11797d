import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

export const ACTIVITY_STATUSES = [
  'success',
  'failed',
  'warning',
] as const satisfies readonly Schemas['ActivityStatus'][];

const day = z.iso.date().optional().catch(undefined);

/** The Activity Logs screen's state, kept in the URL: page, search, the admin, action and status, the dates. */
export const activitySearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
  admin: z.uuid().optional().catch(undefined),
  action: z.string().min(1).max(100).optional().catch(undefined),
  status: z
    .enum(['all', ...ACTIVITY_STATUSES])
    .default('all')
    .catch('all'),
  start: day,
  end: day,
});

export type ActivitySearch = z.output<typeof activitySearchSchema>;
export const activitySearchDefaults = { page: 1, q: '', status: 'all' } as const;

/** Spec 2 §5: the date range applies only when both dates are set. */
export const dateRangeOf = (search: Pick<ActivitySearch, 'start' | 'end'>) =>
  search.start && search.end ? { start: search.start, end: search.end } : {};

/** A range that runs backwards: the screen says so rather than asking the server. */
export const isReversedRange = (search: Pick<ActivitySearch, 'start' | 'end'>) =>
  Boolean(search.start && search.end && search.start > search.end);

/** The filters as GET /admin/activity and its export take them. */
export function activityFilters(search: ActivitySearch) {
  return {
    q: search.q || undefined,
    admin: search.admin,
    action: search.action,
    status: search.status === 'all' ? undefined : search.status,
    ...dateRangeOf(search),
  };
}
