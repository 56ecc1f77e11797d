import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { staffKeys } from './staff.queries';

/** A staff change shows on the list, its stat cards and each role's head count: each write marks them stale. */
function useStaffWrite() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () =>
      Promise.all(
        [staffKeys.lists, staffKeys.roles].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  };
}

/** POST /admins (createAdmin). */
export function useCreateAdmin() {
  return $api.useMutation('post', '/admins', useStaffWrite());
}

/** PATCH /admins/{id} (updateAdmin). */
export function useUpdateAdmin() {
  return $api.useMutation('patch', '/admins/{id}', useStaffWrite());
}

/** DELETE /admins/{id} (deleteAdmin). */
export function useDeleteAdmin() {
  return $api.useMutation('delete', '/admins/{id}', useStaffWrite());
}

/** POST /admins/bulk (bulkUpdateAdmins): answers which accounts changed and why the others did not. */
export function useBulkUpdateAdmins() {
  return $api.useMutation('post', '/admins/bulk', useStaffWrite());
}
