import { Button, Group, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { countryLabel, FactoryStatusBadge } from './factory-badges';

type Factory = Schemas['Factory'];

export const factoryTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof factoryTableFeatures, Factory>();

export type FactoryRowActions = {
  onView: (factory: Factory) => void;
  onEdit: (factory: Factory) => void;
  onToggleStatus: (factory: Factory) => void;
};

const count = (n: number) => n.toLocaleString('en-US');

/** A factory's row: contact, status, figures, and View, Edit, Suspend or Activate. */
export function factoryColumns({ onView, onEdit, onToggleStatus }: FactoryRowActions) {
  return column.columns([
    column.display({
      id: 'factory',
      header: 'Factory',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.email}
          </Text>
        </Stack>
      ),
    }),
    column.accessor('phone', { header: 'Phone', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('country', { header: 'Country', cell: ({ getValue }) => countryLabel(getValue()) }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <FactoryStatusBadge status={getValue()} />,
    }),
    column.accessor('products', { header: 'Products', cell: ({ getValue }) => count(getValue()) }),
    column.accessor('d2cOrders', { header: 'D2C Orders', cell: ({ getValue }) => count(getValue()) }),
    column.accessor('revenue', { header: 'Revenue', cell: ({ getValue }) => formatMoney(getValue(), 'USD') }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const factory = row.original;
        const suspended = factory.status === 'suspended';
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`View ${factory.name}`}
              onClick={() => onView(factory)}
            >
              View
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={`Edit ${factory.name}`}
              onClick={() => onEdit(factory)}
            >
              Edit
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              color={suspended ? 'teal' : 'red'}
              aria-label={`${suspended ? 'Activate' : 'Suspend'} ${factory.name}`}
              onClick={() => onToggleStatus(factory)}
            >
              {suspended ? 'Activate' : 'Suspend'}
            </Button>
          </Group>
        );
      },
    }),
  ]);
}
