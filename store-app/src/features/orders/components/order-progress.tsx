import { Badge, Card, Group, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { IconCheck } from '@tabler/icons-react';
import { orderTimeline } from './order-timeline';

type Order = Schemas['Order'];

/** Order Placed → Payment Confirmed → Processing → Shipped → Delivered, with when and any note. */
export function OrderTimelineCard({ order }: { order: Order }) {
  const steps = orderTimeline(order);
  const reached = steps.findLastIndex((step) => step.done);
  const stopped = order.status === 'Cancelled' || order.status === 'Failed';
  const stop = stopped ? order.statusHistory.findLast((entry) => entry.status === order.status) : undefined;
  return (
    <Card component="section" withBorder aria-labelledby="order-timeline">
      <Title order={2} size="h4" id="order-timeline" mb="sm">
        Order Status
      </Title>
      <Timeline active={reached} bulletSize={20} lineWidth={2} role="list">
        {steps.map((step) => (
          <Timeline.Item
            key={step.label}
            role="listitem"
            aria-label={step.label}
            title={step.label}
            bullet={step.done ? <IconCheck size={12} aria-hidden /> : null}
            aria-current={step.done ? 'step' : undefined}
          >
            <Text size="sm" c="dimmed">
              {step.done ? (step.date ? formatDate(step.date) : 'Done') : 'Pending'}
            </Text>
            {step.note && <Text size="sm">{step.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
      {stopped && (
        <Text c="red" mt="sm" role="status">
          This order was {order.status.toLowerCase()}
          {stop ? ` on ${formatDate(stop.date)}` : ''}.{stop?.note ? ` ${stop.note}` : ''}
        </Text>
      )}
    </Card>
  );
}

/** The carrier and tracking number, once the order has shipped. */
export function ShipmentCard({ order }: { order: Order }) {
  if (!order.carrier && !order.trackingNumber) return null;
  return (
    <Card component="section" withBorder aria-labelledby="order-shipment">
      <Title order={2} size="h4" id="order-shipment" mb="xs">
        Shipment
      </Title>
      <Stack gap={4}>
        {order.carrier && <Text>Carrier: {order.carrier}</Text>}
        {order.trackingNumber && <Text>Tracking number: {order.trackingNumber}</Text>}
      </Stack>
    </Card>
  );
}

/** What the store has paid back, or is about to. */
export function RefundsCard({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <Card component="section" withBorder aria-labelledby="order-refunds">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="order-refunds">
          Refunds
        </Title>
        <Text fw={600}>Refunded: {formatMoney(order.refundedPrice, order.currency)}</Text>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.refunds.map((refund) => (
            <Table.Tr key={refund.id}>
              <Table.Td>{formatDate(refund.createdAt)}</Table.Td>
              <Table.Td>{formatMoney(refund.amount, refund.currency)}</Table.Td>
              <Table.Td>
                <Badge color={refund.status === 'Completed' ? 'teal' : 'yellow'} variant="light">
                  {refund.status}
                </Badge>
              </Table.Td>
              <Table.Td>{refund.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
