import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api';
import { useStartStaffConversation } from '../api/messages.mutations';
import { showServerFieldErrors } from '../lib/server-field-errors';
import {
  MAX_MESSAGE,
  MAX_SUBJECT,
  type StaffMessageBody,
  type StaffMessageValues,
  staffMessageSchema,
} from '../schemas/staff-message.schema';

type StaffMessageModalProps = {
  onClose: () => void;
  /** The conversation the message started. */
  onStarted: (conversation: Schemas['ConversationDetail']) => void;
};

/** 'Message staff': a new conversation with the store's staff, with its subject and first message. */
export function StaffMessageModal({ onClose, onStarted }: StaffMessageModalProps) {
  const start = useStartStaffConversation();
  const form = useForm<StaffMessageValues, unknown, StaffMessageBody>({
    resolver: zodResolver(staffMessageSchema),
    defaultValues: { subject: '', message: '' },
  });

  const submit = form.handleSubmit((body) =>
    start.mutate(body, {
      onSuccess: (envelope) => onStarted(envelope.data),
      onError: (error) => showServerFieldErrors(error, ['subject', 'message'], form.setError),
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Message staff" centered>
      <form onSubmit={submit} noValidate aria-label="Message staff">
        <Stack gap="md">
          <TextField
            control={form.control}
            name="subject"
            label="Subject"
            withAsterisk
            maxLength={MAX_SUBJECT}
          />
          <TextareaField
            control={form.control}
            name="message"
            label="Message"
            withAsterisk
            rows={5}
            maxLength={MAX_MESSAGE}
          />
          {start.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(start.error, 'Failed to send message')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={start.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
