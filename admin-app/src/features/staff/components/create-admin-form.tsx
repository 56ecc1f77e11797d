import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { CheckboxField, PasswordField, SelectField, TextField } from '@shop/ui/form-fields';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useStaffMember } from '../../../components/shell/staff-member';
import { useCreateAdmin } from '../api/staff.mutations';
import { staffQueries } from '../api/staff.queries';
import { ADMIN_ROLE_OPTIONS, DEPARTMENTS } from '../lib/staff-values';
import {
  type CreateAdminBody,
  type CreateAdminValues,
  createAdminDefaults,
  createAdminSchema,
} from '../schemas/create-admin.schema';
import { PermissionCheckboxes } from './permission-checkboxes';

const NONE: readonly string[] = [];
const FIELDS = Object.keys(createAdminDefaults) as FieldPath<CreateAdminValues>[];

/**
 * Spec 2 §2 Create Admin with every field of spec 2 §3 and spec 2 §5's messages, which clear as soon as their
 * field is edited. Choosing a role fills the permissions with that role's defaults the creator holds; they can
 * then be changed.
 */
export function CreateAdminForm() {
  const create = useCreateAdmin();
  const roles = useQuery(staffQueries.roles());
  const held = useStaffMember()?.permissions ?? NONE;
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, setValue, clearErrors, watch } = useForm<
    CreateAdminValues,
    unknown,
    CreateAdminBody
  >({
    resolver: zodResolver(createAdminSchema),
    defaultValues: createAdminDefaults,
    // Spec 2 §5: an error clears when its field is edited, and the form is checked again on submit.
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (!name || type !== 'change') return;
      clearErrors(name);
      if (name === 'role') {
        const defaults = roles.data?.data.find((role) => role.name === values.role)?.permissions;
        // Only what the creator holds: nobody grants more (the server refuses it too).
        if (defaults)
          setValue(
            'permissions',
            defaults.filter((key) => held.includes(key)),
          );
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors, setValue, roles.data, held]);

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    setDone(false);
    try {
      await create.mutateAsync({ body });
      setDone(true);
      reset(createAdminDefaults);
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to create the admin.'));
    }
  });

  return (
    <Stack gap="md" maw={860}>
      {done ? (
        <Alert
          color="teal"
          title="Admin user created successfully!"
          withCloseButton
          onClose={() => setDone(false)}
        />
      ) : null}
      {serverError ? (
        <Alert color="red" role="alert">
          {serverError}
        </Alert>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate aria-label="Create admin">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={control} name="firstName" label="First Name" required />
              <TextField control={control} name="lastName" label="Last Name" required />
              <TextField control={control} name="email" label="Email" type="email" required />
              <TextField control={control} name="phone" label="Phone" />
              <SelectField
                control={control}
                name="role"
                label="Role"
                placeholder="Select a role"
                data={ADMIN_ROLE_OPTIONS}
                required
              />
              <SelectField
                control={control}
                name="department"
                label="Department"
                placeholder="Select a department"
                data={[...DEPARTMENTS]}
                clearable
              />
              <PasswordField control={control} name="password" label="Password" required />
              <PasswordField control={control} name="confirmPassword" label="Confirm Password" required />
            </SimpleGrid>
            <PermissionCheckboxes control={control} name="permissions" />
            <Group gap="xl">
              <CheckboxField control={control} name="isActive" label="Active" />
              <CheckboxField control={control} name="sendWelcomeEmail" label="Send welcome email" />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Create Admin
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
