import { errorMessage, unwrap } from '@shop/sdk/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerSession } from '../../../lib/session';
import type { AcceptInvitationBody } from '../schemas/accept-invitation.schema';

export const INVITATION_FAILED = 'The invitation could not be accepted.';

/** Accepting signs the shopper in, as login does: the token is read from `data.token`, or from the top level. */
async function acceptInvitation(body: AcceptInvitationBody): Promise<void> {
  const answer = await unwrap(api.POST('/user/invitation/accept', { body })).catch((error: unknown) => {
    // An unknown, used or expired token answers 400 with the server's message.
    throw new Error(errorMessage(error, INVITATION_FAILED));
  });
  const token = answer.data?.token ?? answer.token;
  if (!token || !customerSession.signIn(token)) throw new Error(INVITATION_FAILED);
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
