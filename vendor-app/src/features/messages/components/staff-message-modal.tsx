import { zodResolver } from '@hookform/resolvers/zod';
import {
  type SubjectMessage,
  type SubjectMessageValues,
  subjectMessageSchema,
} from '@shop/conversations/subject-message.schema';
import { SubjectMessageModal } from '@shop/conversations/subject-message-modal';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useForm } from 'react-hook-form';
import { useStartStaffConversation } from '../api/messages.mutations';

type StaffMessageModalProps = {
  onClose: () => void;
  /** The conversation the message started. */
  onStarted: (conversation: Schemas['ConversationDetail']) => void;
};

/** 'Message staff': a new conversation with the store's staff, with its subject and first message. */
export function StaffMessageModal({ onClose, onStarted }: StaffMessageModalProps) {
  const start = useStartStaffConversation();
  const form = useForm<SubjectMessageValues, unknown, SubjectMessage>({
    resolver: zodResolver(subjectMessageSchema),
    defaultValues: { subject: '', message: '' },
  });

  const submit = form.handleSubmit((body) =>
    start.mutate(body, {
      onSuccess: (envelope) => onStarted(envelope.data),
      onError: (error) => applyServerFieldErrors(error, ['subject', 'message'], form.setError),
    }),
  );

  return (
    <SubjectMessageModal
      title="Message staff"
      control={form.control}
      onSubmit={submit}
      onClose={onClose}
      sending={start.isPending}
      error={start.isError ? errorMessage(start.error, 'Failed to send message') : null}
    />
  );
}
