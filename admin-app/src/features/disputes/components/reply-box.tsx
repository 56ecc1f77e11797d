import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

// The contract's bound on one message.
const MAX_MESSAGE = 2000;

type ReplyBoxProps = {
  busy: boolean;
  /** Posts the reply as the support side; rejects when the server refuses it. */
  onSend: (message: string) => Promise<void>;
};

/** Staff's reply to the shopper; Send stays disabled while the text is blank. */
export function ReplyBox({ busy, onSend }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const send = async () => {
    if (blank) return;
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The desk shows why in its red box; the text stays for another try.
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label="Reply"
        placeholder="Type your reply to the customer..."
        rows={3}
        maxLength={MAX_MESSAGE}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button onClick={() => void send()} disabled={blank} loading={busy}>
          Send Reply
        </Button>
      </Group>
    </Stack>
  );
}
