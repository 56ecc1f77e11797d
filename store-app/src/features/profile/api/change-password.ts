import { unwrap } from '@shop/sdk/client';
import type { components } from '@shop/sdk/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerSession } from '../../../lib/session';

type ChangePasswordBody = components['schemas']['ChangePasswordRequest'];

/** A password change ends every older token; the fresh one in `data.token` keeps this browser signed in. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => unwrap(api.PUT('/user/password', { body })),
    onSuccess: (envelope) => {
      customerSession.signIn(envelope.data.token);
    },
  });
}
