import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';

type VendorOrder = Schemas['VendorOrder'];

export const vendorOrderTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof vendorOrderTableFeatures, VendorOrder>();

export const STATUS_COLORS: Record<VendorOrder['status'], string> = {
  Placed: 'gray',
  Pending: 'yellow',
  Confirmed: 'blue',
  Processing: 'indigo',
  Shipped: 'cyan',
  Delivered: 'teal',
  Completed: 'green',
  Cancelled: 'red',
  Failed: 'red',
};

/** The trackings of the vendor's shipped lines, each once ('DHL JD0146'). */
export function trackingsOf(order: Pick<VendorOrder, 'items'>): string[] {
  const shipped = order.items.flatMap((item) =>
    item.trackingNumber ? [[item.carrier, item.trackingNumber].filter(Boolean).join(' ')] : [],
  );
  return [...new Set(shipped)];
}

/** The spec's Orders table: Order ID, Customer, Date, Items, Total (the order's currency), Status. */
export function vendorOrderColumns({ onOpen }: { onOpen: (order: VendorOrder) => void }) {
  return column.columns([
    column.accessor('id', {
      header: 'Order ID',
      cell: ({ row }) => (
        <Anchor component="button" type="button" fw={500} onClick={() => onOpen(row.original)}>
          {row.original.id}
        </Anchor>
      ),
    }),
    column.accessor('customer', { header: 'Customer' }),
    column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDate(getValue()) }),
    column.display({
      id: 'items',
      header: 'Items',
      cell: ({ row }) => (
        <Stack gap={0}>
          {row.original.items.map((item) => (
            <Text key={item._id} size="sm">
              {item.name} × {item.quantity}
            </Text>
          ))}
        </Stack>
      ),
    }),
    column.accessor('total', {
      header: 'Total',
      cell: ({ row }) => formatMoney(row.original.total, row.original.currency),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => {
        const trackings = trackingsOf(row.original);
        return (
          <Stack gap={4} align="flex-start">
            <Badge color={STATUS_COLORS[row.original.status]} variant="light">
              {row.original.status}
            </Badge>
            {trackings.map((tracking) => (
              <Text key={tracking} size="xs" c="dimmed">
                Tracking: {tracking}
              </Text>
            ))}
          </Stack>
        );
      },
    }),
  ]);
}
