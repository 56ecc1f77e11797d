import { Button, Group, NativeSelect, Paper } from '@mantine/core';
import { DISPUTE_CATEGORIES, DISPUTE_PRIORITIES, DISPUTE_STATUSES, optionsOf } from '../lib/dispute-values';
import { clearedFilters, type DisputeDeskSearch, hasFilters } from '../schemas/dispute-desk-search';
import { SearchField } from './search-field';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...optionsOf(DISPUTE_STATUSES)];
const CATEGORY_OPTIONS = [{ value: 'all', label: 'All categories' }, ...optionsOf(DISPUTE_CATEGORIES)];
const PRIORITY_OPTIONS = [{ value: 'all', label: 'All priorities' }, ...optionsOf(DISPUTE_PRIORITIES)];
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'longest_waiting', label: 'Longest waiting for support' },
  { value: 'priority', label: 'Priority (urgent first)' },
];

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
          value={search.q}
          onSearch={(q) => {
            if (q !== search.q) onFilter({ q });
          }}
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={search.status}
          onChange={(event) => onFilter({ status: event.currentTarget.value as DisputeDeskSearch['status'] })}
        />
        <NativeSelect
          label="Category"
          data={CATEGORY_OPTIONS}
          value={search.category}
          onChange={(event) =>
            onFilter({ category: event.currentTarget.value as DisputeDeskSearch['category'] })
          }
        />
        <NativeSelect
          label="Priority"
          data={PRIORITY_OPTIONS}
          value={search.priority}
          onChange={(event) =>
            onFilter({ priority: event.currentTarget.value as DisputeDeskSearch['priority'] })
          }
        />
        <NativeSelect
          label="Sort"
          data={SORT_OPTIONS}
          value={search.sort}
          onChange={(event) => onFilter({ sort: event.currentTarget.value as DisputeDeskSearch['sort'] })}
        />
        <Button variant="default" disabled={!hasFilters(search)} onClick={() => onFilter(clearedFilters)}>
          Clear Filters
        </Button>
      </Group>
    </Paper>
  );
}
