import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { vendorCouponKeys } from './vendor-coupons.queries';

/** Every coupon change shows in the list. */
function useCouponWrite() {
  const queryClient = useQueryClient();
  return { onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorCouponKeys.lists }) };
}

/** POST /vendor/coupons (createVendorCoupon). */
export function useCreateVendorCoupon() {
  return $api.useMutation('post', '/vendor/coupons', useCouponWrite());
}

/** PUT /vendor/coupons/{id} (updateVendorCoupon). */
export function useUpdateVendorCoupon() {
  return $api.useMutation('put', '/vendor/coupons/{id}', useCouponWrite());
}

/** DELETE /vendor/coupons/{id} (deleteVendorCoupon). */
export function useDeleteVendorCoupon() {
  return $api.useMutation('delete', '/vendor/coupons/{id}', useCouponWrite());
}
