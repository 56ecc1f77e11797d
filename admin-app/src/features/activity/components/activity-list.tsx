import { Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { ACTIVITY_PAGE_SIZE, activityQueries } from '../api/activity.queries';
import { fetchActivityExport } from '../api/export-activity';
import { type ActivitySearch, activityFilters, isReversedRange } from '../schemas/activity-search';
import { activityColumns, activityTableFeatures } from './activity-columns';
import { ActivityDetailsModal } from './activity-details-modal';
import { ActivityFilters } from './activity-filters';

type ActivityListProps = {
  search: ActivitySearch;
  onSearchChange: (change: Partial<ActivitySearch>) => void;
};

/** Spec 2 §2 Activity Logs: the staff activity log, filtered, ten a page, newest first. */
export function ActivityList({ search, onSearchChange }: ActivityListProps) {
  const reversed = isReversedRange(search);
  const list = useQuery({
    ...activityQueries.list({ page: search.page, limit: ACTIVITY_PAGE_SIZE, ...activityFilters(search) }),
    placeholderData: keepPreviousData,
    // A backwards range is refused on the screen; the server would answer 400.
    enabled: !reversed,
  });
  const exportCsv = useMutation({
    mutationFn: () => fetchActivityExport(activityFilters(search)),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => toast.error(errorMessage(error, 'Failed to export activity logs.')),
  });
  const [viewing, setViewing] = useState<Schemas['ActivityLog'] | null>(null);
  const columns = useMemo(() => activityColumns(setViewing), []);
  const { filter, setPage } = useListState(search, onSearchChange);
  const rows = reversed ? [] : (list.data?.data ?? []);

  return (
    <Stack gap="md">
      <ActivityFilters
        search={search}
        facets={list.data?.facets}
        onFilter={filter}
        exporting={exportCsv.isPending}
        onExport={() => exportCsv.mutate()}
      />
      <ListTable
        label="Activity logs"
        // A disabled query stays pending: with a backwards range nothing is loading.
        query={{ ...list, isPending: !reversed && list.isPending }}
        features={activityTableFeatures}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        total={reversed ? 0 : (list.data?.meta.total ?? 0)}
        totalCapped={!reversed && list.data?.meta.capped}
        page={search.page}
        pageSize={ACTIVITY_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading activity logs..."
        emptyState={<Text c="dimmed">No activity logs found.</Text>}
        errorFallback="Failed to load activity logs."
      />
      <ActivityDetailsModal entry={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
