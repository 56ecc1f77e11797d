import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import { MAX_MESSAGE, MAX_SUBJECT, type SubjectMessageValues } from './subject-message.schema';

type SubjectMessageModalProps<TValues extends SubjectMessageValues> = {
  /** The modal's title, which also names its form. */
  title: string;
  size?: ModalProps['size'];
  /** The form's control: a form over `subjectMessageSchema`, or over an extension of it. */
  // biome-ignore lint/suspicious/noExplicitAny: a form with a zod resolver transforms its values, as in form-fields
  control: Control<TValues, any, any>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  sending: boolean;
  /** Why the server refused the message. */
  error: string | null;
  /** Fields before the subject (the admin's store picker). */
  children?: ReactNode;
};

/** A new conversation: a subject and the first message, then Cancel or Send. */
export function SubjectMessageModal<TValues extends SubjectMessageValues>({
  title,
  size,
  control,
  onSubmit,
  onClose,
  sending,
  error,
  children,
}: SubjectMessageModalProps<TValues>) {
  // Every TValues has these two fields; TypeScript cannot see it through the generic.
  const subject = 'subject' as FieldPath<TValues>;
  const message = 'message' as FieldPath<TValues>;
  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {children}
          <TextField control={control} name={subject} label="Subject" withAsterisk maxLength={MAX_SUBJECT} />
          <TextareaField
            control={control}
            name={message}
            label="Message"
            withAsterisk
            rows={5}
            maxLength={MAX_MESSAGE}
          />
          {error !== null ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
