import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';

type Conversation = Schemas['Conversation'];

type ConversationListProps = {
  conversations: Conversation[];
  loading: boolean;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
};

/** The shopper's conversations, the latest first, each with the seller's unread replies counted. */
export function ConversationList({
  conversations,
  loading,
  selectedId,
  onSelect,
  page,
  pages,
  onPageChange,
}: ConversationListProps) {
  const { t } = useTranslation('messages');
  return (
    <Paper withBorder p="xs">
      {/* Spec §9 scrolls the dispute list at about 24rem; the conversations do the same. */}
      <ScrollArea h="24rem" type="auto" offsetScrollbars>
        {loading ? (
          <Stack gap="xs" aria-label={t('page.loading')}>
            {[0, 1, 2, 3].map((line) => (
              <Skeleton key={line} height={64} radius="sm" />
            ))}
          </Stack>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            aria-label={t('list.label')}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
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
      {pages > 1 && (
        <Group justify="space-between" mt="xs">
          <Button
            variant="default"
            size="compact-sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            {t('list.previous')}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            {t('list.next')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

type ConversationItemProps = { conversation: Conversation; selected: boolean; onSelect: () => void };

function ConversationItem({ conversation, selected, onSelect }: ConversationItemProps) {
  const { t } = useTranslation('messages');
  const { date } = useLocaleFormat();
  const last = conversation.lastMessage;
  const unread = conversation.unread > 0;
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
          <Text fw={unread ? 700 : 600} size="sm" lineClamp={1}>
            {conversation.store.name}
          </Text>
          {unread && (
            <Badge color="red" size="sm" variant="filled">
              {t('list.unread', { count: conversation.unread })}
            </Badge>
          )}
        </Group>
        <Text size="xs" fw={500} lineClamp={1}>
          {conversation.product?.title ?? conversation.subject}
        </Text>
        {last && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {last.sender === 'customer' ? t('list.you', { text: last.preview }) : last.preview}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {date(conversation.lastMessageAt)}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
