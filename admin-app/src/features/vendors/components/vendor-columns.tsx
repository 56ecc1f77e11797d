import { Button, Group, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { VendorStatusBadge } from './vendor-status-badge';

type Vendor = Schemas['VendorProfile'];
export type VendorAction = 'approve' | 'reject' | 'suspend' | 'reactivate' | 'earnings';

export const vendorTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof vendorTableFeatures, Vendor>();

/** What staff may do with a store in each status; the server allows the same transitions. */
const ACTIONS: Record<Vendor['status'], VendorAction[]> = {
  pending: ['approve', 'reject'],
  rejected: ['approve'],
  active: ['earnings', 'suspend'],
  suspended: ['earnings', 'reactivate'],
};

const ACTION_LABELS: Record<VendorAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
  earnings: 'Earnings',
};

const ACTION_COLORS: Record<VendorAction, string | undefined> = {
  approve: 'teal',
  reject: 'red',
  suspend: 'red',
  reactivate: 'teal',
  earnings: undefined,
};

/** A store's row: name (and the rejection reason), contact, when it applied, status, and its actions. */
export function vendorColumns(onAction: (vendor: Vendor, action: VendorAction) => void) {
  return column.columns([
    column.display({
      id: 'store',
      header: 'Store',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.name}
          </Text>
          {row.original.status === 'rejected' && row.original.reviewNote ? (
            <Text size="xs" c="dimmed">
              Reason: {row.original.reviewNote}
            </Text>
          ) : null}
        </Stack>
      ),
    }),
    column.accessor('email', { header: 'Email' }),
    column.accessor('phone', { header: 'Phone', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('createdAt', { header: 'Applied', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <VendorStatusBadge status={getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          {ACTIONS[row.original.status].map((action) => (
            <Button
              key={action}
              variant="subtle"
              size="compact-sm"
              color={ACTION_COLORS[action]}
              aria-label={`${ACTION_LABELS[action]} ${row.original.name}`}
              onClick={() => onAction(row.original, action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
      ),
    }),
  ]);
}
