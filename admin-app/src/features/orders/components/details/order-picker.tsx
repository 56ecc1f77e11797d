import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { formatDate, formatMoney } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AnchorLink } from '../../../../components/router-links';
import { orderQueries } from '../../api/orders.queries';
import { OrderStatusBadge } from '../status-badges';

const RECENT_COUNT = 5;

/** Order details without an order chosen: open one by its order id, or pick one of the most recent. */
export function OrderPicker({ onOpen }: { onOpen: (id: string) => void }) {
  const [text, setText] = useState('');
  const recent = useQuery(orderQueries.list({ page: 1, limit: RECENT_COUNT, sort: 'newest' }));

  const open = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') onOpen(text.trim());
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <form onSubmit={open} aria-label="Open an order">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Order ID"
              placeholder="ORD-..."
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={64}
            />
            <Button type="submit" disabled={text.trim() === ''}>
              Open
            </Button>
          </Group>
        </form>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="recent-orders">
        <Stack gap="sm">
          <Title order={3} size="h5" id="recent-orders">
            Recent Orders
          </Title>
          {recent.isPending ? (
            <Text c="dimmed">Loading orders...</Text>
          ) : recent.isError ? (
            <Text c="red" role="alert">
              {errorMessage(recent.error, 'Failed to load orders.')}
            </Text>
          ) : recent.data.data.length === 0 ? (
            <Text c="dimmed">No orders found.</Text>
          ) : (
            <Table aria-label="Recent orders">
              <Table.Tbody>
                {recent.data.data.map((order) => (
                  <Table.Tr key={order._id}>
                    <Table.Td>
                      <AnchorLink to="/manage-admin/orders/details" search={{ id: order._id }}>
                        {order.id}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{order.customer}</Table.Td>
                    <Table.Td>{formatDate(order.date)}</Table.Td>
                    <Table.Td>{formatMoney(order.total, order.currency)}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
