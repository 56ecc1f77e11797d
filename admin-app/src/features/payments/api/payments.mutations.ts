import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { paymentKeys } from './payments.queries';

/** POST /admin/orders/{id}/cod-remittance (recordCodRemittance): the reconciliation table and its sums change. */
export function useRecordCodRemittance() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/admin/orders/{id}/cod-remittance', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.cashOnDelivery }),
  });
}
