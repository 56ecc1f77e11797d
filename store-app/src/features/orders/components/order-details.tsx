import { Alert, Card, Center, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/router-links';
import { isOrderMissing, myOrderQueryOptions } from '../api/orders.queries';
import { CancelOrderButton } from './cancel-order-button';
import { OrderTimelineCard, RefundsCard, ShipmentCard } from './order-progress';
import { OrderStatusBadges } from './order-status-badges';

export function OrderDetails({ id }: { id: string }) {
  const { data, error, isPending } = useQuery(myOrderQueryOptions(id));

  if (isPending) {
    return (
      <Center py="xl">
        <Text role="status">Loading order...</Text>
      </Center>
    );
  }
  if (error || !data) {
    return isOrderMissing(error) ? (
      <Center py="xl">
        <Text fw={600}>Order not found.</Text>
      </Center>
    ) : (
      <Alert color="red" role="alert" title="Order not found.">
        {errorMessage(error, 'The order could not be loaded. Please try again.')}
      </Alert>
    );
  }
  return <OrderSummary order={data.data} />;
}

function OrderSummary({ order }: { order: Schemas['Order'] }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const address = order.shippingAddress;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>Order {order.orderNumber}</Title>
          <Text c="dimmed">Placed on {formatDate(order.createdAt)}</Text>
        </div>
        <Group gap="sm">
          <OrderStatusBadges order={order} />
          {order.canCancel && <CancelOrderButton orderId={order._id} orderNumber={order.orderNumber} />}
          <AnchorLink to="/profile/appeal-dispute-center" search={{ order: order.orderNumber }} size="sm">
            Open a dispute
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
            Shipping Address
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
            Payment Method
          </Title>
          <Text>{order.paymentMethod}</Text>
          <Text c="dimmed" size="sm" mt="xs">
            {order.isPaid ? 'Paid' : 'Unpaid'}
            {order.isPaid && order.paidAt ? ` on ${formatDate(order.paidAt)}` : ''}
          </Text>
        </Card>
      </SimpleGrid>
      <Card component="section" withBorder aria-labelledby="order-items">
        <Title order={2} size="h4" id="order-items" mb="xs">
          Items
        </Title>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {order.items.map((item, index) => (
            <Group component="li" key={`${item.product}-${item.sku_id ?? index}`} wrap="nowrap">
              {item.image && <Image src={item.image} alt="" w={56} h={56} radius="sm" fit="cover" />}
              <Text flex={1}>{item.name}</Text>
              <Text c="dimmed">
                {item.quantity} × {formatMoney(item.price, item.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card component="section" withBorder aria-labelledby="order-totals" maw={420}>
        <Title order={2} size="h4" id="order-totals" mb="xs">
          Order Summary
        </Title>
        <dl style={{ margin: 0 }}>
          <Amount label="Items" value={money(order.itemsPrice)} />
          <Amount label="Shipping" value={money(order.shippingPrice)} />
          <Amount label="Tax" value={money(order.taxPrice)} />
          <Amount label="Total" value={money(order.totalPrice)} strong />
        </dl>
      </Card>
    </Stack>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text component="dt" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}
