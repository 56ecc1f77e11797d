import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { vendorKeys } from './vendors.queries';

/** A decision changes a row, the status cards and the dashboard's pending count: each write marks the list stale. */
function useVendorWrite() {
  const queryClient = useQueryClient();
  return { onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.lists }) };
}

/** POST /vendor-applications/{id}/approve (approveVendorApplication). */
export function useApproveVendor() {
  return $api.useMutation('post', '/vendor-applications/{id}/approve', useVendorWrite());
}

/** POST /vendor-applications/{id}/reject (rejectVendorApplication), with the reason. */
export function useRejectVendor() {
  return $api.useMutation('post', '/vendor-applications/{id}/reject', useVendorWrite());
}

/** POST /vendor-applications/{id}/suspend (suspendVendor). */
export function useSuspendVendor() {
  return $api.useMutation('post', '/vendor-applications/{id}/suspend', useVendorWrite());
}

/** POST /vendor-applications/{id}/reactivate (reactivateVendor). */
export function useReactivateVendor() {
  return $api.useMutation('post', '/vendor-applications/{id}/reactivate', useVendorWrite());
}
