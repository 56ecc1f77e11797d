import { useQueryClient } from '@tanstack/react-query';
import { staffMemberKey } from '../../../components/shell/staff-member';
import { $api } from '../../../lib/api';
import { roleKeys } from './roles.queries';

/**
 * PUT /roles/{name} (updateRole): a role's permission keys. Both roles screens save here; afterwards the roles
 * reload, and so does the signed-in staff member, whose own role may be the one that changed.
 */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/roles/{name}', {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.list }),
        queryClient.invalidateQueries({ queryKey: staffMemberKey }),
      ]),
  });
}
