import { Button, Group, Paper, Popover, Stack, TextInput } from '@mantine/core';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { SearchField } from '../../../components/search-field';
import { ORDER_STATUSES } from '../lib/order-status';
import { ORDER_CHANNELS, type OrderListSearch } from '../schemas/order-list-search';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' } as const, ...ORDER_STATUSES];
const CHANNEL_OPTIONS = [
  { value: '', label: 'All channels' } as const,
  ...ORDER_CHANNELS.map((channel) => ({ value: channel, label: channel.toUpperCase() })),
];
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total_desc', label: 'Total: high to low' },
  { value: 'total_asc', label: 'Total: low to high' },
] as const satisfies readonly { value: OrderListSearch['sort']; label: string }[];

type OrderListToolbarProps = {
  search: OrderListSearch;
  /** A filter change; the caller goes back to page 1. */
  onFilter: (change: Partial<OrderListSearch>) => void;
  exporting: boolean;
  onExport: () => void;
};

/** Spec 2 §2: search by order id or customer, the status filter, Filters and Export. */
export function OrderListToolbar({ search, onFilter, exporting, onExport }: OrderListToolbarProps) {
  const filtered = Boolean(search.from || search.to || search.channel || search.sort !== 'newest');
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchField
          label="Search"
          placeholder="Order ID or customer"
          value={search.q}
          onSearch={(q) => onFilter({ q })}
        />
        <FilterSelect
          label="Status"
          options={STATUS_OPTIONS}
          value={search.status}
          onChange={(status) => onFilter({ status })}
        />
        <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
          <Popover.Target>
            <Button
              variant={filtered ? 'light' : 'default'}
              leftSection={<IconFilter size={14} aria-hidden />}
            >
              Filters
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="sm" w={240}>
              <TextInput
                type="date"
                label="From"
                value={search.from ?? ''}
                max={search.to}
                onChange={(event) => onFilter({ from: event.currentTarget.value || undefined })}
              />
              <TextInput
                type="date"
                label="To"
                value={search.to ?? ''}
                min={search.from}
                onChange={(event) => onFilter({ to: event.currentTarget.value || undefined })}
              />
              <FilterSelect
                label="Channel"
                options={CHANNEL_OPTIONS}
                value={search.channel ?? ''}
                onChange={(channel) => onFilter({ channel: channel || undefined })}
              />
              <FilterSelect
                label="Sort"
                options={SORT_OPTIONS}
                value={search.sort}
                onChange={(sort) => onFilter({ sort })}
              />
              <Button
                variant="subtle"
                size="xs"
                disabled={!filtered}
                onClick={() =>
                  onFilter({ from: undefined, to: undefined, channel: undefined, sort: 'newest' })
                }
              >
                Clear filters
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Button
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={exporting}
          onClick={onExport}
        >
          Export
        </Button>
      </Group>
    </Paper>
  );
}
