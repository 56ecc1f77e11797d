import { Alert, Grid, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DISPUTE_PAGE_SIZE, disputeKeys, disputeQueries } from '../api/disputes.queries';
import { disputeError } from '../lib/dispute-errors';
import { type DisputeDeskSearch, disputeListQuery } from '../schemas/dispute-desk-search';
import { DisputeDetail } from './dispute-detail';
import { DisputeFilters } from './dispute-filters';
import { DisputeList } from './dispute-list';
import { DisputeStatCards } from './dispute-stat-cards';

type DisputeDeskProps = {
  search: DisputeDeskSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<DisputeDeskSearch>) => void;
};

/** Spec 2 §2 Disputes (admin): counts, filters, the list beside the dispute on view, and errors in a red box below. */
export function DisputeDesk({ search, onSearchChange }: DisputeDeskProps) {
  const queryClient = useQueryClient();
  const list = useQuery({
    ...disputeQueries.list({ ...disputeListQuery(search), page: search.page, limit: DISPUTE_PAGE_SIZE }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const stats = useQuery(disputeQueries.stats());
  const detail = useQuery({ ...disputeQueries.detail(search.id ?? ''), enabled: search.id !== undefined });
  const [actionError, setActionError] = useState<string | null>(null);

  const rows = list.data?.data ?? [];
  const listedUnread = rows.find((row) => row._id === search.id)?.unreadMessages ?? 0;
  const openedUnread = detail.data?.data.unreadMessages;
  // Staff opening a dispute marks its messages read on the server: the list's unread count follows.
  useEffect(() => {
    if (listedUnread > 0 && openedUnread === 0)
      void queryClient.invalidateQueries({ queryKey: disputeKeys.lists });
  }, [listedUnread, openedUnread, queryClient]);

  const errors = [
    list.isError ? disputeError(list.error, 'list') : null,
    stats.isError ? disputeError(stats.error, 'stats') : null,
    detail.isError ? disputeError(detail.error, 'detail') : null,
    actionError,
  ].filter((message): message is string => message !== null);

  return (
    <Stack gap="md">
      <DisputeStatCards stats={stats.data?.data} failed={stats.isError} />
      <DisputeFilters search={search} onFilter={(change) => onSearchChange({ ...change, page: 1 })} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DisputeList
            disputes={rows}
            total={list.data?.meta.total ?? 0}
            loading={list.isPending}
            failed={list.isError}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
            page={search.page}
            onPageChange={(page) => onSearchChange({ page })}
            selectedId={search.id}
            onSelect={(id) => {
              setActionError(null);
              onSearchChange({ id });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {search.id !== undefined && detail.data ? (
            <DisputeDetail dispute={detail.data.data} onError={setActionError} />
          ) : search.id !== undefined && detail.isPending ? (
            <Paper withBorder p="md" radius="md" aria-label="Loading dispute">
              <Stack gap="sm">
                <Skeleton height={28} width="60%" />
                <Skeleton height={60} />
                <Skeleton height={200} />
              </Stack>
            </Paper>
          ) : (
            <Paper withBorder p="xl" radius="md">
              <Text c="dimmed" ta="center">
                Select a dispute to view details
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      {errors.length > 0 ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap={4}>
            {errors.map((message) => (
              <Text key={message} size="sm" c="red.8">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
