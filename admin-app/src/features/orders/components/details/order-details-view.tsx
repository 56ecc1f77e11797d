import { Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../../components/router-links';
import { orderQueries } from '../../api/orders.queries';
import type { OrderDetailsSearch } from '../../schemas/screen-search';
import { ParcelList } from '../parcel-list';
import { DetailPanel } from './detail-panel';
import { EditOrderForm } from './edit-order-form';
import { OrderActions } from './order-actions';
import { OrderInfoPanel } from './order-info-panel';
import { OrderItemsTable } from './order-items-table';
import { CustomerPanel, PaymentPanel, ShippingPanel } from './order-party-panels';
import { OrderPrintView } from './order-print-view';
import { OrderTimeline } from './order-timeline';
import { StatusChangeForm } from './status-change-form';

type OrderDetailsViewProps = {
  id: string;
  mode: OrderDetailsSearch['mode'];
  onModeChange: (mode: OrderDetailsSearch['mode']) => void;
};

/** Spec 2 §2 Order details: panels for order info, items, timeline, customer, shipping and payment. */
export function OrderDetailsView({ id, mode, onModeChange }: OrderDetailsViewProps) {
  const detail = useQuery(orderQueries.detail(id));

  if (detail.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Loading order...</Text>
      </Group>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" role="alert">
          {errorMessage(detail.error, 'Failed to load the order.')}
        </Alert>
        <AnchorLink to="/manage-admin/orders/details">Find another order</AnchorLink>
      </Stack>
    );
  }

  const order = detail.data.data;
  if (mode === 'print') return <OrderPrintView order={order} onBack={() => onModeChange(undefined)} />;

  return (
    <Stack gap="md">
      <OrderActions order={order} mode={mode} onModeChange={onModeChange} />
      {mode === 'edit' ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <EditOrderForm key={order._id} order={order} />
          <StatusChangeForm key={`${order._id}-${order.status}`} order={order} />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OrderInfoPanel order={order} />
        <OrderTimeline order={order} />
      </SimpleGrid>
      <OrderItemsTable order={order} />
      {order.forwarding?.parcels?.length ? (
        <DetailPanel title="Supplier parcels">
          <ParcelList orderId={order._id} parcels={order.forwarding.parcels} />
        </DetailPanel>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <CustomerPanel order={order} />
        <ShippingPanel order={order} />
        <PaymentPanel order={order} />
      </SimpleGrid>
    </Stack>
  );
}
