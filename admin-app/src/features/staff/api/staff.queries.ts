import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** The brief: the Admin list pages by 10. */
export const ADMIN_PAGE_SIZE = 10;

/** The only home of the admin screens' query options; keys derive from method + path (+ parameters). */
export const staffQueries = {
  list: (query: QueryParams<'listAdmins'>) => $api.queryOptions('get', '/admins', { params: { query } }),
  /** The roles with their default permissions: Create Admin starts a role's permissions from them. */
  roles: () => $api.queryOptions('get', '/roles'),
};

export const staffKeys = {
  lists: staffQueries.list({}).queryKey.slice(0, 2),
  roles: staffQueries.roles().queryKey.slice(0, 2),
};
