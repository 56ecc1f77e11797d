import { $api } from '../../../lib/api';

/** POST /auth/unlock (unlockAccount): the token from the emailed link lifts the sign-in lock. */
export function useUnlockAccount() {
  return $api.useMutation('post', '/auth/unlock');
}
