import { Badge, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConversationList, type ConversationListTexts } from '@shop/conversations/conversation-list';
import { ConversationPanes } from '@shop/conversations/conversation-panes';
import { ConversationThread } from '@shop/conversations/conversation-thread';
import { ReplyBox, type ReplyBoxTexts } from '@shop/conversations/reply-box';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
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
import { NewConversationModal } from './new-conversation-modal';
import { type StoreOption, StorePicker } from './store-picker';

type VendorMessagesDeskProps = {
  search: VendorMessagesSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<VendorMessagesSearch>) => void;
};

const LIST_TEXTS: ConversationListTexts = {
  list: 'Conversations',
  loading: 'Loading conversations',
  empty: 'No conversations found',
  unread: (count) => `${count} unread`,
  previousPage: 'previous page',
  nextPage: 'next page',
};

const REPLY_TEXTS: ReplyBoxTexts = {
  label: 'Reply',
  placeholder: 'Type your reply to the vendor...',
  send: 'Send Reply',
};

/** A conversation in the list: its subject, the vendor store, and the last message with its writer if staff. */
function itemText({ subject, store, lastMessage: last }: Schemas['Conversation']) {
  return {
    title: subject,
    about: store.name,
    lastMessage: last
      ? last.sender === 'staff'
        ? `${last.senderName}: ${last.preview}`
        : last.preview
      : null,
  };
}

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
  const total = list.data?.meta.total ?? 0;
  const viewed = search.id !== undefined ? detail.data?.data : undefined;

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
      <ConversationPanes
        list={
          <ConversationList
            heading={`Conversations (${total})`}
            conversations={rows}
            loading={list.isPending}
            page={search.page}
            pages={Math.ceil(total / CONVERSATION_PAGE_SIZE)}
            onPageChange={(page) => onSearchChange({ page })}
            selectedId={search.id}
            onSelect={(id) => {
              setActionError(null);
              onSearchChange({ id });
            }}
            itemText={itemText}
            texts={LIST_TEXTS}
          />
        }
        thread={
          viewed ? (
            <ConversationThread
              title={viewed.subject}
              subtitle={`With ${viewed.store.name}`}
              headingOrder={3}
              messages={viewed.messages}
              listLabel="Message thread"
              me="staff"
            >
              <ReplyBox key={viewed._id} busy={reply.isPending} onSend={sendReply} texts={REPLY_TEXTS} />
            </ConversationThread>
          ) : null
        }
        loading={search.id !== undefined && detail.isPending}
        texts={{ loading: 'Loading the conversation', select: 'Select a conversation to view it' }}
        errors={errors}
      />
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
