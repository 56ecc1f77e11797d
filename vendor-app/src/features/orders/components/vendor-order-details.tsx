import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextField } from '@shop/ui/form-fields';
import { formatDate, formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useShipVendorOrder } from '../api/vendor-orders.mutations';
import { vendorOrderQueries } from '../api/vendor-orders.queries';
import { type ShipOrderBody, type ShipOrderValues, shipOrderSchema } from '../schemas/ship-order.schema';
import { STATUS_COLORS } from './vendor-order-columns';

type VendorOrderDetail = Schemas['VendorOrderDetail'];

/** One order: the vendor's lines, where they go, and Mark as shipped while they wait to ship. */
export function VendorOrderDetails({ id }: { id: string }) {
  const { data, error, isPending } = useQuery(vendorOrderQueries.detail(id));
  if (isPending) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  if (error || !data) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(error, 'The order could not be loaded.')}
      </Alert>
    );
  }
  return <OrderSummary order={data.data} />;
}

function OrderSummary({ order }: { order: VendorOrderDetail }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const { shipTo } = order;
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            {order.id}
          </Title>
          <Text c="dimmed" size="sm">
            {order.customer} · {formatDate(order.date)}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[order.status]} variant="light">
          {order.status}
        </Badge>
      </Group>

      <Card withBorder component="section" aria-labelledby="ship-to">
        <Title order={3} size="h5" id="ship-to" mb="xs">
          Ship to
        </Title>
        <Text>{shipTo.name}</Text>
        <Text>{shipTo.address}</Text>
        <Text>{[shipTo.city, shipTo.province, shipTo.postalCode].filter(Boolean).join(', ')}</Text>
        <Text>{shipTo.country}</Text>
        {shipTo.phone ? <Text>{shipTo.phone}</Text> : null}
      </Card>

      <Table aria-label="Your items in this order" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Shipment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={item._id}>
              <Table.Td>
                <Text size="sm">{item.name}</Text>
                {item.sku ? (
                  <Text size="xs" c="dimmed">
                    SKU {item.sku}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td>{money(item.price)}</Table.Td>
              <Table.Td>{money(item.lineTotal)}</Table.Td>
              <Table.Td>
                {item.shippedAt ? (
                  <Text size="sm">
                    {item.carrier} {item.trackingNumber}
                    <Text span size="xs" c="dimmed" display="block">
                      Shipped {formatDate(item.shippedAt)}
                    </Text>
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not shipped
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        {order.discount > 0 ? (
          <Text size="sm" c="dimmed">
            Coupon discount: −{money(order.discount)}
          </Text>
        ) : null}
        <Text fw={700}>Total: {money(order.total)}</Text>
      </Stack>

      {order.canShip ? (
        <ShipForm orderId={order._id} />
      ) : order.shipped ? (
        <Alert color="teal">Your items in this order have shipped.</Alert>
      ) : !order.isPaid ? (
        <Alert color="yellow">This order is not paid yet; your items can ship once it is.</Alert>
      ) : (
        <Alert color="gray">This order can no longer ship.</Alert>
      )}
    </Stack>
  );
}

function ShipForm({ orderId }: { orderId: string }) {
  const ship = useShipVendorOrder();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<ShipOrderValues, unknown, ShipOrderBody>({
    resolver: zodResolver(shipOrderSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await ship.mutateAsync({ params: { path: { id: orderId } }, body });
      toast.success(answer.message ?? 'Your items are marked as shipped.');
    } catch (error) {
      setServerError(errorMessage(error, 'The order could not be marked as shipped.'));
    }
  });

  return (
    <Card withBorder component="section" aria-labelledby="mark-shipped">
      <form onSubmit={submit} noValidate aria-label="Mark as shipped">
        <Stack gap="sm">
          <Title order={3} size="h5" id="mark-shipped">
            Mark as shipped
          </Title>
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <TextField control={control} name="carrier" label="Carrier" withAsterisk maxLength={100} />
          <TextField
            control={control}
            name="trackingNumber"
            label="Tracking number"
            withAsterisk
            maxLength={100}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={ship.isPending}>
              Mark as shipped
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
