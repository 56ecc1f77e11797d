import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { OrderList } from '../../../../features/orders/components/order-list';
import {
  type OrderListSearch,
  orderListSearchDefaults,
  orderListSearchSchema,
} from '../../../../features/orders/schemas/order-list-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/')({
  validateSearch: orderListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/orders.
  search: { middlewares: [stripSearchParams(orderListSearchDefaults)] },
  component: OrderListScreen,
});

function OrderListScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<OrderListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="All Orders" />
      <OrderList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
