import { Alert, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { toast } from '@shop/ui/notifications';
import { IconMessagePlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useReplyConversation } from '../api/messages.mutations';
import { CONVERSATION_PAGE_SIZE, messageKeys, messageQueries } from '../api/messages.queries';
import type { MessageCenterSearch, MessageCenterTab } from '../schemas/message-center-search';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { StaffMessageModal } from './staff-message-modal';

type MessageCenterProps = {
  search: MessageCenterSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<MessageCenterSearch>) => void;
};

const EMPTY_TEXT: Record<MessageCenterTab, string> = {
  shoppers: 'No questions from shoppers yet.',
  staff: 'No conversations with staff yet.',
};

/** The vendor's Message Center: conversations with shoppers and with staff, unread counts, thread and reply. */
export function MessageCenter({ search, onSearchChange }: MessageCenterProps) {
  const queryClient = useQueryClient();
  const list = useQuery({
    ...messageQueries.list({ with: search.with, page: search.page, limit: CONVERSATION_PAGE_SIZE }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({ ...messageQueries.detail(search.id ?? ''), enabled: search.id !== undefined });
  const reply = useReplyConversation();
  const [writing, writer] = useDisclosure(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const rows = list.data?.data ?? [];
  const unread = list.data?.unread;
  const listedUnread = rows.find((row) => row._id === search.id)?.unread ?? 0;
  const openedAt = detail.dataUpdatedAt;
  // Opening a conversation marks it read on the server: the counts follow.
  useEffect(() => {
    if (listedUnread > 0 && openedAt > 0) void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
  }, [listedUnread, openedAt, queryClient]);

  const errors = [
    list.isError ? errorMessage(list.error, 'Failed to load conversations') : null,
    detail.isError ? errorMessage(detail.error, 'Failed to load the conversation') : null,
    actionError,
  ].filter((message): message is string => message !== null);

  const sendReply = async (message: string) => {
    if (!search.id) return;
    setActionError(null);
    try {
      await reply.mutateAsync({ id: search.id, message });
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to send message'));
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Tabs
          value={search.with}
          onChange={(value) => {
            if (value === 'shoppers' || value === 'staff') {
              setActionError(null);
              onSearchChange({ with: value, page: 1, id: undefined });
            }
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="shoppers" rightSection={<UnreadBadge count={unread?.shoppers ?? 0} />}>
              Shoppers
            </Tabs.Tab>
            <Tabs.Tab value="staff" rightSection={<UnreadBadge count={unread?.staff ?? 0} />}>
              Staff
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Button leftSection={<IconMessagePlus size={16} />} onClick={writer.open}>
          Message staff
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ConversationList
            conversations={rows}
            total={list.data?.meta.total ?? 0}
            loading={list.isPending}
            page={search.page}
            onPageChange={(page) => onSearchChange({ page })}
            selectedId={search.id}
            onSelect={(id) => {
              setActionError(null);
              onSearchChange({ id });
            }}
            emptyText={EMPTY_TEXT[search.with]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {search.id !== undefined && detail.data ? (
            <ConversationThread
              conversation={detail.data.data}
              sending={reply.isPending}
              onReply={sendReply}
            />
          ) : search.id !== undefined && detail.isPending ? (
            <Paper withBorder p="md" radius="md" aria-label="Loading the conversation">
              <Stack gap="sm">
                <Skeleton height={28} width="60%" />
                <Skeleton height={240} />
              </Stack>
            </Paper>
          ) : (
            <Paper withBorder p="xl" radius="md">
              <Text c="dimmed" ta="center">
                Select a conversation to read it
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
      {writing ? (
        <StaffMessageModal
          onClose={writer.close}
          onStarted={(conversation) => {
            writer.close();
            toast.success('Message sent.');
            onSearchChange({ with: 'staff', page: 1, id: conversation._id });
          }}
        />
      ) : null}
    </Stack>
  );
}

function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" aria-label={`${count} unread`}>
      {count}
    </Badge>
  );
}
