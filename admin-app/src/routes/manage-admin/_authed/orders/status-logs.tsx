import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { StatusLogList } from '../../../../features/orders/components/status-log-list';
import {
  type StatusLogSearch,
  statusLogSearchDefaults,
  statusLogSearchSchema,
} from '../../../../features/orders/schemas/screen-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/status-logs')({
  validateSearch: statusLogSearchSchema,
  // Defaults stay out of the address.
  search: { middlewares: [stripSearchParams(statusLogSearchDefaults)] },
  component: StatusLogsScreen,
});

function StatusLogsScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<StatusLogSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Order Status History Logs" />
      <StatusLogList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
