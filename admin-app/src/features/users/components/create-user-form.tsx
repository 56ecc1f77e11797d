import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { PasswordField, SelectField, TextField } from '@shop/ui/form-fields';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { AnchorLink } from '../../../components/router-links';
import { useCreateUser } from '../api/users.mutations';
import {
  type CreateUserBody,
  type CreateUserValues,
  createUserDefaults,
  createUserSchema,
} from '../schemas/create-user.schema';
import { USER_ROLES } from '../schemas/user-list-search';

const FIELDS = Object.keys(createUserSchema.shape) as FieldPath<CreateUserValues>[];

/**
 * Spec 2 §2 Create New User: name, email, password, role. A `user` is a shopper; `admin` and `manager` create a
 * staff account, which the server allows only to staff who may manage admins.
 */
export function CreateUserForm() {
  const create = useCreateUser();
  const [created, setCreated] = useState<Schemas['UserAccount'] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<CreateUserValues, unknown, CreateUserBody>({
    resolver: zodResolver(createUserSchema),
    defaultValues: createUserDefaults,
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    setCreated(null);
    try {
      const { data } = await create.mutateAsync({ body });
      setCreated(data);
      reset(createUserDefaults);
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to create the user.'));
    }
  });

  return (
    <Stack gap="md" maw={720}>
      {created ? (
        <Alert
          color="teal"
          title="User created successfully!"
          withCloseButton
          onClose={() => setCreated(null)}
        >
          {created.kind === 'shopper' ? (
            <AnchorLink to="/manage-admin/users/details" search={{ id: created._id }}>
              View {created.name}
            </AnchorLink>
          ) : (
            <AnchorLink to="/manage-admin/admin/users" search={{ q: created.email }}>
              {created.name} is in the Admin List
            </AnchorLink>
          )}
        </Alert>
      ) : null}
      {serverError ? (
        <Alert color="red" role="alert">
          {serverError}
        </Alert>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate aria-label="Create user">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={control} name="name" label="Name" required />
              <TextField control={control} name="email" label="Email" type="email" required />
              <PasswordField control={control} name="password" label="Password" required />
              <SelectField
                control={control}
                name="role"
                label="Role"
                data={[...USER_ROLES]}
                allowDeselect={false}
                required
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Create User
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
