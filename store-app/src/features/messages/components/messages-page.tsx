import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ConversationList } from '@shop/conversations/conversation-list';
import { ConversationPanes } from '@shop/conversations/conversation-panes';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import {
  CONVERSATIONS_PAGE_SIZE,
  conversationKeys,
  myConversationQueryOptions,
  myConversationsQueryOptions,
} from '../api/messages.queries';
import '../messages-texts';
import { ConversationView } from './conversation-view';

type MessagesPageProps = {
  /** The conversation on view (kept in the URL). */
  conversationId: string | undefined;
  page: number;
  onSelect: (id: string) => void;
  onPageChange: (page: number) => void;
};

/** The profile area's Messages: the shopper's conversations with sellers beside the one on view. */
export function MessagesPage({ conversationId, page, onSelect, onPageChange }: MessagesPageProps) {
  const { t } = useTranslation('messages');
  const { locale } = useLocaleFormat();
  const queryClient = useQueryClient();
  const list = useQuery({ ...myConversationsQueryOptions(page), placeholderData: keepPreviousData });
  const detail = useQuery({
    ...myConversationQueryOptions(conversationId ?? ''),
    enabled: conversationId !== undefined,
  });

  const conversations = list.data?.data ?? [];
  const listedUnread = conversations.find((item) => item._id === conversationId)?.unread ?? 0;
  const openedAt = detail.dataUpdatedAt;
  // Opening a conversation marks it read on the server: the list's badges follow.
  useEffect(() => {
    if (listedUnread > 0 && openedAt > 0)
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
  }, [listedUnread, openedAt, queryClient]);

  const total = list.data?.meta.total ?? 0;
  // A conversation in the list: the seller, what it is about, the last message ('You: …' when the shopper's).
  const itemText = ({ store, product, subject, lastMessage: last }: Schemas['Conversation']) => ({
    title: store.name,
    about: product?.title ?? subject,
    lastMessage: last
      ? last.sender === 'customer'
        ? t('list.you', { text: last.preview })
        : last.preview
      : null,
  });
  const unread = list.data?.unread ?? 0;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={1} fz="h2">
          {t('page.title')}
        </Title>
        {unread > 0 && (
          <Badge color="red" variant="filled">
            {t('page.unreadTotal', { count: unread })}
          </Badge>
        )}
      </Group>
      {list.isError && (
        <Alert color="red" role="alert">
          {errorMessage(list.error, t('page.loadFailed'))}
        </Alert>
      )}
      {list.isSuccess && total === 0 ? (
        <Paper withBorder p="xl">
          <Stack gap={4} align="center">
            <Text fw={600}>{t('page.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('page.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <ConversationPanes
          list={
            <ConversationList
              conversations={conversations}
              loading={list.isPending}
              selectedId={conversationId}
              onSelect={onSelect}
              page={page}
              pages={Math.ceil(total / CONVERSATIONS_PAGE_SIZE)}
              onPageChange={onPageChange}
              itemText={itemText}
              texts={{
                list: t('list.label'),
                loading: t('page.loading'),
                unread: (count) => t('list.unread', { count }),
                previousPage: t('list.previous'),
                nextPage: t('list.next'),
              }}
              // Spec §9 scrolls the dispute list at about 24rem; the conversations do the same.
              height="24rem"
              locale={locale}
            />
          }
          thread={
            conversationId === undefined ? null : detail.data ? (
              <ConversationView key={conversationId} conversation={detail.data.data} />
            ) : detail.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(detail.error, t('thread.loadFailed'))}
              </Alert>
            ) : null
          }
          loading={conversationId !== undefined}
          texts={{ loading: t('thread.loading'), select: t('page.select') }}
        />
      )}
    </Stack>
  );
}
