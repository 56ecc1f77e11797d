import { Button, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Schemas } from '@shop/sdk/types';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ACTIVITY_STATUSES, type ActivitySearch, isReversedRange } from '../schemas/activity-search';

// Typing settles for this long before the list asks the server again.
const SEARCH_DEBOUNCE_MS = 300;
const DATE_RANGE_REVERSED = 'The start date must not be after the end date.';

type ActivityFiltersProps = {
  search: ActivitySearch;
  facets: Schemas['ActivityFacets'] | undefined;
  onFilter: (change: Partial<ActivitySearch>) => void;
  exporting: boolean;
  onExport: () => void;
};

/** A search box whose text reaches the URL (and the server) once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  const router = useRouter();

  // Leaving the screen while a search waits must not pull the browser back to it.
  useEffect(() => router.subscribe('onBeforeNavigate', () => search.cancel()), [router, search]);
  // The URL can change under the box (back button, a link): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      type="search"
      label="Search"
      placeholder="Admin, email or details"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel();
          onSearch(text.trim());
        }
      }}
    />
  );
}

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
        <SearchBox value={search.q} onSearch={(q) => q !== search.q && onFilter({ q })} />
        <NativeSelect
          label="Admin"
          data={adminOptions}
          value={search.admin ?? ''}
          onChange={(event) => onFilter({ admin: event.currentTarget.value || undefined })}
        />
        <NativeSelect
          label="Action"
          data={actionOptions}
          value={search.action ?? ''}
          onChange={(event) => onFilter({ action: event.currentTarget.value || undefined })}
        />
        <NativeSelect
          label="Status"
          data={[{ value: 'all', label: 'All statuses' }, ...ACTIVITY_STATUSES]}
          value={search.status}
          onChange={(event) => onFilter({ status: event.currentTarget.value as ActivitySearch['status'] })}
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
