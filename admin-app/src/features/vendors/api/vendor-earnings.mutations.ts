import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { vendorEarningsKeys } from './vendor-earnings.queries';

/** A payout or a new commission changes the store's figures and its ledger. */
function useEarningsWrite() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorEarningsKeys.summaries }),
        queryClient.invalidateQueries({ queryKey: vendorEarningsKeys.ledgers }),
      ]),
  };
}

/** POST /admin/vendors/{id}/payouts (createVendorPayout). */
export function useRecordVendorPayout() {
  return $api.useMutation('post', '/admin/vendors/{id}/payouts', useEarningsWrite());
}

/** PATCH /admin/vendors/{id}/commission (updateVendorCommission). */
export function useUpdateVendorCommission() {
  return $api.useMutation('patch', '/admin/vendors/{id}/commission', useEarningsWrite());
}
