import { Button, Group, Paper } from '@mantine/core';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { IconMailPlus } from '@tabler/icons-react';
import { SearchField } from '../../../components/search-field';
import { USER_ROLES, USER_STATUSES, type UserListSearch } from '../schemas/user-list-search';

const ROLE_OPTIONS = [{ value: 'all', label: 'All roles' } as const, ...USER_ROLES];
const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' } as const, ...USER_STATUSES];

type UserListToolbarProps = {
  search: UserListSearch;
  /** A filter change; the caller goes back to page 1. */
  onFilter: (change: Partial<UserListSearch>) => void;
  onInvite: () => void;
};

/** Spec 2 §2 Users: search by name or email, the role and status filters, and Invite User. */
export function UserListToolbar({ search, onFilter, onInvite }: UserListToolbarProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-end" gap="md" wrap="wrap" justify="space-between">
        <Group align="flex-end" gap="md" wrap="wrap">
          <SearchField
            label="Search"
            placeholder="Name or email"
            value={search.q}
            onSearch={(q) => onFilter({ q })}
          />
          <FilterSelect
            label="Role"
            options={ROLE_OPTIONS}
            value={search.role}
            onChange={(role) => onFilter({ role })}
          />
          <FilterSelect
            label="Status"
            options={STATUS_OPTIONS}
            value={search.status}
            onChange={(status) => onFilter({ status })}
          />
        </Group>
        <Button leftSection={<IconMailPlus size={16} aria-hidden />} onClick={onInvite}>
          Invite User
        </Button>
      </Group>
    </Paper>
  );
}
