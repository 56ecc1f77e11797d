import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { RecoveryList } from '../../../../features/orders/components/recovery-list';
import {
  type RecoverySearch,
  recoverySearchDefaults,
  recoverySearchSchema,
} from '../../../../features/orders/schemas/screen-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/recovery')({
  validateSearch: recoverySearchSchema,
  // Defaults stay out of the address.
  search: { middlewares: [stripSearchParams(recoverySearchDefaults)] },
  component: FailedOrdersScreen,
});

function FailedOrdersScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<RecoverySearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Failed/Cancelled Orders" />
      <RecoveryList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
