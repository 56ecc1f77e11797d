import { unwrap } from '@shop/sdk/client';
import type { RequestBody, SuccessBody } from '@shop/sdk/types';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageKeys } from './messages.queries';

type ConversationEnvelope = SuccessBody<'getVendorConversation'>;

/** The answer is the conversation as it now stands: show it at once, then reload the lists and their counts. */
function showConversation(queryClient: QueryClient, envelope: ConversationEnvelope) {
  queryClient.setQueryData(messageKeys.detail(envelope.data._id), envelope);
  return queryClient.invalidateQueries({ queryKey: messageKeys.lists });
}

/** POST /vendor/conversations/{id}/messages: the vendor's reply to a shopper or to staff. */
export function useReplyConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      unwrap(
        api.POST('/vendor/conversations/{id}/messages', { params: { path: { id } }, body: { message } }),
      ),
    onSuccess: (envelope) => showConversation(queryClient, envelope),
  });
}

/** POST /vendor/conversations: a new conversation with the store's staff. */
export function useStartStaffConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<'startVendorStaffConversation'>) =>
      unwrap(api.POST('/vendor/conversations', { body })),
    onSuccess: (envelope) => showConversation(queryClient, envelope),
  });
}
