import { Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '@shop/ui/format';
import { deliveryText, taxLineLabel } from '../../lib/order-charges';
import type { AdminOrder } from '../../lib/order-status';

function Heading({ title, order }: { title: string; order: AdminOrder }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Title order={2}>{title}</Title>
      <Stack gap={0} align="flex-end">
        <Text fw={600}>{order.id}</Text>
        <Text size="sm">{formatDate(order.date)}</Text>
      </Stack>
    </Group>
  );
}

function ShipTo({ order }: { order: AdminOrder }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        Ship to
      </Text>
      <Text size="sm">{order.shippingAddress.full_name || order.customer}</Text>
      <Text size="sm">{order.shipping.address}</Text>
      {order.phone ? <Text size="sm">{order.phone}</Text> : null}
    </Stack>
  );
}

/** The invoice: who bought what, at which price, and how it was paid. */
function Invoice({ order }: { order: AdminOrder }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const totals: [string, number][] = [
    ['Items', order.itemsPrice],
    ['Shipping', order.shippingPrice],
    [taxLineLabel(order.tax), order.taxPrice],
    ...(order.dutyLabel ? ([[order.dutyLabel, order.dutyPrice ?? 0]] as [string, number][]) : []),
    ...(order.paymentFee ? ([['Cash on Delivery Fee', order.paymentFee]] as [string, number][]) : []),
    ...(order.discount > 0
      ? ([[order.couponCode ? `Discount (${order.couponCode})` : 'Discount', -order.discount]] as [
          string,
          number,
        ][])
      : []),
    ['Total', order.total],
  ];
  return (
    <Stack gap="md" className="order-print-page" aria-label="Invoice" component="section">
      <Heading title="Invoice" order={order} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            Bill to
          </Text>
          <Text size="sm">{order.customer}</Text>
          <Text size="sm">{order.email}</Text>
        </Stack>
        <ShipTo order={order} />
      </Group>
      <Table withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={`${item.sku}-${item.name}`}>
              <Table.Td>{item.sku}</Table.Td>
              <Table.Td>
                {item.name}
                {item.delivery ? <Text size="xs">{deliveryText(item.delivery, order.currency)}</Text> : null}
              </Table.Td>
              <Table.Td ta="right">{item.qty}</Table.Td>
              <Table.Td ta="right">{money(item.price)}</Table.Td>
              <Table.Td ta="right">{money(item.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        {totals.map(([label, amount]) => (
          <Text key={label} size="sm" fw={label === 'Total' ? 700 : undefined}>
            {label}: {money(amount)}
          </Text>
        ))}
      </Stack>
      <Divider />
      <Text size="sm">
        Payment: {order.payment.method} · {order.payment.status}
        {order.payment.gatewayRef ? ` · ${order.payment.gatewayRef}` : ''}
      </Text>
    </Stack>
  );
}

/** The packing slip: what goes in the box and where it goes; no prices. */
function PackingSlip({ order }: { order: AdminOrder }) {
  return (
    <Stack gap="md" className="order-print-page" aria-label="Packing slip" component="section">
      <Heading title="Packing Slip" order={order} />
      <ShipTo order={order} />
      <Text size="sm">
        Shipping: {order.shipping.method}
        {order.shipping.carrier ? ` · ${order.shipping.carrier}` : ''}
        {order.shipping.tracking ? ` · ${order.shipping.tracking}` : ''}
      </Text>
      <Table withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={`${item.sku}-${item.name}`}>
              <Table.Td>{item.sku}</Table.Td>
              <Table.Td>
                {item.name}
                {item.delivery ? <Text size="xs">Delivery: {item.delivery.company}</Text> : null}
              </Table.Td>
              <Table.Td ta="right">{item.qty}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The invoice and the packing slip of one order, each on its own printed page. */
export function OrderPrintDocument({ order }: { order: AdminOrder }) {
  return (
    <Stack gap="xl">
      <Invoice order={order} />
      <PackingSlip order={order} />
    </Stack>
  );
}
