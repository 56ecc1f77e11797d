import { Button, Card, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/router-links';
import { MY_ORDERS_PAGE_SIZE, myOrdersQueryOptions } from '../api/orders.queries';
import { OrderStatusBadges } from './order-status-badges';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

type MyOrdersProps = { page: number; onPageChange: (page: number) => void };

export function MyOrders({ page, onPageChange }: MyOrdersProps) {
  const { data, isPending } = useQuery(myOrdersQueryOptions(page));
  // Spec §8: a failed fetch leaves an empty list.
  const orders = data?.data ?? [];
  const pages = Math.ceil((data?.meta.total ?? 0) / MY_ORDERS_PAGE_SIZE);

  return (
    <Stack>
      <Title order={1}>My Orders</Title>
      {isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading orders" />
        </Center>
      ) : orders.length === 0 ? (
        <Stack align="center" py="xl">
          <Text c="dimmed">No orders found.</Text>
          <Button component={Link} to="/">
            Start Shopping
          </Button>
        </Stack>
      ) : (
        <>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
            {orders.map((order) => (
              <OrderRow key={order._id} order={order} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={onPageChange}
              getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function OrderRow({ order }: { order: Schemas['Order'] }) {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Card component="li" withBorder aria-label={`Order ${order.orderNumber}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text fw={700}>Order {order.orderNumber}</Text>
          <Text size="sm" c="dimmed">
            Placed on {formatDate(order.createdAt)}
          </Text>
          <Text size="sm">
            {units} {units === 1 ? 'item' : 'items'}: {order.items.map((item) => item.name).join(', ')}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Text fw={700} fz="lg">
            {formatMoney(order.totalPrice, order.currency)}
          </Text>
          <OrderStatusBadges order={order} />
          <AnchorLink
            to="/order/$id"
            params={{ id: order._id }}
            aria-label={`View Details of order ${order.orderNumber}`}
          >
            View Details
          </AnchorLink>
        </Stack>
      </Group>
    </Card>
  );
}
