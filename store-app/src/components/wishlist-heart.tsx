import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { errorMessage, unwrap } from '@shop/sdk/client';
import type { Schemas, SuccessBody } from '@shop/sdk/types';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { overviewQueryOptions } from '../features/account/api/account.queries';
import { $api, api } from '../lib/api';
import { useSessionUser } from '../lib/session';
import { toast } from '../lib/toast';

// The sign-in dialog (Mantine's modal, focus trap and scroll lock) is fetched when a signed-out shopper needs it.
const SignInPrompt = lazy(() =>
  import('./sign-in-prompt').then((module) => ({ default: module.SignInPrompt })),
);

type WishlistProduct = Schemas['WishlistEntry']['product'];
type WishlistAnswer = SuccessBody<'listWishlist'>;

type WishlistHeartProps = {
  productId: string;
  /** When given, an added product shows in the wishlist at once, before the list is fetched again. */
  product?: WishlistProduct;
  size?: ActionIconProps['size'];
};

/** The wishlist, shared by every heart on the page and the profile's wishlist (one query key). */
const wishlistQueryOptions = () => $api.queryOptions('get', '/wishlist/');

/**
 * Spec §4 wishlist: add appends unless present, remove filters by product id. Signed out, the heart asks the
 * shopper to sign in instead of calling the API (every wishlist call needs a customer token).
 */
export function WishlistHeart({ productId, product, size = 'lg' }: WishlistHeartProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [askingToSignIn, setAskingToSignIn] = useState(false);
  const wishlistQuery = wishlistQueryOptions();
  const { queryKey } = wishlistQuery;
  const wishlist = useQuery({ ...wishlistQuery, enabled: user !== null });
  const wished = wishlist.data?.data.some((entry) => entry.product._id === productId) ?? false;

  const toggle = useMutation({
    mutationFn: async (add: boolean) => {
      const body = { productId };
      if (add) await unwrap(api.POST('/wishlist/add', { body }));
      else await unwrap(api.POST('/wishlist/remove', { body }));
    },
    onSuccess: (_answer, add) => {
      queryClient.setQueryData<WishlistAnswer>(queryKey, (current) => {
        if (!current) return current;
        const others = current.data.filter((entry) => entry.product._id !== productId);
        if (!add) return { ...current, data: others };
        return product ? { ...current, data: [{ _id: productId, product }, ...others] } : current;
      });
    },
    onError: (error, add) =>
      toast.error(errorMessage(error, t(add ? 'wishlist.addFailed' : 'wishlist.removeFailed'))),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        // The profile overview counts wishlist items.
        queryClient.invalidateQueries({ queryKey: overviewQueryOptions().queryKey }),
      ]),
  });

  const onClick = (event: MouseEvent) => {
    // The heart may sit inside a link (a product card): a click on it must not open the product.
    event.preventDefault();
    event.stopPropagation();
    if (!user) {
      setAskingToSignIn(true);
      return;
    }
    toggle.mutate(!wished);
  };

  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        radius="xl"
        size={size}
        aria-label={t(wished ? 'wishlist.remove' : 'wishlist.add')}
        aria-pressed={wished}
        loading={toggle.isPending}
        onClick={onClick}
      >
        {wished ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
      </ActionIcon>
      {askingToSignIn && (
        <Suspense fallback={null}>
          <SignInPrompt onClose={() => setAskingToSignIn(false)} />
        </Suspense>
      )}
    </>
  );
}
