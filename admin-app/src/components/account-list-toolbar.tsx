import { Group, Paper } from '@mantine/core';
import { type FilterOption, FilterSelect } from '@shop/ui/list-kit/filter-select';
import type { ReactNode } from 'react';
import { SearchField } from './search-field';

type AccountSearch<TRole extends string, TStatus extends string> = {
  q: string;
  role: TRole | 'all';
  status: TStatus | 'all';
};

type AccountListToolbarProps<TRole extends string, TStatus extends string> = {
  search: AccountSearch<TRole, TStatus>;
  /** A filter change; the caller goes back to page 1. */
  onFilter: (change: Partial<AccountSearch<TRole, TStatus>>) => void;
  roles: readonly FilterOption<TRole>[];
  statuses: readonly FilterOption<TStatus>[];
  /** The list's own way to add someone (Create Admin, Invite User). */
  action: ReactNode;
};

/** The Admins and Users lists' toolbar: search by name or email, the role and status filters, and the way to add. */
export function AccountListToolbar<TRole extends string, TStatus extends string>({
  search,
  onFilter,
  roles,
  statuses,
  action,
}: AccountListToolbarProps<TRole, TStatus>) {
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
          <FilterSelect<TRole | 'all'>
            label="Role"
            options={[{ value: 'all', label: 'All roles' }, ...roles]}
            value={search.role}
            onChange={(role) => onFilter({ role })}
          />
          <FilterSelect<TStatus | 'all'>
            label="Status"
            options={[{ value: 'all', label: 'All statuses' }, ...statuses]}
            value={search.status}
            onChange={(status) => onFilter({ status })}
          />
        </Group>
        {action}
      </Group>
    </Paper>
  );
}
