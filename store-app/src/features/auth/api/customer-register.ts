import { errorMessage, unwrap } from '@shop/sdk/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerSession } from '../../../lib/session';
import type { RegisterBody } from '../schemas/auth.schemas';

export const REGISTRATION_FAILED = 'Registration failed.';

/** A successful registration signs the shopper in with the token it answers. */
async function registerCustomer(body: RegisterBody): Promise<void> {
  const answer = await unwrap(api.POST('/user/register', { body })).catch((error: unknown) => {
    throw new Error(errorMessage(error, REGISTRATION_FAILED));
  });
  const token = answer.data?.token ?? answer.token;
  if (!token || !customerSession.signIn(token)) throw new Error(REGISTRATION_FAILED);
}

export function useCustomerRegister() {
  return useMutation({ mutationFn: registerCustomer });
}
