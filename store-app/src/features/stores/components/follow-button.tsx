import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../stores-texts';
import { useSessionUser } from '../../../lib/session';
import { useFollowStore, useUnfollowStore } from '../../wishlist/api/wishlist.mutations';
import { followedStoresQueryOptions } from '../../wishlist/api/wishlist.queries';

/** Follow or Unfollow a store; signed out, it leads to sign-in and back here. */
export function FollowButton({
  store,
  size,
}: {
  store: { _id: string; name: string };
  size?: 'compact-sm' | undefined;
}) {
  const { t } = useTranslation('stores');
  const user = useSessionUser();
  const navigate = useNavigate();
  const here = useRouterState({ select: (state) => state.location.href });
  const followed = useQuery({ ...followedStoresQueryOptions(), enabled: user !== null });
  const follow = useFollowStore();
  const unfollow = useUnfollowStore();

  if (!user) {
    return (
      <Button
        variant="light"
        size={size}
        leftSection={<IconHeart size={16} />}
        onClick={() => void navigate({ to: '/login', search: { redirect: here } })}
        aria-label={t('followNamed', { store: store.name })}
      >
        {t('follow')}
      </Button>
    );
  }
  const following = followed.data?.data.some((entry) => entry.store._id === store._id) ?? false;
  const busy = follow.isPending || unfollow.isPending || followed.isPending;
  return following ? (
    <Button
      variant="light"
      size={size}
      leftSection={<IconHeartFilled size={16} />}
      loading={busy}
      onClick={() => unfollow.mutate(store._id)}
      aria-label={t('unfollowNamed', { store: store.name })}
    >
      {t('unfollow')}
    </Button>
  ) : (
    <Button
      variant="light"
      size={size}
      leftSection={<IconHeart size={16} />}
      loading={busy}
      onClick={() => follow.mutate(store._id)}
      aria-label={t('followNamed', { store: store.name })}
    >
      {t('follow')}
    </Button>
  );
}
