import { Stack, Title } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { VendorOrdersScreen } from '../../features/orders/components/vendor-orders-screen';
import {
  type VendorOrderSearch,
  vendorOrderSearchDefaults,
  vendorOrderSearchSchema,
} from '../../features/orders/schemas/vendor-order-search';

export const Route = createFileRoute('/manage-vandor/orders')({
  validateSearch: vendorOrderSearchSchema,
  // The first page stays out of the address, so the plain list is just /manage-vandor/orders.
  search: { middlewares: [stripSearchParams(vendorOrderSearchDefaults)] },
  component: OrdersPage,
});

function OrdersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<VendorOrderSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <Stack>
      <Title order={1}>Orders</Title>
      <VendorOrdersScreen search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
