import { unwrap } from '@shop/sdk/client';
import type { RequestBody } from '@shop/sdk/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { $api, api } from '../../../lib/api';

type PlaceOrderBody = RequestBody<'placeOrder'>;

/**
 * `POST /order`; a new order makes every cached order list stale. Each checkout attempt carries an
 * `Idempotency-Key`: pressing Place Order again for the same order after a lost answer sends the same key, so
 * the server answers the order it already placed instead of placing a second one.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
      const key = attempt.current.key;
      return unwrap(api.POST('/order', { body, params: { header: { 'idempotency-key': key } } }));
    },
    onSuccess: () => {
      attempt.current = null;
      return queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/order').queryKey });
    },
  });
}
