import { unwrap } from '@shop/sdk/client';
import type { SuccessBody } from '@shop/sdk/types';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './messages.queries';

type ConversationEnvelope = SuccessBody<'getMyConversation'>;

/** The answer is the conversation as it now stands: show it at once, then reload the list. */
function showConversation(queryClient: QueryClient, envelope: ConversationEnvelope) {
  queryClient.setQueryData(conversationKeys.one(envelope.data._id), envelope);
  return queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
}

/** POST /products/{id}/questions: a question to the product's seller (a new or the ongoing conversation). */
export function useAskSeller(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      unwrap(
        api.POST('/products/{id}/questions', { params: { path: { id: productId } }, body: { message } }),
      ),
    onSuccess: (envelope) => showConversation(queryClient, envelope),
  });
}

/** POST /user/conversations/{id}/messages: the shopper's reply in a conversation. */
export function useReplyToSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      unwrap(api.POST('/user/conversations/{id}/messages', { params: { path: { id } }, body: { message } })),
    onSuccess: (envelope) => showConversation(queryClient, envelope),
  });
}
