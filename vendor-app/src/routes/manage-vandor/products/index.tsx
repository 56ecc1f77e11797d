import { Stack, Title } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ProductListScreen } from '../../../features/products/components/product-list-screen';
import {
  type ProductListSearch,
  productListSearchDefaults,
  productListSearchSchema,
} from '../../../features/products/schemas/product-list-search';

export const Route = createFileRoute('/manage-vandor/products/')({
  validateSearch: productListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-vandor/products.
  search: { middlewares: [stripSearchParams(productListSearchDefaults)] },
  component: ProductsPage,
});

function ProductsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<ProductListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <Stack>
      <Title order={1}>Products</Title>
      <ProductListScreen search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
