import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { ProductManagementList } from '../../../../features/products/components/product-management-list';
import {
  type StoreListSearch,
  storeListSearchDefaults,
  storeListSearchSchema,
} from '../../../../features/products/schemas/product-list-search';
import { useSupplierHealth } from '../../../../features/suppliers/components/supplier-health';

export const Route = createFileRoute('/manage-admin/_authed/products/')({
  validateSearch: storeListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/products.
  search: { middlewares: [stripSearchParams(storeListSearchDefaults)] },
  component: ProductManagementScreen,
});

function ProductManagementScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<StoreListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  const supplierHealth = useSupplierHealth();
  return (
    <>
      <ScreenTitle title="Product Management" />
      <ProductManagementList
        search={search}
        onSearchChange={onSearchChange}
        supplierHealth={supplierHealth}
      />
    </>
  );
}
