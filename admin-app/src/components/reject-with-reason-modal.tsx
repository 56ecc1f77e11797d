import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { TextareaField } from '@shop/ui/form-fields';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type RejectBody = { reason: string };

type RejectWithReasonModalProps<T> = {
  /** What is being rejected; null closes the dialog. */
  target: T | null;
  /** Tells targets apart, so that each opening starts with a blank reason. */
  keyOf: (target: T) => string;
  /** The dialog's title, which also names the form. */
  title: string;
  /** The line above the reason: what is rejected, and who reads the reason. */
  question: (target: T) => ReactNode;
  /** The feature's schema, pinned to its operation's body; it holds the "reason required" message. */
  schema: z.ZodType<RejectBody, RejectBody>;
  /** Sends the rejection and says so; throws the API's error when the server refuses. */
  onReject: (target: T, body: RejectBody) => Promise<void>;
  /** Shown when the server's answer has no message of its own. */
  failureMessage: string;
  onClose: () => void;
};

/** Reject with a required reason: the dialog stays open with the server's message until the server agrees. */
export function RejectWithReasonModal<T>({
  target,
  keyOf,
  title,
  onClose,
  ...form
}: RejectWithReasonModalProps<T>) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      {target !== null ? (
        <RejectForm key={keyOf(target)} target={target} title={title} onDone={onClose} {...form} />
      ) : null}
    </Modal>
  );
}

type RejectFormProps<T> = Omit<RejectWithReasonModalProps<T>, 'target' | 'keyOf' | 'onClose'> & {
  target: T;
  onDone: () => void;
};

function RejectForm<T>({
  target,
  title,
  question,
  schema,
  onReject,
  failureMessage,
  onDone,
}: RejectFormProps<T>) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<RejectBody, unknown, RejectBody>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await onReject(target, body);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, ['reason'], setError)) {
        setServerError(errorMessage(error, failureMessage));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="sm">
        <Text size="sm">{question(target)}</Text>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextareaField control={control} name="reason" label="Reason" required rows={3} maxLength={1000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={isSubmitting}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
