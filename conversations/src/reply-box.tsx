import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { MAX_MESSAGE } from './subject-message.schema';

export type ReplyBoxTexts = {
  /** The field's accessible name: its label in the stacked layout, its aria-label in the inline one. */
  label: string;
  placeholder: string;
  send: string;
};

type ReplyBoxProps = {
  busy: boolean;
  /** Sends the trimmed reply; rejects when the server refuses it, and the text then stays for another try. */
  onSend: (message: string) => Promise<unknown>;
  texts: ReplyBoxTexts;
  /**
   * 'stacked': a labelled three-line textarea with Send below it, where Shift+Enter starts a new line (the back
   * offices); 'inline': a one-line field with Send beside it (the storefront).
   */
  layout?: 'stacked' | 'inline';
  /** Why the last reply was refused, when the screen shows it here rather than in its own red box. */
  error?: string | null;
};

/** The reply under a conversation: Send stays disabled while the text is blank; Enter sends. */
export function ReplyBox({ busy, onSend, texts, layout = 'stacked', error = null }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const stacked = layout === 'stacked';

  const send = async () => {
    if (blank || busy) return;
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The screen shows why; the text stays for another try.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // A key press that ends an IME composition is not the writer asking to send.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || (stacked && event.shiftKey)) return;
    event.preventDefault();
    void send();
  };

  const field = {
    placeholder: texts.placeholder,
    maxLength: MAX_MESSAGE,
    value: text,
    onChange: (event: { currentTarget: { value: string } }) => setText(event.currentTarget.value),
    onKeyDown,
  };
  const button = (
    <Button
      onClick={() => void send()}
      disabled={blank}
      loading={busy}
      leftSection={stacked ? undefined : <IconSend size={16} />}
    >
      {texts.send}
    </Button>
  );

  return (
    <Stack gap="xs">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {stacked ? (
        <>
          <Textarea label={texts.label} rows={3} {...field} />
          <Group justify="flex-end">{button}</Group>
        </>
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput flex={1} aria-label={texts.label} {...field} />
          {button}
        </Group>
      )}
    </Stack>
  );
}
