import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

/** Spec 2 §6: the list's roles and statuses. */
export const USER_ROLES = ['admin', 'manager', 'user'] as const satisfies readonly Schemas['UserRole'][];
export const USER_STATUSES = ['Active', 'Inactive'] as const satisfies readonly Schemas['UserStatus'][];

/** The users list's state, kept in the URL: page, search, role and status. */
export const userListSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
  role: z
    .enum(['all', ...USER_ROLES])
    .default('all')
    .catch('all'),
  status: z
    .enum(['all', ...USER_STATUSES])
    .default('all')
    .catch('all'),
});

export type UserListSearch = z.output<typeof userListSearchSchema>;
export const userListSearchDefaults = { page: 1, q: '', role: 'all', status: 'all' } as const;

/** The list's filters as GET /users takes them. */
export function userFilters(search: UserListSearch) {
  return {
    q: search.q || undefined,
    role: search.role === 'all' ? undefined : search.role,
    status: search.status === 'all' ? undefined : search.status,
  };
}
