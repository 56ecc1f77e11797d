import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { securityKeys } from './security.queries';

/** PUT /admin/security (updateSecuritySettings); the saved settings replace the cached ones. */
export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/admin/security', {
    onSuccess: (answer) => {
      queryClient.setQueryData(securityKeys.settings, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.events }),
        queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
      ]);
    },
  });
}

const useRefreshTwoFactor = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
      queryClient.invalidateQueries({ queryKey: securityKeys.events }),
    ]);
};

/** POST /admin/two-factor/setup (startTwoFactorSetup): a pending secret with its QR code. */
export function useStartTwoFactorSetup() {
  const refresh = useRefreshTwoFactor();
  return $api.useMutation('post', '/admin/two-factor/setup', { onSuccess: refresh });
}

/** POST /admin/two-factor/confirm (confirmTwoFactor): on with a code; answers the recovery codes once. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return $api.useMutation('post', '/admin/two-factor/confirm', { onSuccess: refresh });
}

/** POST /admin/two-factor/disable (disableTwoFactor): off with a current code. */
export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return $api.useMutation('post', '/admin/two-factor/disable', { onSuccess: refresh });
}

/** DELETE /admin/sessions/{id} (revokeStaffSession): ends that device's token at once. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/admin/sessions/{id}', {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: securityKeys.events }),
      ]),
  });
}
