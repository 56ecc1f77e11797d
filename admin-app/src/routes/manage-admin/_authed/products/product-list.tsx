import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { CatalogueList } from '../../../../features/products/components/catalogue-list';
import {
  type CatalogueSearch,
  catalogueSearchDefaults,
  catalogueSearchSchema,
} from '../../../../features/products/schemas/product-list-search';

export const Route = createFileRoute('/manage-admin/_authed/products/product-list')({
  validateSearch: catalogueSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/products/product-list.
  search: { middlewares: [stripSearchParams(catalogueSearchDefaults)] },
  component: ProductListScreen,
});

function ProductListScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<CatalogueSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Product List" />
      <CatalogueList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
