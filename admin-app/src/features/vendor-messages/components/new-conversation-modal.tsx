import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { useController, useForm } from 'react-hook-form';
import { useStartVendorConversation } from '../api/vendor-messages.mutations';
import { showServerFieldErrors } from '../lib/server-field-errors';
import {
  MAX_MESSAGE,
  MAX_SUBJECT,
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
        onError: (error) => showServerFieldErrors(error, ['storeId', 'subject', 'message'], form.setError),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title="New Conversation" centered size="lg">
      <form onSubmit={submit} noValidate aria-label="New Conversation">
        <Stack gap="md">
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
              {errorMessage(start.error, 'Failed to send the message.')}
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
