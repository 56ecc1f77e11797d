import { Badge, Button, Group, Stack, Tabs } from '@mantine/core';
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
import { useReplyConversation } from '../api/messages.mutations';
import { CONVERSATION_PAGE_SIZE, messageKeys, messageQueries } from '../api/messages.queries';
import type { MessageCenterSearch, MessageCenterTab } from '../schemas/message-center-search';
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

const LIST_TEXTS: Omit<ConversationListTexts, 'empty'> = {
  list: 'Conversations',
  loading: 'Loading conversations',
  unread: (count) => `${count} unread`,
  previousPage: 'previous page',
  nextPage: 'next page',
};

const REPLY_TEXTS: ReplyBoxTexts = { label: 'Reply', placeholder: 'Type your reply...', send: 'Send Reply' };

/** Who the vendor talks with in a conversation: the shopper, or the store's staff. */
function counterpartOf(conversation: Schemas['Conversation']): string {
  return conversation.customer?.name ?? 'Store staff';
}

/** A conversation in the list: with whom, about what, and the last message ('You: …' when the vendor's). */
function itemText(conversation: Schemas['Conversation']) {
  const last = conversation.lastMessage;
  return {
    title: counterpartOf(conversation),
    about: conversation.product?.title ?? conversation.subject,
    lastMessage: last ? (last.sender === 'vendor' ? `You: ${last.preview}` : last.preview) : null,
  };
}

/** A message's writer as the vendor sees it: 'You', a staff member marked as such, or the shopper. */
function senderLabel({ sender, senderName }: Schemas['ConversationMessage']): string {
  if (sender === 'vendor') return 'You';
  return sender === 'staff' ? `${senderName} (Staff)` : senderName;
}

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

  const viewed = search.id !== undefined ? detail.data?.data : undefined;
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
      <ConversationPanes
        list={
          <ConversationList
            conversations={rows}
            loading={list.isPending}
            page={search.page}
            pages={Math.ceil((list.data?.meta.total ?? 0) / CONVERSATION_PAGE_SIZE)}
            onPageChange={(page) => onSearchChange({ page })}
            selectedId={search.id}
            onSelect={(id) => {
              setActionError(null);
              onSearchChange({ id });
            }}
            itemText={itemText}
            texts={{ ...LIST_TEXTS, empty: EMPTY_TEXT[search.with] }}
          />
        }
        thread={
          viewed ? (
            <ConversationThread
              title={viewed.kind === 'staff' ? viewed.subject : counterpartOf(viewed)}
              subtitle={
                viewed.kind === 'staff'
                  ? 'With the store’s staff'
                  : `About ${viewed.product?.title ?? viewed.subject}`
              }
              messages={viewed.messages}
              listLabel="Message thread"
              me="vendor"
              senderLabel={senderLabel}
            >
              <ReplyBox key={viewed._id} busy={reply.isPending} onSend={sendReply} texts={REPLY_TEXTS} />
            </ConversationThread>
          ) : null
        }
        loading={search.id !== undefined && detail.isPending}
        texts={{ loading: 'Loading the conversation', select: 'Select a conversation to read it' }}
        errors={errors}
      />
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
