import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useCreateFactory, useUpdateFactory } from '../api/d2c.mutations';
import {
  type FactoryFormBody,
  type FactoryFormValues,
  factoryFormSchema,
} from '../schemas/factory-form.schema';

type Factory = Schemas['Factory'];

const FIELDS = Object.keys(factoryFormSchema.shape) as FieldPath<FactoryFormValues>[];

type FactoryFormModalProps = {
  /** `new` opens Add Factory; a factory opens Edit Factory; null closes the form. */
  editing: Factory | 'new' | null;
  onClose: () => void;
};

/** Add Factory and Edit Factory, one form: the server checks every field again and its messages land beside them. */
export function FactoryFormModal({ editing, onClose }: FactoryFormModalProps) {
  const title = editing === 'new' ? 'Add Factory' : 'Edit Factory';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} centered size="lg">
      {editing ? (
        <FactoryForm
          key={editing === 'new' ? 'new' : editing._id}
          factory={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function FactoryForm({ factory, onDone }: { factory: Factory | null; onDone: () => void }) {
  const create = useCreateFactory();
  const update = useUpdateFactory();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FactoryFormValues, unknown, FactoryFormBody>({
    resolver: zodResolver(factoryFormSchema),
    defaultValues: {
      name: factory?.name ?? '',
      email: factory?.email ?? '',
      phone: factory?.phone ?? '',
      country: factory?.country ?? '',
      description: factory?.description ?? '',
    },
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = factory
        ? await update.mutateAsync({ params: { path: { id: factory._id } }, body })
        : await create.mutateAsync({ body });
      toast.success(answer.message ?? (factory ? 'Factory updated.' : 'Factory added.'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(
        errorMessage(error, factory ? 'Failed to update the factory.' : 'Failed to add the factory.'),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={factory ? 'Edit factory' : 'Add factory'}>
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextField control={control} name="name" label="Name" required />
        <TextField control={control} name="email" label="Email" type="email" required />
        <TextField control={control} name="phone" label="Phone" placeholder="+8801711223344" />
        <TextField
          control={control}
          name="country"
          label="Country"
          description="Two-letter ISO code, for example BD"
          maxLength={2}
        />
        <TextareaField control={control} name="description" label="Description" rows={3} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {factory ? 'Save' : 'Add Factory'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
