import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { ThreadList, type ThreadListProps, type ThreadListTexts } from './thread-list';

type Conversation = Schemas['Conversation'];

/** What one conversation's button says, besides its unread count and its last message's date. */
type ConversationItemText = {
  /** Whom or what the conversation is with. */
  title: string;
  /** The line under it: what it is about, or with whom. */
  about: string;
  /** The last message's preview, as the reader sees it ('You: …'); null when there is none. */
  lastMessage: string | null;
};

export type ConversationListTexts = ThreadListTexts & {
  /** The badge of a conversation with unread messages: '2 unread'. */
  unread: (count: number) => string;
};

type ConversationListProps = Omit<
  ThreadListProps<Conversation>,
  'threads' | 'renderThread' | 'texts' | 'failure'
> & {
  conversations: Conversation[];
  itemText: (conversation: Conversation) => ConversationItemText;
  texts: ConversationListTexts;
  /** The reader's language, for the dates. */
  locale?: string;
};

/** Conversations, the latest message first, each a button with its unread count and last message; paged. */
export function ConversationList({ conversations, itemText, texts, locale, ...list }: ConversationListProps) {
  return (
    <ThreadList
      {...list}
      threads={conversations}
      texts={texts}
      renderThread={(conversation) => (
        <ConversationItem
          conversation={conversation}
          text={itemText(conversation)}
          unreadLabel={texts.unread}
          date={formatDate(conversation.lastMessageAt, locale)}
        />
      )}
    />
  );
}

type ConversationItemProps = {
  conversation: Conversation;
  text: ConversationItemText;
  unreadLabel: (count: number) => string;
  date: string;
};

function ConversationItem({ conversation, text, unreadLabel, date }: ConversationItemProps) {
  const unread = conversation.unread;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={unread > 0 ? 700 : 600} size="sm" lineClamp={1}>
          {text.title}
        </Text>
        {unread > 0 ? (
          <Badge variant="filled" color="red" size="sm">
            {unreadLabel(unread)}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" fw={500} lineClamp={1}>
        {text.about}
      </Text>
      {text.lastMessage !== null ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {text.lastMessage}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {date}
      </Text>
    </Stack>
  );
}
