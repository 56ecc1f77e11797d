import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { type ReactNode, useId } from 'react';
import { MessageList } from './message-list';

type Message = Schemas['ConversationMessage'];

const THREAD_HEIGHT = 320;

type ConversationThreadProps = {
  /** The heading, which names the conversation: its subject or whom it is with. */
  title: string;
  /** The line under the heading: what it is about or whom it is with (text, or a link). */
  subtitle: ReactNode;
  headingOrder?: 2 | 3;
  messages: Message[];
  /** The accessible name of the list of messages. */
  listLabel: string;
  /** The reader's side: their messages stand on the right. */
  me: Schemas['ConversationSender'];
  /** Who wrote a message, as the reader sees it ('You'); the sender's name by default. */
  senderLabel?: (message: Message) => string;
  /** The reader's language, for the messages' times. */
  locale?: string;
  /** The reply box under the messages. */
  children: ReactNode;
};

/** One conversation: its heading, the messages oldest first with the newest in view, and the reply box. */
export function ConversationThread({
  title,
  subtitle,
  headingOrder = 2,
  messages,
  listLabel,
  me,
  senderLabel = (message) => message.senderName,
  locale,
  children,
}: ConversationThreadProps) {
  const titleId = useId();
  const lines = messages.map((message) => ({
    _id: message._id,
    sender: message.sender,
    mine: message.sender === me,
    author: senderLabel(message),
    body: message.body,
    sentAt: message.createdAt,
  }));

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={headingOrder} size="h4" id={titleId}>
            {title}
          </Title>
          {typeof subtitle === 'string' ? (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          ) : (
            subtitle
          )}
        </div>
        <MessageList messages={lines} label={listLabel} height={THREAD_HEIGHT} locale={locale} />
        {children}
      </Stack>
    </Paper>
  );
}
