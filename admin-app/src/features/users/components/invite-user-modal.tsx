import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useInviteUser } from '../api/users.mutations';
import { type InviteUserBody, type InviteUserValues, inviteUserSchema } from '../schemas/edit-user.schema';

const FIELDS = Object.keys(inviteUserSchema.shape) as FieldPath<InviteUserValues>[];

/** Spec 2 §2 Invite User: the server writes an invitation link, valid for 7 days, to its outbox. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite User" centered>
      {opened ? <InviteUserForm onDone={onClose} /> : null}
    </Modal>
  );
}

function InviteUserForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<InviteUserValues, unknown, InviteUserBody>({
    resolver: zodResolver(inviteUserSchema),
    defaultValues: { email: '', name: '' },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await invite.mutateAsync({ body });
      toast.success(answer.message ?? 'Invitation sent.');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to send the invitation.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite user">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The invitation lets them choose a password within 7 days.
        </Text>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextField control={control} name="email" label="Email" type="email" required />
        <TextField control={control} name="name" label="Name" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
