import { Badge, Group, Stack, Text } from '@mantine/core';
import { ThreadList, type ThreadListTexts } from '@shop/conversations/thread-list';
import { formatDate } from '@shop/ui/format';
import { DISPUTE_PAGE_SIZE } from '../api/disputes.queries';
import { type Dispute, labelOf } from '../lib/dispute-values';
import { waitingOf } from '../lib/waiting';
import { DisputePriorityBadge, DisputeStatusBadge } from './dispute-badges';

// Spec 2 §9: the list area scrolls at a fixed height.
const LIST_HEIGHT = 480;

const LIST_TEXTS: ThreadListTexts = {
  list: 'Disputes',
  loading: 'Loading disputes',
  empty: 'No disputes found',
  previousPage: 'previous page',
  nextPage: 'next page',
};

type DisputeListProps = {
  disputes: Dispute[];
  /** Every dispute matching the filters, across pages. */
  total: number;
  loading: boolean;
  /** The list could not be fetched: Retry asks again. */
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  page: number;
  onPageChange: (page: number) => void;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
};

/** The list column: its count, then one entry per dispute, with how long each has waited for support. */
export function DisputeList({
  disputes,
  total,
  loading,
  failed,
  retrying,
  onRetry,
  page,
  onPageChange,
  selectedId,
  onSelect,
}: DisputeListProps) {
  return (
    <ThreadList
      heading={`Disputes (${total})`}
      threads={disputes}
      loading={loading}
      // The server's message is in the desk's red box below (spec 2 §8); this says why the list is empty.
      failure={
        failed ? { text: 'The disputes could not be loaded.', retry: 'Retry', retrying, onRetry } : null
      }
      page={page}
      pages={Math.ceil(total / DISPUTE_PAGE_SIZE)}
      onPageChange={onPageChange}
      selectedId={selectedId}
      onSelect={onSelect}
      renderThread={(dispute) => <DisputeListItem dispute={dispute} />}
      texts={LIST_TEXTS}
      height={LIST_HEIGHT}
    />
  );
}

function DisputeListItem({ dispute }: { dispute: Dispute }) {
  const waiting = waitingOf(dispute);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" lineClamp={1}>
          {dispute.subject}
        </Text>
        <DisputeStatusBadge status={dispute.status} />
      </Group>
      <Text size="xs" c="dimmed">
        {dispute.user.name} · {labelOf(dispute.category)} · {formatDate(dispute.createdAt)}
      </Text>
      <Group gap="xs">
        <DisputePriorityBadge priority={dispute.priority} />
        {dispute.unreadMessages > 0 ? (
          <Badge variant="filled" color="blue" size="sm">
            {dispute.unreadMessages} unread
          </Badge>
        ) : null}
        {waiting ? (
          <Text size="xs" c={waiting.overdue ? 'red' : 'orange'} fw={waiting.overdue ? 600 : undefined}>
            {waiting.text}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
