import { Table, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@shop/ui/format';
import { deliveryText } from '../../lib/order-charges';
import type { AdminOrder } from '../../lib/order-status';
import { DetailPanel } from './detail-panel';

/**
 * Spec 2 §3 Order items: sku, name, qty, price, total; a line with a supplier delivery service shows it and its
 * fee, and a line its vendor shipped shows its own tracking.
 */
export function OrderItemsTable({ order }: { order: AdminOrder }) {
  return (
    <DetailPanel title="Items">
      <Table aria-label="Order items" verticalSpacing="xs">
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
                {item.delivery ? (
                  <Text size="xs" c="dimmed">
                    {deliveryText(item.delivery, order.currency)}
                  </Text>
                ) : null}
                {item.shippedAt ? (
                  <Text size="xs" c="dimmed">
                    Shipped by the vendor {formatDate(item.shippedAt)}:{' '}
                    {[item.carrier, item.trackingNumber].filter(Boolean).join(' ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{item.qty}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.price, order.currency)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.total, order.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DetailPanel>
  );
}
