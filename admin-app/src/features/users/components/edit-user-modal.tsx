import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useUpdateUser } from '../api/users.mutations';
import { userQueries } from '../api/users.queries';
import { type EditUserBody, type EditUserValues, editUserSchema } from '../schemas/edit-user.schema';

const FIELDS = Object.keys(editUserSchema.shape) as FieldPath<EditUserValues>[];

type EditableUser = {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
};

type EditUserModalProps = {
  /** The shopper being edited; their phone and address come from their details. */
  userId: string | null;
  onClose: () => void;
};

/** The row action Edit: a shopper's name, email, phone and address. */
export function EditUserModal({ userId, onClose }: EditUserModalProps) {
  return (
    <Modal opened={userId !== null} onClose={onClose} title="Edit User" centered>
      {userId ? <EditUserLoader key={userId} userId={userId} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditUserLoader({ userId, onDone }: { userId: string; onDone: () => void }) {
  const details = useQuery(userQueries.detail(userId));
  if (details.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(details.error, 'Failed to load the user.')}
      </Text>
    );
  }
  if (!details.data) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading user" />
      </Center>
    );
  }
  const { user, profile } = details.data.data;
  return <EditUserForm user={{ ...user, phone: profile.phone, address: profile.address }} onDone={onDone} />;
}

function EditUserForm({ user, onDone }: { user: EditableUser; onDone: () => void }) {
  const update = useUpdateUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<EditUserValues, unknown, EditUserBody>({
    resolver: zodResolver(editUserSchema),
    defaultValues: {
      name: user.name,
      email: user.email,
      phone: user.phone ?? '',
      address: user.address ?? '',
    },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await update.mutateAsync({ params: { path: { id: user._id } }, body });
      toast.success('User updated.');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to update the user.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit user">
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextField control={control} name="name" label="Name" required />
        <TextField control={control} name="email" label="Email" type="email" required />
        <TextField control={control} name="phone" label="Phone" />
        <TextField control={control} name="address" label="Address" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
