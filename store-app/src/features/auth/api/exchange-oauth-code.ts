import { ApiStatusError, errorMessage, isApiError, unwrap } from '@shop/sdk/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerSession } from '../../../lib/session';
import { LOGIN_FAILED, LOGIN_UNEXPECTED } from './customer-login';

/**
 * Back from an outside provider, the address holds a one-time code, not the token: the code is exchanged for the
 * token here, once (a used or expired code answers 400 with the server's message).
 */
async function exchangeOAuthCode(code: string): Promise<void> {
  const answer = await unwrap(api.POST('/user/oauth/exchange', { body: { code } })).catch(
    (error: unknown) => {
      const refused = isApiError(error) || error instanceof ApiStatusError;
      throw new Error(refused ? errorMessage(error, LOGIN_FAILED) : LOGIN_UNEXPECTED);
    },
  );
  const token = answer.data?.token ?? answer.token;
  if (!token || !customerSession.signIn(token)) throw new Error(LOGIN_FAILED);
}

export function useExchangeOAuthCode() {
  return useMutation({ mutationFn: exchangeOAuthCode });
}
