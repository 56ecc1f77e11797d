import { Group, Paper } from '@mantine/core';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { SearchField } from '../../../components/search-field';
import { SHOPPER_STATUSES, type ShopperListSearch } from '../schemas/shopper-list-search';

const STATUS_OPTIONS = [{ value: 'all', label: 'All' } as const, ...SHOPPER_STATUSES];

type ShopperToolbarProps = {
  search: ShopperListSearch;
  /** A filter change; the caller goes back to page 1. */
  onFilter: (change: Partial<ShopperListSearch>) => void;
};

/** Search by name or email, and the status filter (All, active, suspended, guest). */
export function ShopperToolbar({ search, onFilter }: ShopperToolbarProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchField
          label="Search"
          placeholder="Name or email"
          value={search.q}
          onSearch={(q) => onFilter({ q })}
        />
        <FilterSelect
          label="Status"
          options={STATUS_OPTIONS}
          value={search.status}
          onChange={(status) => onFilter({ status })}
        />
      </Group>
    </Paper>
  );
}
