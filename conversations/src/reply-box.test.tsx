import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReplyBox } from './reply-box';
import { MAX_MESSAGE } from './subject-message.schema';

const texts = { label: 'Reply', placeholder: 'Type your reply...', send: 'Send Reply' };

function renderBox(props: Partial<ComponentProps<typeof ReplyBox>> = {}) {
  const onSend = props.onSend ?? vi.fn().mockResolvedValue(undefined);
  render(
    <MantineProvider>
      <ReplyBox busy={false} texts={texts} {...props} onSend={onSend} />
    </MantineProvider>,
  );
  return { onSend, user: userEvent.setup() };
}

describe('ReplyBox', () => {
  it('keeps Send disabled while the text is blank, then sends it trimmed on Enter and clears the box', async () => {
    const { onSend, user } = renderBox();
    const box = screen.getByRole('textbox', { name: 'Reply' });
    const send = screen.getByRole('button', { name: 'Send Reply' });
    expect(box).toHaveAttribute('placeholder', 'Type your reply...');
    expect(box).toHaveAttribute('maxlength', String(MAX_MESSAGE));
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();

    await user.type(box, ' On the 5th. {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('On the 5th.');
    expect(box).toHaveValue('');
  });

  it('starts a new line on Shift+Enter, and sends with the button', async () => {
    const { onSend, user } = renderBox();
    const box = screen.getByRole('textbox', { name: 'Reply' });
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('First line\nsecond line');

    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('First line\nsecond line');
  });

  it('keeps the text when the send is refused, and shows the reason it is given', async () => {
    const onSend = vi.fn().mockRejectedValue(new Error('refused'));
    const { user } = renderBox({ onSend, error: 'Conversation not found.' });
    const box = screen.getByRole('textbox', { name: 'Reply' });
    await user.type(box, 'Hello?{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello?');
    expect(box).toHaveValue('Hello?');
    expect(screen.getByRole('alert')).toHaveTextContent('Conversation not found.');
  });

  it('does not send again while the last reply is on its way', async () => {
    const { onSend, user } = renderBox({ busy: true });
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Hello{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('inline: a one-line field named by its label, with Send beside it; Enter sends', async () => {
    const { onSend, user } = renderBox({
      layout: 'inline',
      texts: { label: 'Message', placeholder: 'Type your message...', send: 'Send' },
    });
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field.tagName).toBe('INPUT');
    expect(screen.queryByText('Message')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(field, 'Great, thank you!{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Great, thank you!');
    expect(field).toHaveValue('');
  });
});
