import { unwrap } from '@shop/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';
import { myOrderQueryOptions } from './orders.queries';

/** `POST /order/{id}/cancel`: the answer is the cancelled order, shown at once; My Orders refreshes. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/order/{id}/cancel', { params: { path: { id } } })),
    onSuccess: (envelope) => {
      queryClient.setQueryData(myOrderQueryOptions(id).queryKey, envelope);
      return queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/order').queryKey });
    },
  });
}
