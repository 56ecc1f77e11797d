import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/manage-vandor/products')({
  component: ProductsPage,
});

function ProductsPage() {
  return <Title order={1}>Products</Title>;
}
