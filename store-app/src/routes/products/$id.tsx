import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/products/$id')({
  component: ProductPage,
});

function ProductPage() {
  return <Title order={1}>Product Details</Title>;
}
