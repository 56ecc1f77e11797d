import { Alert, Card, Center, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AddedTaxRow,
  AmountRow,
  DutyRow,
  IncludedTaxAmount,
  LineDeliveryText,
} from '../../../components/order-amounts';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { PayNowButton } from '../../payments/components/pay-now-button';
import '../orders-texts';
import { isOrderMissing, myOrderQueryOptions } from '../api/orders.queries';
import { CancelOrderButton } from './cancel-order-button';
import { LineShipment, OrderTimelineCard, RefundsCard, ShipmentCard } from './order-progress';
import { OrderStatusBadges } from './order-status-badges';

const SHIPPED_STATUSES: readonly Schemas['OrderStatus'][] = ['Shipped', 'Delivered', 'Completed'];

export function OrderDetails({ id }: { id: string }) {
  const { t } = useTranslation('orders');
  const { data, error, isPending } = useQuery(myOrderQueryOptions(id));

  if (isPending) {
    return (
      <Center py="xl">
        <Text role="status">{t('detail.loading')}</Text>
      </Center>
    );
  }
  if (error || !data) {
    return isOrderMissing(error) ? (
      <Center py="xl">
        <Text fw={600}>{t('detail.notFound')}</Text>
      </Center>
    ) : (
      <Alert color="red" role="alert" title={t('detail.notFound')}>
        {errorMessage(error, t('detail.failed'))}
      </Alert>
    );
  }
  return <OrderSummary order={data.data} />;
}

function OrderSummary({ order }: { order: Schemas['Order'] }) {
  const { t } = useTranslation('orders');
  const format = useLocaleFormat();
  const money = (amount: number) => format.money(amount, order.currency);
  const address = order.shippingAddress;
  // Sellers ship their own lines: once one has, the lines still to come say so until the whole order ships.
  const awaitingLines =
    order.items.some((item) => item.shippedAt) && !SHIPPED_STATUSES.includes(order.status);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>{t('order', { number: order.orderNumber })}</Title>
          <Text c="dimmed">{t('placedOn', { date: format.date(order.createdAt) })}</Text>
        </div>
        <Group gap="sm">
          <OrderStatusBadges order={order} />
          {order.canPay && <PayNowButton orderId={order._id} />}
          {order.canCancel && <CancelOrderButton orderId={order._id} orderNumber={order.orderNumber} />}
          <AnchorLink to="/profile/appeal-dispute-center" search={{ order: order.orderNumber }} size="sm">
            {t('detail.openDispute')}
          </AnchorLink>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <OrderTimelineCard order={order} />
        <Stack>
          <ShipmentCard order={order} />
          <RefundsCard order={order} />
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card component="section" withBorder aria-labelledby="order-address">
          <Title order={2} size="h4" id="order-address" mb="xs">
            {t('detail.address')}
          </Title>
          {address.full_name && <Text>{address.full_name}</Text>}
          <Text>{address.address}</Text>
          <Text>{[address.city, address.province, address.postalCode].filter(Boolean).join(', ')}</Text>
          <Text>{address.country}</Text>
          {address.mobile_no && (
            <Text>
              {address.phone_country} {address.mobile_no}
            </Text>
          )}
        </Card>
        <Card component="section" withBorder aria-labelledby="order-payment">
          <Title order={2} size="h4" id="order-payment" mb="xs">
            {t('detail.payment')}
          </Title>
          <Text>{t(`method.${order.paymentMethod}`, { defaultValue: order.paymentMethod })}</Text>
          <Text c="dimmed" size="sm" mt="xs">
            {order.isPaid && order.paidAt
              ? t('detail.paidOn', { date: format.date(order.paidAt) })
              : order.isPaid
                ? t('payment.Paid')
                : t('payment.Unpaid')}
          </Text>
        </Card>
      </SimpleGrid>
      <Card component="section" withBorder aria-labelledby="order-items">
        <Title order={2} size="h4" id="order-items" mb="xs">
          {t('detail.items')}
        </Title>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {order.items.map((item, index) => (
            <Group
              component="li"
              key={`${item.product}-${item.sku_id ?? index}`}
              wrap="nowrap"
              align="flex-start"
            >
              {item.image && <Image src={item.image} alt="" w={56} h={56} radius="sm" fit="cover" />}
              <Stack gap={2} flex={1}>
                <Text>{item.name}</Text>
                <LineDeliveryText delivery={item.delivery} currency={order.currency} />
                <LineShipment item={item} showPending={awaitingLines} />
              </Stack>
              <Text c="dimmed">
                {item.quantity} × {format.money(item.price, item.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card component="section" withBorder aria-labelledby="order-totals" maw={420}>
        <Title order={2} size="h4" id="order-totals" mb="xs">
          {t('detail.summary')}
        </Title>
        <dl style={{ margin: 0 }}>
          <AmountRow label={t('detail.items')} value={money(order.itemsPrice)} />
          <AmountRow label={t('detail.shipping')} value={money(order.shippingPrice)} />
          <AddedTaxRow
            tax={order.tax}
            taxPrice={order.taxPrice}
            currency={order.currency}
            fallbackLabel={t('detail.tax')}
          />
          <DutyRow label={order.dutyLabel} dutyPrice={order.dutyPrice} currency={order.currency} />
          {order.paymentFee ? (
            <AmountRow label={t('detail.paymentFee')} value={money(order.paymentFee)} />
          ) : null}
          {order.discountPrice > 0 ? (
            <AmountRow
              label={
                order.couponCode ? t('detail.discountCode', { code: order.couponCode }) : t('detail.discount')
              }
              value={`-${money(order.discountPrice)}`}
            />
          ) : null}
          <AmountRow label={t('detail.total')} value={money(order.totalPrice)} strong />
        </dl>
        <IncludedTaxAmount tax={order.tax} taxPrice={order.taxPrice} currency={order.currency} />
      </Card>
    </Stack>
  );
}
