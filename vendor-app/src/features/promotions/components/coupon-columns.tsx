import { Badge, Button, Group, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';

type VendorCoupon = Schemas['VendorCoupon'];

export const couponTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof couponTableFeatures, VendorCoupon>();

const STATUS_COLORS: Record<VendorCoupon['status'], string> = {
  Active: 'green',
  Scheduled: 'blue',
  Ended: 'gray',
};

const TYPE_LABELS: Record<VendorCoupon['type'], string> = {
  percentage: 'Percentage',
  fixed: 'Fixed Amount',
  free_shipping: 'Free Shipping',
};

/** '25%', '$5.00', or nothing off the items for free shipping. */
export function couponValue(coupon: Pick<VendorCoupon, 'type' | 'value' | 'currency'>): string {
  if (coupon.type === 'percentage') return `${coupon.value}%`;
  if (coupon.type === 'fixed') return formatMoney(coupon.value, coupon.currency);
  return 'Shipping';
}

export type CouponRowActions = {
  onEdit: (coupon: VendorCoupon) => void;
  onDelete: (coupon: VendorCoupon) => void;
};

/** A coupon's row: code, type, value, dates, status, uses against its limit, and its actions. */
export function couponColumns({ onEdit, onDelete }: CouponRowActions) {
  return column.columns([
    column.accessor('code', {
      header: 'Code',
      cell: ({ getValue }) => (
        <Text ff="monospace" fw={600} size="sm">
          {getValue()}
        </Text>
      ),
    }),
    column.accessor('type', { header: 'Type', cell: ({ getValue }) => TYPE_LABELS[getValue()] }),
    column.display({ id: 'value', header: 'Value', cell: ({ row }) => couponValue(row.original) }),
    column.display({
      id: 'minOrder',
      header: 'Minimum Order',
      cell: ({ row }) =>
        row.original.minOrder > 0 ? formatMoney(row.original.minOrder, row.original.currency) : 'None',
    }),
    column.accessor('startsAt', { header: 'Starts', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('endsAt', { header: 'Ends', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <Badge color={STATUS_COLORS[getValue()]} variant="light">
          {getValue()}
        </Badge>
      ),
    }),
    column.display({
      id: 'uses',
      header: 'Uses',
      cell: ({ row }) =>
        row.original.usageLimit === null
          ? `${row.original.uses} (no limit)`
          : `${row.original.uses} / ${row.original.usageLimit}`,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={`Edit ${row.original.code}`}
            onClick={() => onEdit(row.original)}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`Delete ${row.original.code}`}
            onClick={() => onDelete(row.original)}
          >
            Delete
          </Button>
        </Group>
      ),
    }),
  ]);
}
