import { createFileRoute } from '@tanstack/react-router';
import { useStoreSettings } from '../../features/settings/settings-store';
import { WishlistAndFollowedStores } from '../../features/wishlist/components/wishlist-and-followed-stores';

export const Route = createFileRoute('/profile/wishlist-and-followed-stores')({
  component: WishlistRoute,
});

function WishlistRoute() {
  const { currency } = useStoreSettings();
  return <WishlistAndFollowedStores currency={currency} />;
}
