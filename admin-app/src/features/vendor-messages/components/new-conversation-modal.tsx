import { zodResolver } from '@hookform/resolvers/zod';
import { SubjectMessageModal } from '@shop/conversations/subject-message-modal';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useController, useForm } from 'react-hook-form';
import { useStartVendorConversation } from '../api/vendor-messages.mutations';
import {
  type NewConversationBody,
  type NewConversationValues,
  newConversationSchema,
} from '../schemas/new-conversation.schema';
import { type StoreOption, StorePicker } from './store-picker';

type NewConversationModalProps = {
  /** The store the screen is filtered on, chosen already. */
  store: StoreOption | null;
  onClose: () => void;
  onStarted: (conversation: Schemas['ConversationDetail']) => void;
};

/** A new conversation with a vendor store: choose the store, then a subject and the first message. */
export function NewConversationModal({ store, onClose, onStarted }: NewConversationModalProps) {
  const start = useStartVendorConversation();
  const form = useForm<NewConversationValues, unknown, NewConversationBody>({
    resolver: zodResolver(newConversationSchema),
    defaultValues: { storeId: store?.value ?? '', subject: '', message: '' },
  });
  const { field: storeField, fieldState: storeState } = useController({
    control: form.control,
    name: 'storeId',
  });

  const submit = form.handleSubmit((body) =>
    start.mutate(
      { body },
      {
        onSuccess: (envelope) => onStarted(envelope.data),
        onError: (error) => applyServerFieldErrors(error, ['storeId', 'subject', 'message'], form.setError),
      },
    ),
  );

  return (
    <SubjectMessageModal
      title="New Conversation"
      size="lg"
      control={form.control}
      onSubmit={submit}
      onClose={onClose}
      sending={start.isPending}
      error={start.isError ? errorMessage(start.error, 'Failed to send the message.') : null}
    >
      <StorePicker
        label="Store"
        placeholder="Search vendor stores"
        withAsterisk
        value={storeField.value || null}
        known={store}
        onChange={(option) => storeField.onChange(option?.value ?? '')}
        onBlur={storeField.onBlur}
        error={storeState.error?.message}
      />
    </SubjectMessageModal>
  );
}
