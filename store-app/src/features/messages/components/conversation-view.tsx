import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useReplyToSeller } from '../api/messages.mutations';
import { MAX_MESSAGE } from '../lib/message-rules';

type ConversationDetail = Schemas['ConversationDetail'];

/** One conversation with a seller: what it is about, the thread, and the shopper's reply box. */
export function ConversationView({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation('messages');
  return (
    <Stack component="article" aria-labelledby="conversation-title" gap="sm">
      <div>
        <Title order={2} fz="h4" id="conversation-title">
          {conversation.store.name}
        </Title>
        {conversation.product ? (
          <AnchorLink to="/products/$id" params={{ id: conversation.product._id }} size="sm">
            {t('thread.about', { product: conversation.product.title })}
          </AnchorLink>
        ) : (
          <Text size="sm">{conversation.subject}</Text>
        )}
      </div>
      <Thread messages={conversation.messages} />
      <ReplyBox conversationId={conversation._id} />
    </Stack>
  );
}

/** The messages oldest first, the newest at the bottom and in view; the shopper's own on the right. */
function Thread({ messages }: { messages: Schemas['ConversationMessage'][] }) {
  const { t } = useTranslation('messages');
  const { locale } = useLocaleFormat();
  const timestamp = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.length;

  useEffect(() => {
    const element = viewport.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <Paper withBorder p={0}>
      <ScrollArea h="20rem" type="auto" viewportRef={viewport}>
        <Stack
          component="ol"
          gap="sm"
          p="sm"
          m={0}
          aria-label={t('thread.messages')}
          style={{ listStyle: 'none' }}
        >
          {messages.map((message) => {
            const mine = message.sender === 'customer';
            return (
              <Paper
                component="li"
                key={message._id}
                data-sender={message.sender}
                p="xs"
                radius="md"
                maw="80%"
                ml={mine ? 'auto' : undefined}
                bg={mine ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-gray-light)'}
                c={mine ? 'white' : undefined}
              >
                <Text size="xs" fw={600}>
                  {mine ? t('thread.you') : message.senderName}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.body}
                </Text>
                <Text size="xs">{timestamp.format(new Date(message.createdAt))}</Text>
              </Paper>
            );
          })}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}

/** Send stays disabled while the text is blank after trimming; Enter also sends (as in the Dispute Center). */
function ReplyBox({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const reply = useReplyToSeller();
  const blank = text.trim() === '';

  const send = () => {
    if (blank || reply.isPending) return;
    reply.mutate({ id: conversationId, message: text.trim() }, { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A key press that ends an IME composition is not the shopper asking to send.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Stack gap="xs">
      {reply.isError && (
        <Alert color="red" role="alert">
          {errorMessage(reply.error, t('reply.failed'))}
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          flex={1}
          aria-label={t('reply.label')}
          placeholder={t('reply.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={MAX_MESSAGE}
        />
        <Button
          onClick={send}
          disabled={blank}
          loading={reply.isPending}
          leftSection={<IconSend size={16} />}
        >
          {t('reply.send')}
        </Button>
      </Group>
    </Stack>
  );
}
