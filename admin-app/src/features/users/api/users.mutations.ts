import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { userKeys } from './users.queries';

/** Any account change can show on the list, its stat cards and the details: each write marks them stale. */
function useUserWrite() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () =>
      Promise.all(
        [userKeys.lists, userKeys.details].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  };
}

/** POST /users (createUser). */
export function useCreateUser() {
  return $api.useMutation('post', '/users', useUserWrite());
}

/** POST /users/invite (inviteUser). */
export function useInviteUser() {
  return $api.useMutation('post', '/users/invite', useUserWrite());
}

/** PATCH /users/{id} (updateUser): Edit, Activate and Deactivate. */
export function useUpdateUser() {
  return $api.useMutation('patch', '/users/{id}', useUserWrite());
}

/** DELETE /users/{id} (deleteUser): anonymised, orders kept. */
export function useDeleteUser() {
  return $api.useMutation('delete', '/users/{id}', useUserWrite());
}

/** POST /users/bulk (bulkUpdateUsers): answers which accounts changed and why the others did not. */
export function useBulkUpdateUsers() {
  return $api.useMutation('post', '/users/bulk', useUserWrite());
}
