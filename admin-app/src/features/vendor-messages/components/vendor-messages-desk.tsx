import { Alert, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { errorMessage } from '@shop/sdk/client';
import { toast } from '@shop/ui/notifications';
import { IconMessagePlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useReplyToVendor } from '../api/vendor-messages.mutations';
import {
  CONVERSATION_PAGE_SIZE,
  vendorMessageKeys,
  vendorMessageQueries,
} from '../api/vendor-messages.queries';
import type { VendorMessagesSearch } from '../schemas/vendor-messages-search';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { NewConversationModal } from './new-conversation-modal';
import { type StoreOption, StorePicker } from './store-picker';

type VendorMessagesDeskProps = {
  search: VendorMessagesSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<VendorMessagesSearch>) => void;
};

/** Vendor Messages: the conversations between vendor stores and staff, unread counts, thread, reply, new ones. */
export function VendorMessagesDesk({ search, onSearchChange }: VendorMessagesDeskProps) {
  const queryClient = useQueryClient();
  const list = useQuery({
    ...vendorMessageQueries.list({ page: search.page, limit: CONVERSATION_PAGE_SIZE, store: search.store }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({
    ...vendorMessageQueries.detail(search.id ?? ''),
    enabled: search.id !== undefined,
  });
  const reply = useReplyToVendor();
  const [writing, writer] = useDisclosure(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const rows = list.data?.data ?? [];
  const listedUnread = rows.find((row) => row._id === search.id)?.unread ?? 0;
  const openedAt = detail.dataUpdatedAt;
  // Staff opening a conversation marks the vendor's messages read on the server: the counts follow.
  useEffect(() => {
    if (listedUnread > 0 && openedAt > 0)
      void queryClient.invalidateQueries({ queryKey: vendorMessageKeys.lists });
  }, [listedUnread, openedAt, queryClient]);

  // The filtered store's name, as the list knows it, until the picker has searched.
  const filteredName = rows.find((row) => row.store._id === search.store)?.store.name;
  const [filteredStore, setFilteredStore] = useState<StoreOption | null>(null);
  const knownStore =
    search.store === undefined
      ? null
      : filteredStore?.value === search.store
        ? filteredStore
        : filteredName
          ? { value: search.store, label: filteredName }
          : null;

  const errors = [
    list.isError ? errorMessage(list.error, 'Failed to load conversations.') : null,
    detail.isError ? errorMessage(detail.error, 'Failed to load the conversation.') : null,
    actionError,
  ].filter((message): message is string => message !== null);

  const sendReply = async (message: string) => {
    if (!search.id) return;
    setActionError(null);
    try {
      await reply.mutateAsync({ params: { path: { id: search.id } }, body: { message } });
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to send the reply.'));
      throw error;
    }
  };

  const unread = list.data?.unread ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <StorePicker
            label="Store"
            placeholder="All vendor stores"
            clearable
            value={search.store ?? null}
            known={knownStore}
            onChange={(option) => {
              setFilteredStore(option);
              onSearchChange({ store: option?.value, page: 1, id: undefined });
            }}
          />
          {unread > 0 ? (
            <Badge color="blue" variant="light" size="lg">
              {unread} unread {unread === 1 ? 'message' : 'messages'}
            </Badge>
          ) : null}
        </Group>
        <Button leftSection={<IconMessagePlus size={16} />} onClick={writer.open}>
          New Conversation
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
                Select a conversation to view it
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
        <NewConversationModal
          store={knownStore}
          onClose={writer.close}
          onStarted={(conversation) => {
            writer.close();
            toast.success('Message sent.');
            onSearchChange({ id: conversation._id, page: 1 });
          }}
        />
      ) : null}
    </Stack>
  );
}
