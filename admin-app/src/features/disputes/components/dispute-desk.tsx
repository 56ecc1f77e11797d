import { Stack } from '@mantine/core';
import { ConversationPanes } from '@shop/conversations/conversation-panes';
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
      <ConversationPanes
        list={
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
        }
        thread={
          search.id !== undefined && detail.data ? (
            <DisputeDetail dispute={detail.data.data} onError={setActionError} />
          ) : null
        }
        loading={search.id !== undefined && detail.isPending}
        texts={{ loading: 'Loading dispute', select: 'Select a dispute to view details' }}
        errors={errors}
      />
    </Stack>
  );
}
