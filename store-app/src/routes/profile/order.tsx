import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/profile/order')({
  component: MyOrdersPage,
});

function MyOrdersPage() {
  return <Title order={1}>My Orders</Title>;
}
