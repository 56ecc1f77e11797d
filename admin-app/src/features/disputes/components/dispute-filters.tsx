import { Button, Group, Paper } from '@mantine/core';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { SearchField } from '../../../components/search-field';
import { DISPUTE_CATEGORIES, DISPUTE_PRIORITIES, DISPUTE_STATUSES, optionsOf } from '../lib/dispute-values';
import { clearedFilters, type DisputeDeskSearch, hasFilters } from '../schemas/dispute-desk-search';

const ALL = 'all' as const;
const STATUS_OPTIONS = [{ value: ALL, label: 'All statuses' }, ...optionsOf(DISPUTE_STATUSES)];
const CATEGORY_OPTIONS = [{ value: ALL, label: 'All categories' }, ...optionsOf(DISPUTE_CATEGORIES)];
const PRIORITY_OPTIONS = [{ value: ALL, label: 'All priorities' }, ...optionsOf(DISPUTE_PRIORITIES)];
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'longest_waiting', label: 'Longest waiting for support' },
  { value: 'priority', label: 'Priority (urgent first)' },
] as const satisfies readonly { value: DisputeDeskSearch['sort']; label: string }[];

type DisputeFiltersProps = {
  search: DisputeDeskSearch;
  /** A filter change; the caller goes back to page 1. */
  onFilter: (change: Partial<DisputeDeskSearch>) => void;
};

/** Spec 2 §2: Search, Status, Category, Priority and Clear Filters, plus the order of the list. */
export function DisputeFilters({ search, onFilter }: DisputeFiltersProps) {
  return (
    <Paper component="section" aria-label="Filters" withBorder p="md" radius="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchField
          label="Search"
          placeholder="Subject, description, customer or order"
          value={search.q}
          onSearch={(q) => onFilter({ q })}
        />
        <FilterSelect
          label="Status"
          options={STATUS_OPTIONS}
          value={search.status}
          onChange={(status) => onFilter({ status })}
        />
        <FilterSelect
          label="Category"
          options={CATEGORY_OPTIONS}
          value={search.category}
          onChange={(category) => onFilter({ category })}
        />
        <FilterSelect
          label="Priority"
          options={PRIORITY_OPTIONS}
          value={search.priority}
          onChange={(priority) => onFilter({ priority })}
        />
        <FilterSelect
          label="Sort"
          options={SORT_OPTIONS}
          value={search.sort}
          onChange={(sort) => onFilter({ sort })}
        />
        <Button variant="default" disabled={!hasFilters(search)} onClick={() => onFilter(clearedFilters)}>
          Clear Filters
        </Button>
      </Group>
    </Paper>
  );
}
