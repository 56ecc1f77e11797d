import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { campaignKeys } from './campaigns.queries';

/** Every campaign change shows in the list and writes the campaign log: each write marks both stale. */
function useCampaignWrite() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () =>
      Promise.all(Object.values(campaignKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  };
}

/** POST /campaigns (createCampaign). */
export function useCreateCampaign() {
  return $api.useMutation('post', '/campaigns', useCampaignWrite());
}

/** PUT /campaigns/{id} (updateCampaign). */
export function useUpdateCampaign() {
  return $api.useMutation('put', '/campaigns/{id}', useCampaignWrite());
}

/** POST /campaigns/{id}/end (endCampaign): End Now. */
export function useEndCampaign() {
  return $api.useMutation('post', '/campaigns/{id}/end', useCampaignWrite());
}

/** DELETE /campaigns/{id} (deleteCampaign). */
export function useDeleteCampaign() {
  return $api.useMutation('delete', '/campaigns/{id}', useCampaignWrite());
}

/** POST /campaigns/{id}/coupons (addCampaignCoupon): a typed code, or one the server makes up. */
export function useAddCoupon() {
  return $api.useMutation('post', '/campaigns/{id}/coupons', useCampaignWrite());
}

/** DELETE /campaigns/{id}/coupons/{couponId} (deleteCampaignCoupon). */
export function useDeleteCoupon() {
  return $api.useMutation('delete', '/campaigns/{id}/coupons/{couponId}', useCampaignWrite());
}
