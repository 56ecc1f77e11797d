import { Box, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@shop/ui/format';
import { useEffect, useRef } from 'react';

/** One message as a thread shows it, whatever the conversation's own message type. */
export type ThreadMessage = {
  _id: string;
  /** The sender's side, as the contract names it (kept on the line for styles and tests). */
  sender: string;
  /** The reader's own message: it stands on the right. */
  mine: boolean;
  /** Who wrote it, as the reader sees it ('You', 'Support', a name). */
  author: string;
  body: string;
  sentAt: string;
};

type MessageListProps = {
  messages: readonly ThreadMessage[];
  /** The list's accessible name. */
  label: string;
  height: number | string;
  /** The reader's language, for the messages' times. */
  locale?: string;
};

/** The messages oldest first, scrolling at a fixed height with the newest in view; the reader's on the right. */
export function MessageList({ messages, label, height, locale }: MessageListProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.length;

  useEffect(() => {
    const element = viewport.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <ScrollArea h={height} type="auto" offsetScrollbars viewportRef={viewport}>
      <Stack gap="xs" component="ol" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {messages.map((message) => (
          <Box
            component="li"
            key={message._id}
            data-sender={message.sender}
            style={{ display: 'flex', justifyContent: message.mine ? 'flex-end' : 'flex-start' }}
          >
            <Paper
              p="xs"
              radius="md"
              maw="85%"
              bg={message.mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
            >
              <Text size="xs" fw={600} c={message.mine ? 'blue' : undefined}>
                {message.author}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(message.sentAt, locale)}
              </Text>
            </Paper>
          </Box>
        ))}
      </Stack>
    </ScrollArea>
  );
}
