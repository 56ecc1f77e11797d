import { errorMessage, unwrap } from '@shop/sdk/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const UNLOCK_FAILED = 'The account could not be unlocked.';

/** POST /auth/unlock (unlockAccount): the token from the emailed link lifts the sign-in lock. */
async function unlockAccount(token: string): Promise<void> {
  await unwrap(api.POST('/auth/unlock', { body: { token } })).catch((error: unknown) => {
    // A used, unknown or expired token answers 400 with the server's message.
    throw new Error(errorMessage(error, UNLOCK_FAILED));
  });
}

export function useUnlockAccount() {
  return useMutation({ mutationFn: unlockAccount });
}
