import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/order/$id')({
  component: OrderPage,
});

function OrderPage() {
  return <Title order={1}>Order Details</Title>;
}
