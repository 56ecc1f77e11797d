import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { IconDownload } from '@tabler/icons-react';
import { SearchField } from '../../../components/search-field';
import { ACTIVITY_STATUSES, type ActivitySearch, isReversedRange } from '../schemas/activity-search';

const DATE_RANGE_REVERSED = 'The start date must not be after the end date.';

type ActivityFiltersProps = {
  search: ActivitySearch;
  facets: Schemas['ActivityFacets'] | undefined;
  onFilter: (change: Partial<ActivitySearch>) => void;
  exporting: boolean;
  onExport: () => void;
};

/** Spec 2 §2 Activity Logs: text search, admin, action, status, start and end date, and the CSV export. */
export function ActivityFilters({ search, facets, onFilter, exporting, onExport }: ActivityFiltersProps) {
  const oneDateOnly = Boolean(search.start) !== Boolean(search.end);
  // The URL may name an admin or action the facets do not (yet) list; keep it selectable.
  const admins = facets?.admins ?? [];
  const actions = facets?.actions ?? [];
  const adminOptions = [
    { value: '', label: 'All admins' },
    ...admins.map((admin) => ({ value: admin._id, label: `${admin.name} (${admin.email})` })),
    ...(search.admin && !admins.some((admin) => admin._id === search.admin)
      ? [{ value: search.admin, label: search.admin }]
      : []),
  ];
  const actionOptions = [
    { value: '', label: 'All actions' },
    ...[...actions, ...(search.action && !actions.includes(search.action) ? [search.action] : [])].map(
      (action) => ({ value: action, label: action }),
    ),
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-start" gap="md" wrap="wrap">
        <SearchField
          label="Search"
          placeholder="Admin, email or details"
          value={search.q}
          onSearch={(q) => onFilter({ q })}
        />
        <FilterSelect
          label="Admin"
          options={adminOptions}
          value={search.admin ?? ''}
          onChange={(admin) => onFilter({ admin: admin || undefined })}
        />
        <FilterSelect
          label="Action"
          options={actionOptions}
          value={search.action ?? ''}
          onChange={(action) => onFilter({ action: action || undefined })}
        />
        <FilterSelect
          label="Status"
          options={[{ value: 'all', label: 'All statuses' } as const, ...ACTIVITY_STATUSES]}
          value={search.status}
          onChange={(status) => onFilter({ status })}
        />
        <TextInput
          type="date"
          label="Start date"
          value={search.start ?? ''}
          max={search.end}
          onChange={(event) => onFilter({ start: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label="End date"
          value={search.end ?? ''}
          min={search.start}
          error={isReversedRange(search) ? DATE_RANGE_REVERSED : undefined}
          onChange={(event) => onFilter({ end: event.currentTarget.value || undefined })}
        />
        <Button
          mt={25}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          disabled={isReversedRange(search)}
          onClick={onExport}
        >
          Export CSV
        </Button>
      </Group>
      {oneDateOnly && (
        <Text size="sm" c="dimmed" mt="xs">
          The date range applies when both a start and an end date are set.
        </Text>
      )}
    </Paper>
  );
}
