import { errorMessage, unwrap } from '@shop/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export const orderReturnsQueryOptions = (orderId: string) =>
  $api.queryOptions('get', '/order/{id}/return-requests', { params: { path: { id: orderId } } });

export type ReturnDraft = { kind: 'return' | 'refund'; reason: string };

export function useCreateReturnRequest(orderId: string, messages: { sent: string; failed: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ReturnDraft) =>
      unwrap(api.POST('/order/{id}/return-requests', { params: { path: { id: orderId } }, body: draft })),
    onSuccess: () => toast.success(messages.sent),
    onError: (error) => toast.error(errorMessage(error, messages.failed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderReturnsQueryOptions(orderId).queryKey }),
  });
}
