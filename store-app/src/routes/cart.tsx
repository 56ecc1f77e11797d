import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/cart')({
  component: CartPage,
});

function CartPage() {
  return <Title order={1}>Shopping Cart</Title>;
}
