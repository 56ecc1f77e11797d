import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { ForwardingList } from '../../../../features/orders/components/forwarding-list';
import {
  type ForwardingSearch,
  forwardingSearchDefaults,
  forwardingSearchSchema,
} from '../../../../features/orders/schemas/screen-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/aliexpress')({
  validateSearch: forwardingSearchSchema,
  // Defaults stay out of the address.
  search: { middlewares: [stripSearchParams(forwardingSearchDefaults)] },
  component: OrderForwardingScreen,
});

function OrderForwardingScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<ForwardingSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="AliExpress Order Forwarding" />
      <ForwardingList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
