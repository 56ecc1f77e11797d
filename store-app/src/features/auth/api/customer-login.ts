import { ApiStatusError, errorMessage, isApiError, unwrap } from '@shop/sdk/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerSession } from '../../../lib/session';
import type { LoginBody } from '../schemas/auth.schemas';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
export const LOGIN_UNEXPECTED = 'An unexpected error occurred during login.';

/** Spec §7: the token is read from `data.token`, or from the top level. */
async function loginCustomer(body: LoginBody): Promise<void> {
  const answer = await unwrap(api.POST('/user/login', { body })).catch((error: unknown) => {
    // The API's refusal shows its message; anything else (offline, a broken answer) is unexpected.
    const refused = isApiError(error) || error instanceof ApiStatusError;
    throw new Error(refused ? errorMessage(error, LOGIN_FAILED) : LOGIN_UNEXPECTED);
  });
  const token = answer.data?.token ?? answer.token;
  if (!token || !customerSession.signIn(token)) throw new Error(LOGIN_FAILED);
}

export function useCustomerLogin() {
  return useMutation({ mutationFn: loginCustomer });
}
