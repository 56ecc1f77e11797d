import type { RequestBody } from '@shop/sdk/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api, unwrap } from '../../../lib/api';

type PlaceOrderBody = RequestBody<'placeOrder'>;

/** `POST /order`; a new order makes every cached order list stale. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => unwrap(api.POST('/order', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/order').queryKey }),
  });
}
