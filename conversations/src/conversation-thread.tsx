import { Box, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime } from '@shop/ui/format';
import { type ReactNode, useEffect, useId, useRef } from 'react';

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
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.length;

  // The newest message is at the bottom and in view.
  useEffect(() => {
    const element = viewport.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

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
        <ScrollArea h={THREAD_HEIGHT} type="auto" offsetScrollbars viewportRef={viewport}>
          <Stack
            gap="xs"
            component="ol"
            aria-label={listLabel}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {messages.map((message) => {
              const mine = message.sender === me;
              return (
                <Box
                  component="li"
                  key={message._id}
                  data-sender={message.sender}
                  style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
                >
                  <Paper
                    p="xs"
                    radius="md"
                    maw="85%"
                    bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
                  >
                    <Text size="xs" fw={600} c={mine ? 'blue' : undefined}>
                      {senderLabel(message)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {message.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(message.createdAt, locale)}
                    </Text>
                  </Paper>
                </Box>
              );
            })}
          </Stack>
        </ScrollArea>
        {children}
      </Stack>
    </Paper>
  );
}
