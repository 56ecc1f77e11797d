import type { SuccessBody } from '@shop/sdk/types';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { vendorMessageKeys } from './vendor-messages.queries';

type ConversationEnvelope = SuccessBody<'getStaffConversation'>;

/** The answer is the conversation as it now stands: show it at once, then reload the lists and their counts. */
function showConversation(queryClient: QueryClient, envelope: ConversationEnvelope) {
  queryClient.setQueryData(vendorMessageKeys.detail(envelope.data._id), envelope);
  return queryClient.invalidateQueries({ queryKey: vendorMessageKeys.lists });
}

/** POST /vendor-conversations/{id}/messages (replyStaffConversation). */
export function useReplyToVendor() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/vendor-conversations/{id}/messages', {
    onSuccess: (envelope) => showConversation(queryClient, envelope),
  });
}

/** POST /vendor-conversations (startStaffConversation). */
export function useStartVendorConversation() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/vendor-conversations', {
    onSuccess: (envelope) => showConversation(queryClient, envelope),
  });
}
