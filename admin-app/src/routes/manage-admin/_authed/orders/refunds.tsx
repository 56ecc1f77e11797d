import { Stack } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { RefundList } from '../../../../features/orders/components/refund-list';
import { ReturnRequestList } from '../../../../features/orders/components/return-request-list';
import {
  type RefundSearch,
  type ReturnRequestSearch,
  refundSearchDefaults,
  refundSearchSchema,
} from '../../../../features/orders/schemas/screen-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/refunds')({
  validateSearch: refundSearchSchema,
  // Defaults stay out of the address.
  search: { middlewares: [stripSearchParams(refundSearchDefaults)] },
  component: RefundsScreen,
});

function RefundsScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<RefundSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  const onRequestsChange = useCallback(
    ({ page, status }: Partial<ReturnRequestSearch>) =>
      onSearchChange({
        ...(page === undefined ? {} : { requestsPage: page }),
        ...(status === undefined ? {} : { requestsStatus: status }),
      }),
    [onSearchChange],
  );
  return (
    <>
      <ScreenTitle title="Refund Handling" />
      <Stack gap="xl">
        <ReturnRequestList
          search={{ page: search.requestsPage, status: search.requestsStatus }}
          onSearchChange={onRequestsChange}
        />
        <RefundList search={search} onSearchChange={onSearchChange} />
      </Stack>
    </>
  );
}
