import { Box, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Dispute } from '../lib/dispute-values';
import { formatDateTime } from '../lib/format-date-time';

// Spec 3 §9 sizes the shopper's thread at about 16rem; the desk keeps the same.
const THREAD_HEIGHT = 256;

/** The message thread: the shopper's messages (sender `user`) on one side, the support side's on the other. */
export function DisputeThread({ dispute }: { dispute: Dispute }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="dispute-thread-title">
      <Title order={4} size="h6" id="dispute-thread-title">
        Messages ({dispute.messages.length})
      </Title>
      <ScrollArea h={THREAD_HEIGHT} type="auto" offsetScrollbars>
        <Stack
          gap="xs"
          component="ol"
          aria-label="Message thread"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {dispute.messages.map((message) => {
            const fromShopper = message.sender === 'user';
            return (
              <Box
                component="li"
                key={message._id}
                style={{ display: 'flex', justifyContent: fromShopper ? 'flex-start' : 'flex-end' }}
              >
                <Paper
                  p="xs"
                  radius="md"
                  maw="85%"
                  bg={
                    fromShopper
                      ? 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))'
                      : 'light-dark(var(--mantine-color-blue-0), var(--mantine-color-blue-9))'
                  }
                >
                  <Text size="xs" fw={600} c={fromShopper ? 'dark' : 'blue'}>
                    {fromShopper ? dispute.user.name : 'Support'}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {message.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(message.timestamp)}
                  </Text>
                </Paper>
              </Box>
            );
          })}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
