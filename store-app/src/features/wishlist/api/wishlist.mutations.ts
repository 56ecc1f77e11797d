import { errorMessage, unwrap } from '@shop/sdk/client';
import type { SuccessBody } from '@shop/sdk/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '../../../i18n/i18n';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { overviewQueryOptions } from '../../account/api/account.queries';
import { followedStoresQueryOptions, wishlistQueryOptions } from './wishlist.queries';

/** Spec §4: remove filters the list by product id; the server's list is fetched again to be sure. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  const { queryKey } = wishlistQueryOptions();
  return useMutation({
    mutationFn: (productId: string) => unwrap(api.POST('/wishlist/remove', { body: { productId } })),
    onSuccess: (_answer, productId) =>
      queryClient.setQueryData<SuccessBody<'listWishlist'>>(
        queryKey,
        (current) =>
          current && { ...current, data: current.data.filter((entry) => entry.product._id !== productId) },
      ),
    onError: (error) => toast.error(errorMessage(error, i18n.t('wishlist:removeFailed'))),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        // The profile overview counts wishlist items.
        queryClient.invalidateQueries({ queryKey: overviewQueryOptions().queryKey }),
      ]),
  });
}

export function useUnfollowStore() {
  const queryClient = useQueryClient();
  const { queryKey } = followedStoresQueryOptions();
  return useMutation({
    mutationFn: (storeId: string) => unwrap(api.POST('/followed-stores/unfollow', { body: { storeId } })),
    onSuccess: (_answer, storeId) =>
      queryClient.setQueryData<SuccessBody<'listFollowedStores'>>(
        queryKey,
        (current) =>
          current && { ...current, data: current.data.filter((entry) => entry.store._id !== storeId) },
      ),
    onError: (error) => toast.error(errorMessage(error, i18n.t('wishlist:unfollowFailed'))),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        // The profile overview counts wishlist items.
        queryClient.invalidateQueries({ queryKey: overviewQueryOptions().queryKey }),
      ]),
  });
}

/** Follows a store; the followed-stores list is fetched again so every Follow button agrees. */
export function useFollowStore() {
  const queryClient = useQueryClient();
  const { queryKey } = followedStoresQueryOptions();
  return useMutation({
    mutationFn: (storeId: string) => unwrap(api.POST('/followed-stores/follow', { body: { storeId } })),
    onSuccess: () => toast.success(i18n.t('wishlist:followed')),
    onError: (error) => toast.error(errorMessage(error, i18n.t('wishlist:followFailed'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
