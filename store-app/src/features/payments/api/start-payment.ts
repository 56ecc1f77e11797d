import { unwrap } from '@shop/sdk/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { browserNavigation } from '../../../lib/leave-to';

/** `POST /order/{id}/payment`: a new checkout at the order's provider; the browser goes there. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (orderId: string) =>
      unwrap(api.POST('/order/{id}/payment', { params: { path: { id: orderId } } })),
    onSuccess: ({ data }) => browserNavigation.leaveTo(data.redirectUrl),
  });
}
