import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { MAX_MESSAGE } from '../schemas/staff-message.schema';

type ReplyBoxProps = {
  busy: boolean;
  /** Sends the reply; rejects when the server refuses it. */
  onSend: (message: string) => Promise<unknown>;
};

/** Send Reply stays disabled while the text is blank; Enter sends, Shift+Enter starts a new line. */
export function ReplyBox({ busy, onSend }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || busy) return;
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The screen says why in its red box; the text stays for another try.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A key press that ends an IME composition is not the vendor asking to send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label="Reply"
        placeholder="Type your reply..."
        rows={3}
        maxLength={MAX_MESSAGE}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <Group justify="flex-end">
        <Button onClick={() => void send()} disabled={blank} loading={busy}>
          Send Reply
        </Button>
      </Group>
    </Stack>
  );
}
