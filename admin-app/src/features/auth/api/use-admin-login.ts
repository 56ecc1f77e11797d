import { $api } from '../../../lib/api';

/**
 * POST /admin/login (adminLogin): `data` is the session `{ token, admin, twoFactorSetupRequired }`, or a challenge
 * for the next step `{ challenge, twoFactorRequired, passwordChangeRequired }`.
 */
export function useAdminLogin() {
  return $api.useMutation('post', '/admin/login');
}

/** POST /admin/login/2fa (adminLoginTwoFactor): the challenge with a code or a recovery code; answers as above. */
export function useAdminLoginTwoFactor() {
  return $api.useMutation('post', '/admin/login/2fa');
}

/** POST /admin/login/password (adminLoginNewPassword): the challenge with a new password; answers as above. */
export function useAdminLoginNewPassword() {
  return $api.useMutation('post', '/admin/login/password');
}
