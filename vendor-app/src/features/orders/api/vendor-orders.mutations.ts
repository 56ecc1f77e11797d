import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { vendorOrderKeys } from './vendor-orders.queries';

/** POST /vendor/orders/{id}/ship (shipVendorOrder): the table and the open order show the tracking at once. */
export function useShipVendorOrder() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/vendor/orders/{id}/ship', {
    onSuccess: () =>
      Promise.all(
        Object.values(vendorOrderKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
