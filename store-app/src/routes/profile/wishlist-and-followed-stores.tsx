import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/profile/wishlist-and-followed-stores')({
  component: WishlistPage,
});

function WishlistPage() {
  return <Title order={1}>Wishlist / Followed Stores</Title>;
}
