import { zodResolver } from '@hookform/resolvers/zod';
import { MantineProvider } from '@mantine/core';
import { TextField } from '@shop/ui/form-fields';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MAX_MESSAGE, MAX_SUBJECT, subjectMessageSchema } from './subject-message.schema';
import { SubjectMessageModal } from './subject-message-modal';

// An extension as the admin's has: a further field before the subject.
const withStore = subjectMessageSchema.extend({ storeId: z.string().min(1, 'Choose a store') });
type Values = z.input<typeof withStore>;
type Body = z.output<typeof withStore>;

function Harness({
  onSend,
  onClose = () => {},
  error = null,
}: {
  onSend: (body: Body) => void;
  onClose?: () => void;
  error?: string | null;
}) {
  const form = useForm<Values, unknown, Body>({
    resolver: zodResolver(withStore),
    defaultValues: { storeId: '', subject: '', message: '' },
  });
  return (
    <MantineProvider>
      <SubjectMessageModal
        title="New Conversation"
        control={form.control}
        onSubmit={form.handleSubmit(onSend)}
        onClose={onClose}
        sending={false}
        error={error}
      >
        <TextField control={form.control} name="storeId" label="Store" />
      </SubjectMessageModal>
    </MantineProvider>
  );
}

describe('SubjectMessageModal', () => {
  it('requires every field, then sends them trimmed', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const form = within(await screen.findByRole('form', { name: 'New Conversation' }));

    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Choose a store')).toBeInTheDocument();
    expect(form.getByText('Subject is required')).toBeInTheDocument();
    expect(form.getByText('Message is required')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();

    const subject = form.getByRole('textbox', { name: /Subject/ });
    const message = form.getByRole('textbox', { name: /Message/ });
    expect(subject).toHaveAttribute('maxlength', String(MAX_SUBJECT));
    expect(message).toHaveAttribute('maxlength', String(MAX_MESSAGE));
    await user.type(form.getByRole('textbox', { name: 'Store' }), 'store-2');
    await user.type(subject, '  Holiday hours ');
    await user.type(message, ' Will you ship during Eid? ');
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledOnce();
    expect(onSend.mock.calls[0]?.[0]).toEqual({
      storeId: 'store-2',
      subject: 'Holiday hours',
      message: 'Will you ship during Eid?',
    });
  });

  it('shows the server’s refusal, and Cancel closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onSend={() => {}} onClose={onClose} error="This store is not active." />);
    const form = within(await screen.findByRole('form', { name: 'New Conversation' }));
    expect(form.getByRole('alert')).toHaveTextContent('This store is not active.');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
