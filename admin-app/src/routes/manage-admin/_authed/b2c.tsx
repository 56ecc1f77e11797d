import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { ShopperList } from '../../../features/b2c/components/shopper-list';
import {
  type ShopperListSearch,
  shopperListSearchDefaults,
  shopperListSearchSchema,
} from '../../../features/b2c/schemas/shopper-list-search';

export const Route = createFileRoute('/manage-admin/_authed/b2c')({
  validateSearch: shopperListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/b2c.
  search: { middlewares: [stripSearchParams(shopperListSearchDefaults)] },
  component: B2cManagementScreen,
});

function B2cManagementScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<ShopperListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="B2C Management" />
      <ShopperList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
