import { Button, Group, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { UserRoleBadge, UserStatusBadge } from './user-badges';

type UserAccount = Schemas['UserAccount'];

export const userTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof userTableFeatures, UserAccount>();

export type UserRowActions = {
  onEdit: (user: UserAccount) => void;
  onToggleStatus: (user: UserAccount) => void;
  onDelete: (user: UserAccount) => void;
};

/** Staff accounts are read-only here: they cannot be ticked and their action leads to the Admin list. */
export const canTickUser = (user: UserAccount) => user.kind === 'shopper';

/**
 * Spec 2 §3 User rows (after the list kit's checkbox): name, email, role, status, joined, last login, and View,
 * Edit, Deactivate, Delete.
 */
export function userColumns({ onEdit, onToggleStatus, onDelete }: UserRowActions) {
  return column.columns([
    column.display({
      id: 'user',
      header: 'User',
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
    column.display({ id: 'role', header: 'Role', cell: ({ row }) => <UserRoleBadge user={row.original} /> }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <UserStatusBadge user={row.original} />,
    }),
    column.accessor('joined', { header: 'Joined', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('lastLogin', {
      header: 'Last Login',
      cell: ({ getValue }) => {
        const at = getValue();
        return at ? formatDate(at) : 'Never';
      },
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const user = row.original;
        if (user.kind === 'staff') {
          return (
            <AnchorLink to="/manage-admin/admin/users" search={{ q: user.email }} size="sm">
              Manage in Admin List
            </AnchorLink>
          );
        }
        return (
          <Group gap="xs" wrap="nowrap">
            <AnchorLink to="/manage-admin/users/details" search={{ id: user._id }} size="sm">
              View
            </AnchorLink>
            <Button variant="subtle" size="compact-sm" onClick={() => onEdit(user)}>
              Edit
            </Button>
            <Button
              variant="subtle"
              color={user.status === 'Active' ? 'orange' : 'teal'}
              size="compact-sm"
              onClick={() => onToggleStatus(user)}
            >
              {user.status === 'Active' ? 'Deactivate' : 'Activate'}
            </Button>
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => onDelete(user)}>
              Delete
            </Button>
          </Group>
        );
      },
    }),
  ]);
}
