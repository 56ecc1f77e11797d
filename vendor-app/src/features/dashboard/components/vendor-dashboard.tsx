import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { STATUS_COLORS } from '../../orders/components/vendor-order-columns';
import { dashboardQueries } from '../api/dashboard.queries';

type RecentOrder = Schemas['VendorDashboardOrder'];

/** Spec §2 Dashboard: the welcome with the store's name, three cards and Recent Orders, from the vendor's data. */
export function VendorDashboard() {
  const dashboard = useQuery(dashboardQueries.figures());
  const data = dashboard.data?.data;

  return (
    <Stack>
      <div>
        <Title order={1}>Welcome, Vendor!</Title>
        {data ? <Text c="dimmed">{data.storeName}</Text> : null}
      </div>
      {dashboard.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(dashboard.error, 'Failed to load the dashboard.')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="section" aria-label="Summary">
        <FigureCard label="Orders" value={data?.orders.toLocaleString('en-US')} failed={dashboard.isError} />
        <FigureCard
          label="Revenue"
          value={data ? formatMoney(data.revenue, data.currency) : undefined}
          failed={dashboard.isError}
        />
        <FigureCard
          label="Active Products"
          value={data?.activeProducts.toLocaleString('en-US')}
          failed={dashboard.isError}
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="recent-orders-title">
        <Title order={2} fz="h4" mb="sm" id="recent-orders-title">
          Recent Orders
        </Title>
        <RecentOrders orders={data?.recentOrders} loading={dashboard.isPending} />
      </Paper>
    </Stack>
  );
}

function FigureCard({ label, value, failed }: { label: string; value: string | undefined; failed: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value !== undefined ? (
        <Text fz="xl" fw={700}>
          {value}
        </Text>
      ) : failed ? (
        <Text fz="xl" fw={700} c="dimmed">
          —
        </Text>
      ) : (
        <Skeleton height={28} width={80} mt={4} />
      )}
    </Paper>
  );
}

function RecentOrders({ orders, loading }: { orders: RecentOrder[] | undefined; loading: boolean }) {
  if (loading) return <Skeleton height={120} />;
  if (!orders || orders.length === 0) return <Text c="dimmed">No orders found.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-labelledby="recent-orders-title" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order ID</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order._id}>
              <Table.Td>{order.orderNumber}</Table.Td>
              <Table.Td>{order.customer}</Table.Td>
              <Table.Td>{formatDate(order.date)}</Table.Td>
              <Table.Td>{formatMoney(order.amount, order.currency)}</Table.Td>
              <Table.Td>
                <Group gap={0}>
                  <Badge variant="light" color={STATUS_COLORS[order.status]}>
                    {order.status}
                  </Badge>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
