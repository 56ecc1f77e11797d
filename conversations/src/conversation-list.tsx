import {
  Badge,
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
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { useId } from 'react';

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

export type ConversationListTexts = {
  /** The list's accessible name. */
  list: string;
  /** The accessible name of the placeholder shown while the list loads. */
  loading: string;
  /** Said in place of the list when it is empty; without it the list is just empty. */
  empty?: string;
  /** The badge of a conversation with unread messages: '2 unread'. */
  unread: (count: number) => string;
  /** The accessible names of the page arrows. */
  previousPage: string;
  nextPage: string;
};

type ConversationListProps = {
  conversations: Conversation[];
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  itemText: (conversation: Conversation) => ConversationItemText;
  texts: ConversationListTexts;
  /** A heading over the list, which then names the section it stands in. */
  heading?: string;
  /** The list scrolls at this height beside the thread. */
  height?: number | string;
  /** The reader's language, for the dates. */
  locale?: string;
};

/** Conversations, the latest message first, each a button with its unread count and last message; paged. */
export function ConversationList({
  conversations,
  loading,
  selectedId,
  onSelect,
  page,
  pages,
  onPageChange,
  itemText,
  texts,
  heading,
  height = 480,
  locale,
}: ConversationListProps) {
  const headingId = useId();
  return (
    <Paper
      component={heading ? 'section' : 'div'}
      aria-labelledby={heading ? headingId : undefined}
      withBorder
      p={heading ? 'md' : 'sm'}
      radius="md"
    >
      <Stack gap="sm">
        {heading ? (
          <Title order={3} size="h5" id={headingId}>
            {heading}
          </Title>
        ) : null}
        <ScrollArea h={height} type="auto" offsetScrollbars>
          {loading ? (
            <Stack gap="sm" aria-label={texts.loading}>
              {[0, 1, 2, 3].map((line) => (
                <Skeleton key={line} height={72} radius="sm" />
              ))}
            </Stack>
          ) : conversations.length === 0 && texts.empty ? (
            <Text c="dimmed" ta="center" py="xl">
              {texts.empty}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label={texts.list}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {conversations.map((conversation) => (
                <li key={conversation._id}>
                  <ConversationItem
                    conversation={conversation}
                    text={itemText(conversation)}
                    unreadLabel={texts.unread}
                    date={formatDate(conversation.lastMessageAt, locale)}
                    selected={conversation._id === selectedId}
                    onSelect={() => onSelect(conversation._id)}
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
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? texts.previousPage : texts.nextPage,
            })}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

type ConversationItemProps = {
  conversation: Conversation;
  text: ConversationItemText;
  unreadLabel: (count: number) => string;
  date: string;
  selected: boolean;
  onSelect: () => void;
};

function ConversationItem({
  conversation,
  text,
  unreadLabel,
  date,
  selected,
  onSelect,
}: ConversationItemProps) {
  const unread = conversation.unread;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      w="100%"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        border: `1px solid ${selected ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
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
    </UnstyledButton>
  );
}
