import { Button, Card, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import '../orders-texts';
import { MY_ORDERS_PAGE_SIZE, myOrdersQueryOptions } from '../api/orders.queries';
import { OrderStatusBadges } from './order-status-badges';

type MyOrdersProps = { page: number; onPageChange: (page: number) => void };

export function MyOrders({ page, onPageChange }: MyOrdersProps) {
  const { t } = useTranslation('orders');
  const { data, isPending } = useQuery(myOrdersQueryOptions(page));
  // Spec §8: a failed fetch leaves an empty list.
  const orders = data?.data ?? [];
  const pages = Math.ceil((data?.meta.total ?? 0) / MY_ORDERS_PAGE_SIZE);

  return (
    <Stack>
      <Title order={1}>{t('mine.title')}</Title>
      {isPending ? (
        <Center py="xl">
          <Loader aria-label={t('mine.loading')} />
        </Center>
      ) : orders.length === 0 ? (
        <Stack align="center" py="xl">
          <Text c="dimmed">{t('mine.none')}</Text>
          <Button component={Link} to="/">
            {t('mine.startShopping')}
          </Button>
        </Stack>
      ) : (
        <>
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('mine.list')}
          >
            {orders.map((order) => (
              <OrderRow key={order._id} order={order} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={onPageChange}
              getControlProps={(control) => ({ 'aria-label': t(`pages.${control}`) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function OrderRow({ order }: { order: Schemas['Order'] }) {
  const { t } = useTranslation('orders');
  const { money, date } = useLocaleFormat();
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Card component="li" withBorder aria-label={t('order', { number: order.orderNumber })}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text fw={700}>{t('order', { number: order.orderNumber })}</Text>
          <Text size="sm" c="dimmed">
            {t('placedOn', { date: date(order.createdAt) })}
          </Text>
          <Text size="sm">
            {t('mine.items', { count: units, names: order.items.map((item) => item.name).join(', ') })}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Text fw={700} fz="lg">
            {money(order.totalPrice, order.currency)}
          </Text>
          <OrderStatusBadges order={order} />
          <AnchorLink
            to="/order/$id"
            params={{ id: order._id }}
            aria-label={t('mine.viewDetailsOf', { number: order.orderNumber })}
          >
            {t('mine.viewDetails')}
          </AnchorLink>
        </Stack>
      </Group>
    </Card>
  );
}
