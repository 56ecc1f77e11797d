import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { DISPUTE_CATEGORIES, DISPUTE_PRIORITIES, DISPUTE_STATUSES } from '../lib/dispute-values';

const DISPUTE_SORTS = [
  'newest',
  'oldest',
  'longest_waiting',
  'priority',
] as const satisfies readonly Schemas['DisputeSort'][];

/** The desk's state, kept in the URL: the filters, the sort, the page and the dispute on view. */
export const disputeDeskSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
  status: z
    .enum(['all', ...DISPUTE_STATUSES])
    .default('all')
    .catch('all'),
  category: z
    .enum(['all', ...DISPUTE_CATEGORIES])
    .default('all')
    .catch('all'),
  priority: z
    .enum(['all', ...DISPUTE_PRIORITIES])
    .default('all')
    .catch('all'),
  sort: z.enum(DISPUTE_SORTS).default('newest').catch('newest'),
  id: z.string().min(1).max(64).optional().catch(undefined),
});

export type DisputeDeskSearch = z.output<typeof disputeDeskSearchSchema>;

export const disputeDeskSearchDefaults = {
  page: 1,
  q: '',
  status: 'all',
  category: 'all',
  priority: 'all',
  sort: 'newest',
} as const satisfies Partial<DisputeDeskSearch>;

/** What Clear Filters puts back: Search, Status, Category and Priority (the page follows). */
export const clearedFilters = {
  page: 1,
  q: '',
  status: 'all',
  category: 'all',
  priority: 'all',
} as const satisfies Partial<DisputeDeskSearch>;

export const hasFilters = (search: DisputeDeskSearch) =>
  search.q !== '' || search.status !== 'all' || search.category !== 'all' || search.priority !== 'all';

/** The desk's filters as GET /dispute/admin/all takes them. */
export function disputeListQuery(search: DisputeDeskSearch) {
  return {
    q: search.q || undefined,
    status: search.status === 'all' ? undefined : search.status,
    category: search.category === 'all' ? undefined : search.category,
    priority: search.priority === 'all' ? undefined : search.priority,
    sort: search.sort,
  };
}
