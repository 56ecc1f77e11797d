import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';

type StaffAccount = Schemas['StaffAccount'];

export const adminTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof adminTableFeatures, StaffAccount>();

const STATUS_COLORS: Record<StaffAccount['status'], string> = {
  Active: 'teal',
  Suspended: 'red',
  Pending: 'yellow',
};

type AdminColumnsOptions = {
  onEdit: (admin: StaffAccount) => void;
  onToggleStatus: (admin: StaffAccount) => void;
  onDelete: (admin: StaffAccount) => void;
};

/**
 * Spec 2 §3 Admin rows (after the list kit's checkbox): name, email, role, status, last login, created; with Edit,
 * Suspend or Activate, Delete.
 */
export function adminColumns({ onEdit, onToggleStatus, onDelete }: AdminColumnsOptions) {
  return column.columns([
    column.display({
      id: 'admin',
      header: 'Admin',
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
    column.accessor('role', {
      header: 'Role',
      cell: ({ getValue }) => <Badge variant="light">{getValue()}</Badge>,
    }),
    column.accessor('department', { header: 'Department', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <Badge variant="light" color={STATUS_COLORS[getValue()]}>
          {getValue()}
        </Badge>
      ),
    }),
    column.accessor('lastLogin', {
      header: 'Last Login',
      cell: ({ getValue }) => {
        const at = getValue();
        return at ? formatDate(at) : 'Never';
      },
    }),
    column.accessor('createdAt', { header: 'Created', cell: ({ getValue }) => formatDate(getValue()) }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const admin = row.original;
        return (
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" size="compact-sm" onClick={() => onEdit(admin)}>
              Edit
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              color={admin.status === 'Active' ? 'orange' : 'teal'}
              onClick={() => onToggleStatus(admin)}
            >
              {admin.status === 'Active' ? 'Suspend' : 'Activate'}
            </Button>
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => onDelete(admin)}>
              Delete
            </Button>
          </Group>
        );
      },
    }),
  ]);
}
