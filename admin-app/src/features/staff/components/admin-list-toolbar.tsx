import { Group, Paper } from '@mantine/core';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ButtonLink } from '../../../components/router-links';
import { SearchField } from '../../../components/search-field';
import { ADMIN_ROLES, ADMIN_STATUSES } from '../lib/staff-values';
import type { AdminListSearch } from '../schemas/admin-list-search';

const ROLE_OPTIONS = [{ value: 'all', label: 'All roles' } as const, ...ADMIN_ROLES];
const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' } as const, ...ADMIN_STATUSES];

type AdminListToolbarProps = {
  search: AdminListSearch;
  /** A filter change; the caller goes back to page 1. */
  onFilter: (change: Partial<AdminListSearch>) => void;
};

/** Spec 2 §2 Admin list: search, the role and status filters, and the way to Create Admin. */
export function AdminListToolbar({ search, onFilter }: AdminListToolbarProps) {
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
        <ButtonLink to="/manage-admin/admin/create">Create Admin</ButtonLink>
      </Group>
    </Paper>
  );
}
