import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { SelectField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useUpdateAdmin } from '../api/staff.mutations';
import { ADMIN_ROLE_OPTIONS, ADMIN_STATUSES, DEPARTMENTS } from '../lib/staff-values';
import { type EditAdminBody, type EditAdminValues, editAdminSchema } from '../schemas/create-admin.schema';
import { PermissionCheckboxes } from './permission-checkboxes';

type StaffAccount = Schemas['StaffAccount'];

const FIELDS = Object.keys(editAdminSchema.shape) as FieldPath<EditAdminValues>[];

/** The Admin list's Edit: names, phone, department, role, permissions and status of one staff account. */
export function EditAdminModal({ admin, onClose }: { admin: StaffAccount | null; onClose: () => void }) {
  return (
    <Modal opened={admin !== null} onClose={onClose} title="Edit Admin" centered size="lg">
      {admin ? <EditAdminForm key={admin._id} admin={admin} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditAdminForm({ admin, onDone }: { admin: StaffAccount; onDone: () => void }) {
  const update = useUpdateAdmin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { dirtyFields },
  } = useForm<EditAdminValues, unknown, EditAdminBody>({
    resolver: zodResolver(editAdminSchema),
    defaultValues: {
      firstName: admin.firstName ?? admin.name.split(' ')[0] ?? '',
      lastName: admin.lastName ?? admin.name.split(' ').slice(1).join(' '),
      phone: admin.phone ?? '',
      department: (admin.department ?? '') as EditAdminValues['department'],
      role: admin.role,
      permissions: admin.permissions,
      status: admin.status,
    },
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    // Only what changed is sent: the server refuses changes to your own role, permissions or status.
    const body = Object.fromEntries(
      Object.entries(values).filter(([key]) => dirtyFields[key as keyof EditAdminValues]),
    ) as Partial<EditAdminBody>;
    try {
      await update.mutateAsync({ params: { path: { id: admin._id } }, body });
      toast.success('Admin updated.');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to update the admin.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit admin">
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField control={control} name="firstName" label="First Name" required />
          <TextField control={control} name="lastName" label="Last Name" required />
          <TextField control={control} name="phone" label="Phone" />
          <SelectField
            control={control}
            name="department"
            label="Department"
            data={[...DEPARTMENTS]}
            clearable
          />
          <SelectField
            control={control}
            name="role"
            label="Role"
            data={ADMIN_ROLE_OPTIONS}
            allowDeselect={false}
          />
          <SelectField
            control={control}
            name="status"
            label="Status"
            data={[...ADMIN_STATUSES]}
            allowDeselect={false}
          />
        </SimpleGrid>
        <PermissionCheckboxes control={control} name="permissions" />
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
