import { Badge, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import '../orders-texts';
import { myOrderParcelsQueryOptions } from '../api/orders.queries';

type Parcel = Schemas['ShopperParcel'];

const STATUS_COLOR: Record<Parcel['status'], string> = {
  Preparing: 'gray',
  Shipped: 'blue',
  Delivered: 'teal',
  Cancelled: 'red',
};

/** On the order page: each supplier parcel with its items, carrier, tracking number and the carrier's scans. */
export function OrderParcels({ id }: { id: string }) {
  const { t } = useTranslation('orders');
  const parcels = useQuery(myOrderParcelsQueryOptions(id));
  const list = parcels.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card component="section" withBorder aria-labelledby="order-parcels">
      <Stack gap="md">
        <Title order={2} size="h4" id="order-parcels">
          {t('parcels.title')}
        </Title>
        {list.length > 1 && <Text c="dimmed">{t('parcels.intro', { count: list.length })}</Text>}
        {list.map((parcel) => (
          <ParcelTracking key={parcel._id} parcel={parcel} />
        ))}
      </Stack>
    </Card>
  );
}

function ParcelTracking({ parcel }: { parcel: Parcel }) {
  const { t } = useTranslation('orders');
  const format = useLocaleFormat();
  const title = t('parcels.parcel', { number: parcel.number });
  return (
    <Stack gap={6} component="article" aria-label={title}>
      <Group gap="xs">
        <Text fw={600}>{title}</Text>
        <Badge variant="light" color={STATUS_COLOR[parcel.status]}>
          {t(`parcels.status.${parcel.status}`)}
        </Badge>
      </Group>
      <Text size="sm">{parcel.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}</Text>
      {parcel.carrier && <Text size="sm">{t('lineShipment.carrier', { carrier: parcel.carrier })}</Text>}
      {parcel.trackingNumber && (
        <Text size="sm">{t('lineShipment.tracking', { tracking: parcel.trackingNumber })}</Text>
      )}
      {parcel.deliveredAt ? (
        <Text size="sm" c="dimmed">
          {t('parcels.deliveredOn', { date: format.date(parcel.deliveredAt) })}
        </Text>
      ) : parcel.promisedBy ? (
        <Text size="sm" c="dimmed">
          {t('parcels.expectedBy', { date: format.date(parcel.promisedBy) })}
        </Text>
      ) : null}
      {parcel.status !== 'Preparing' &&
        (parcel.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('parcels.noEvents')}
          </Text>
        ) : (
          <Timeline
            active={parcel.events.length - 1}
            bulletSize={12}
            lineWidth={2}
            aria-label={t('parcels.events')}
          >
            {[...parcel.events].reverse().map((event) => (
              <Timeline.Item key={`${event.time}-${event.description}`} title={event.description}>
                <Text size="xs" c="dimmed">
                  {format.date(event.time)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ))}
    </Stack>
  );
}
