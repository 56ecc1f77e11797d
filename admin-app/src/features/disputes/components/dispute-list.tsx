import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { formatDate } from '@shop/ui/format';
import { DISPUTE_PAGE_SIZE } from '../api/disputes.queries';
import { type Dispute, labelOf } from '../lib/dispute-values';
import { waitingOf } from '../lib/waiting';
import { DisputePriorityBadge, DisputeStatusBadge } from './dispute-badges';

// Spec 2 §9: the list area scrolls at a fixed height.
const LIST_HEIGHT = 480;

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
  const pages = Math.ceil(total / DISPUTE_PAGE_SIZE);
  return (
    <Paper component="section" aria-labelledby="dispute-list-title" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5" id="dispute-list-title">
          Disputes ({total})
        </Title>
        <ScrollArea h={LIST_HEIGHT} type="auto" offsetScrollbars>
          {loading ? (
            <Stack gap="sm" aria-label="Loading disputes">
              {[0, 1, 2, 3, 4].map((line) => (
                <Skeleton key={line} height={72} radius="sm" />
              ))}
            </Stack>
          ) : failed && disputes.length === 0 ? (
            // The server's message is in the desk's red box below (spec 2 §8); this says why the list is empty.
            <Stack align="center" gap="xs" py="xl">
              <Text c="dimmed" ta="center">
                The disputes could not be loaded.
              </Text>
              <Button size="xs" variant="light" loading={retrying} onClick={onRetry}>
                Retry
              </Button>
            </Stack>
          ) : disputes.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No disputes found
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label="Disputes"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {disputes.map((dispute) => (
                <li key={dispute._id}>
                  <DisputeListItem
                    dispute={dispute}
                    selected={dispute._id === selectedId}
                    onSelect={() => onSelect(dispute._id)}
                  />
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={page}
            onChange={onPageChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

type DisputeListItemProps = { dispute: Dispute; selected: boolean; onSelect: () => void };

function DisputeListItem({ dispute, selected, onSelect }: DisputeListItemProps) {
  const waiting = waitingOf(dispute);
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      w="100%"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        border: `1px solid ${selected ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
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
    </UnstyledButton>
  );
}
