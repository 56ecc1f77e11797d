import { $api } from '../../../lib/api';

/** The one home of the roles screens' reads: GET /roles (listRoles), every role with its permission keys. */
export const roleQueries = {
  list: () => $api.queryOptions('get', '/roles'),
};

export const roleKeys = {
  list: roleQueries.list().queryKey,
};
