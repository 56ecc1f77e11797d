import { Stack, Title } from '@mantine/core';
import { MessageList } from '@shop/conversations/message-list';
import type { Dispute } from '../lib/dispute-values';

// Spec 3 §9 sizes the shopper's thread at about 16rem; the desk keeps the same.
const THREAD_HEIGHT = 256;

/** The message thread: the shopper's messages (sender `user`) on one side, the support side's on the other. */
export function DisputeThread({ dispute }: { dispute: Dispute }) {
  const lines = dispute.messages.map((message) => {
    const fromShopper = message.sender === 'user';
    return {
      _id: message._id,
      sender: message.sender,
      mine: !fromShopper,
      author: fromShopper ? dispute.user.name : 'Support',
      body: message.message,
      sentAt: message.timestamp,
    };
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="dispute-thread-title">
      <Title order={4} size="h6" id="dispute-thread-title">
        Messages ({dispute.messages.length})
      </Title>
      <MessageList messages={lines} label="Message thread" height={THREAD_HEIGHT} />
    </Stack>
  );
}
