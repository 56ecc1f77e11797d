import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { FactoryList } from '../../../features/d2c/components/factory-list';
import {
  type FactoryListSearch,
  factoryListSearchDefaults,
  factoryListSearchSchema,
} from '../../../features/d2c/schemas/factory-list-search';

export const Route = createFileRoute('/manage-admin/_authed/d2c')({
  validateSearch: factoryListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/d2c.
  search: { middlewares: [stripSearchParams(factoryListSearchDefaults)] },
  component: D2cManagementScreen,
});

function D2cManagementScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<FactoryListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Domestic D2C Management" />
      <FactoryList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
