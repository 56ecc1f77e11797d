import {
  Badge,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { CONVERSATION_PAGE_SIZE } from '../api/messages.queries';

type Conversation = Schemas['Conversation'];

// The list scrolls at a fixed height beside the thread, as the dispute lists do.
const LIST_HEIGHT = 480;

type ConversationListProps = {
  conversations: Conversation[];
  total: number;
  loading: boolean;
  page: number;
  onPageChange: (page: number) => void;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  emptyText: string;
};

/** One tab's conversations, the latest message first, each with what the vendor has not read. */
export function ConversationList({
  conversations,
  total,
  loading,
  page,
  onPageChange,
  selectedId,
  onSelect,
  emptyText,
}: ConversationListProps) {
  const pages = Math.ceil(total / CONVERSATION_PAGE_SIZE);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <ScrollArea h={LIST_HEIGHT} type="auto" offsetScrollbars>
          {loading ? (
            <Stack gap="sm" aria-label="Loading conversations">
              {[0, 1, 2, 3].map((line) => (
                <Skeleton key={line} height={72} radius="sm" />
              ))}
            </Stack>
          ) : conversations.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {emptyText}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label="Conversations"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {conversations.map((conversation) => (
                <li key={conversation._id}>
                  <ConversationItem
                    conversation={conversation}
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
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Who the vendor talks with in a conversation: the shopper, or the store's staff. */
export function counterpartOf(conversation: Conversation): string {
  return conversation.customer?.name ?? 'Store staff';
}

type ConversationItemProps = { conversation: Conversation; selected: boolean; onSelect: () => void };

function ConversationItem({ conversation, selected, onSelect }: ConversationItemProps) {
  const last = conversation.lastMessage;
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
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={conversation.unread > 0 ? 700 : 600} size="sm" lineClamp={1}>
            {counterpartOf(conversation)}
          </Text>
          {conversation.unread > 0 ? (
            <Badge variant="filled" color="red" size="sm">
              {conversation.unread} unread
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" fw={500} lineClamp={1}>
          {conversation.product?.title ?? conversation.subject}
        </Text>
        {last ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {last.sender === 'vendor' ? `You: ${last.preview}` : last.preview}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {formatDate(conversation.lastMessageAt)}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
