import { Button, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { formatDateTime } from '../lib/activity-format';
import { ActivityStatusBadge } from './activity-status-badge';

export const activityTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof activityTableFeatures, Schemas['ActivityLog']>();

/** The log's columns; View opens the entry's details. */
export function activityColumns(onView: (entry: Schemas['ActivityLog']) => void) {
  return column.columns([
    column.display({
      id: 'admin',
      header: 'Admin',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.admin ?? 'Unknown'}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.email ?? '—'}
          </Text>
        </Stack>
      ),
    }),
    column.accessor('action', { header: 'Action' }),
    column.accessor('details', {
      header: 'Details',
      cell: ({ getValue }) => (
        <Text size="sm" lineClamp={2} maw={360}>
          {getValue() || '—'}
        </Text>
      ),
    }),
    column.accessor('ip', { header: 'IP Address', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('timestamp', {
      header: 'Timestamp',
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <ActivityStatusBadge status={getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Button
          variant="subtle"
          size="xs"
          aria-label={`View details of ${row.original.action} at ${formatDateTime(row.original.timestamp)}`}
          onClick={() => onView(row.original)}
        >
          View
        </Button>
      ),
    }),
  ]);
}
