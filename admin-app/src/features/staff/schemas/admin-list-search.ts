import { z } from 'zod';
import { ADMIN_ROLES, ADMIN_STATUSES } from '../lib/staff-values';

/** The Admin list's state, kept in the URL: page, search, role and status. */
export const adminListSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
  role: z
    .enum(['all', ...ADMIN_ROLES])
    .default('all')
    .catch('all'),
  status: z
    .enum(['all', ...ADMIN_STATUSES])
    .default('all')
    .catch('all'),
});

export type AdminListSearch = z.output<typeof adminListSearchSchema>;
export const adminListSearchDefaults = { page: 1, q: '', role: 'all', status: 'all' } as const;

/** The list's filters as GET /admins takes them. */
export function adminFilters(search: AdminListSearch) {
  return {
    q: search.q || undefined,
    role: search.role === 'all' ? undefined : search.role,
    status: search.status === 'all' ? undefined : search.status,
  };
}
