import { Badge, Card, Group, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import '../orders-texts';
import { orderTimeline } from './order-timeline';

type Order = Schemas['Order'];

/** Order Placed → Payment Confirmed → Processing → Shipped → Delivered, with when and any note. */
export function OrderTimelineCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { date } = useLocaleFormat();
  const steps = orderTimeline(order);
  const reached = steps.findLastIndex((step) => step.done);
  const stopped = order.status === 'Cancelled' || order.status === 'Failed';
  const stop = stopped ? order.statusHistory.findLast((entry) => entry.status === order.status) : undefined;
  return (
    <Card component="section" withBorder aria-labelledby="order-timeline">
      <Title order={2} size="h4" id="order-timeline" mb="sm">
        {t('timeline.title')}
      </Title>
      <Timeline active={reached} bulletSize={20} lineWidth={2} role="list">
        {steps.map((step) => (
          <Timeline.Item
            key={step.label}
            role="listitem"
            aria-label={t(`timeline.${step.label}`)}
            title={t(`timeline.${step.label}`)}
            bullet={step.done ? <IconCheck size={12} aria-hidden /> : null}
            aria-current={step.done ? 'step' : undefined}
          >
            <Text size="sm" c="dimmed">
              {step.done ? (step.date ? date(step.date) : t('timeline.done')) : t('timeline.pending')}
            </Text>
            {step.note && <Text size="sm">{step.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
      {stopped && (
        <Text c="red" mt="sm" role="status">
          {stop
            ? t(`timeline.stoppedOn.${order.status}`, { date: date(stop.date) })
            : t(`timeline.stopped.${order.status}`)}
          {stop?.note ? ` ${stop.note}` : ''}
        </Text>
      )}
    </Card>
  );
}

/** The carrier and tracking number, once the order has shipped. */
export function ShipmentCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  if (!order.carrier && !order.trackingNumber) return null;
  return (
    <Card component="section" withBorder aria-labelledby="order-shipment">
      <Title order={2} size="h4" id="order-shipment" mb="xs">
        {t('shipment.title')}
      </Title>
      <Stack gap={4}>
        {order.carrier && <Text>{t('shipment.carrier', { carrier: order.carrier })}</Text>}
        {order.trackingNumber && <Text>{t('shipment.tracking', { tracking: order.trackingNumber })}</Text>}
      </Stack>
    </Card>
  );
}

/** One line's shipment, when its seller shipped it apart from the rest of the order. */
export function LineShipment({ item, showPending }: { item: Schemas['OrderItem']; showPending: boolean }) {
  const { t } = useTranslation('orders');
  const { date } = useLocaleFormat();
  if (!item.shippedAt) {
    return showPending ? (
      <Text size="sm" c="dimmed">
        {t('lineShipment.notShipped')}
      </Text>
    ) : null;
  }
  return (
    <Stack gap={0}>
      <Text size="sm" c="teal">
        {t('lineShipment.shippedOn', { date: date(item.shippedAt) })}
      </Text>
      {item.carrier && <Text size="sm">{t('lineShipment.carrier', { carrier: item.carrier })}</Text>}
      {item.trackingNumber && (
        <Text size="sm">{t('lineShipment.tracking', { tracking: item.trackingNumber })}</Text>
      )}
    </Stack>
  );
}

/** What the store has paid back, or is about to. */
export function RefundsCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { money, date } = useLocaleFormat();
  if (order.refunds.length === 0) return null;
  return (
    <Card component="section" withBorder aria-labelledby="order-refunds">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="order-refunds">
          {t('refunds.title')}
        </Title>
        <Text fw={600}>{t('refunds.refunded', { amount: money(order.refundedPrice, order.currency) })}</Text>
      </Group>
      {/* Four columns do not fit a phone: the table scrolls rather than squeezing its status badges. */}
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('refunds.date')}</Table.Th>
              <Table.Th>{t('refunds.amount')}</Table.Th>
              <Table.Th>{t('refunds.status')}</Table.Th>
              <Table.Th>{t('refunds.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.refunds.map((refund) => (
              <Table.Tr key={refund.id}>
                <Table.Td>{date(refund.createdAt)}</Table.Td>
                <Table.Td>{money(refund.amount, refund.currency)}</Table.Td>
                <Table.Td>
                  <Badge color={refund.status === 'Completed' ? 'teal' : 'yellow'} variant="light">
                    {t(`refunds.statuses.${refund.status}`, { defaultValue: refund.status })}
                  </Badge>
                </Table.Td>
                <Table.Td>{refund.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
