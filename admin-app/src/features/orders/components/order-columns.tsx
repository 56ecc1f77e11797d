import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { type AdminOrder, isArchivable } from '../lib/order-status';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badges';

export const orderTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof orderTableFeatures, AdminOrder>();

type OrderColumnsOptions = {
  onDelete: (order: AdminOrder) => void;
};

const itemCount = (order: AdminOrder) => order.items.reduce((sum, item) => sum + item.qty, 0);

/**
 * Spec 2 §2 Order list rows (after the list kit's checkbox): id, customer, date, items, total, payment, status,
 * and View, Edit, Print, Delete.
 */
export function orderColumns({ onDelete }: OrderColumnsOptions) {
  return column.columns([
    column.accessor('id', { header: 'Order ID', cell: ({ getValue }) => <Text fw={500}>{getValue()}</Text> }),
    column.display({
      id: 'customer',
      header: 'Customer',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{row.original.customer}</Text>
          <Text size="xs" c="dimmed">
            {row.original.email}
          </Text>
        </Stack>
      ),
    }),
    column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDate(getValue()) }),
    column.display({ id: 'items', header: 'Items', cell: ({ row }) => itemCount(row.original) }),
    column.display({
      id: 'total',
      header: 'Total',
      cell: ({ row }) => formatMoney(row.original.total, row.original.currency),
    }),
    column.display({
      id: 'payment',
      header: 'Payment',
      cell: ({ row }) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm">{row.original.payment.method}</Text>
          <PaymentStatusBadge status={row.original.payment.status} />
        </Stack>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <OrderStatusBadge status={getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const id = row.original._id;
        return (
          <Group gap="xs" wrap="nowrap">
            <AnchorLink to="/manage-admin/orders/details" search={{ id }} size="sm">
              View
            </AnchorLink>
            <AnchorLink to="/manage-admin/orders/details" search={{ id, mode: 'edit' }} size="sm">
              Edit
            </AnchorLink>
            <AnchorLink to="/manage-admin/orders/details" search={{ id, mode: 'print' }} size="sm">
              Print
            </AnchorLink>
            {isArchivable(row.original.status) ? (
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => onDelete(row.original)}>
                Delete
              </Button>
            ) : null}
          </Group>
        );
      },
    }),
  ]);
}
