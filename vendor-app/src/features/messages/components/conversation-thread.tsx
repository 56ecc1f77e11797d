import { Box, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../lib/format-date-time';
import { counterpartOf } from './conversation-list';
import { ReplyBox } from './reply-box';

type ConversationDetail = Schemas['ConversationDetail'];

const THREAD_HEIGHT = 320;

type ConversationThreadProps = {
  conversation: ConversationDetail;
  sending: boolean;
  /** Sends the vendor's reply; rejects when the server refuses it. */
  onReply: (message: string) => Promise<unknown>;
};

/** One conversation: who it is with and about what, the messages oldest first, and the reply box. */
export function ConversationThread({ conversation, sending, onReply }: ConversationThreadProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const count = conversation.messages.length;

  // The newest message is at the bottom and in view.
  useEffect(() => {
    const element = viewport.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby="conversation-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="conversation-title">
            {conversation.kind === 'staff' ? conversation.subject : counterpartOf(conversation)}
          </Title>
          <Text size="sm" c="dimmed">
            {conversation.kind === 'staff'
              ? 'With the store’s staff'
              : `About ${conversation.product?.title ?? conversation.subject}`}
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
              const mine = message.sender === 'vendor';
              return (
                <Box
                  component="li"
                  key={message._id}
                  style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
                >
                  <Paper p="xs" radius="md" maw="85%" bg={mine ? 'blue.0' : 'gray.1'}>
                    <Text size="xs" fw={600} c={mine ? 'blue' : 'dark'}>
                      {mine
                        ? 'You'
                        : message.sender === 'staff'
                          ? `${message.senderName} (Staff)`
                          : message.senderName}
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
