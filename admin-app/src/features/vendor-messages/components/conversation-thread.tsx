import { Box, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../lib/format-date-time';
import { ReplyBox } from './reply-box';

const THREAD_HEIGHT = 320;

type ConversationThreadProps = {
  conversation: Schemas['ConversationDetail'];
  sending: boolean;
  onReply: (message: string) => Promise<unknown>;
};

/** One conversation with a vendor store: its messages oldest first (the vendor's left, staff's right) and the reply box. */
export function ConversationThread({ conversation, sending, onReply }: ConversationThreadProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const count = conversation.messages.length;

  // The newest message is at the bottom and in view.
  useEffect(() => {
    const element = viewport.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby="vendor-conversation-title">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id="vendor-conversation-title">
            {conversation.subject}
          </Title>
          <Text size="sm" c="dimmed">
            With {conversation.store.name}
          </Text>
        </div>
        <ScrollArea h={THREAD_HEIGHT} type="auto" offsetScrollbars viewportRef={viewport}>
          <Stack
            gap="xs"
            component="ol"
            aria-label="Message thread"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {conversation.messages.map((message) => {
              const fromStaff = message.sender === 'staff';
              return (
                <Box
                  component="li"
                  key={message._id}
                  style={{ display: 'flex', justifyContent: fromStaff ? 'flex-end' : 'flex-start' }}
                >
                  <Paper p="xs" radius="md" maw="85%" bg={fromStaff ? 'blue.0' : 'gray.1'}>
                    <Text size="xs" fw={600} c={fromStaff ? 'blue' : 'dark'}>
                      {message.senderName}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {message.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(message.createdAt)}
                    </Text>
                  </Paper>
                </Box>
              );
            })}
          </Stack>
        </ScrollArea>
        <ReplyBox key={conversation._id} busy={sending} onSend={onReply} />
      </Stack>
    </Paper>
  );
}
