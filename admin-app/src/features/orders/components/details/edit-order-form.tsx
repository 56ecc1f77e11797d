import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useUpdateAdminOrder } from '../../api/orders.mutations';
import type { AdminOrder } from '../../lib/order-status';
import { type EditOrderValues, editOrderSchema, editOrderValues } from '../../schemas/edit-order.schema';
import { DetailPanel } from './detail-panel';

const FIELDS: FieldPath<EditOrderValues>[] = [
  'shippingAddress.full_name',
  'shippingAddress.address',
  'shippingAddress.city',
  'shippingAddress.province',
  'shippingAddress.postalCode',
  'shippingAddress.country',
  'shippingAddress.mobile_no',
  'notes',
];

/** Edit Order: the shipping address and the staff notes (PUT /orders/{id}/edit). */
export function EditOrderForm({ order }: { order: AdminOrder }) {
  const update = useUpdateAdminOrder();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(editOrderSchema),
    defaultValues: editOrderValues(order),
  });

  const save = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const { data } = await update.mutateAsync({ params: { path: { id: order._id } }, body });
      reset(editOrderValues(data));
      toast.success('Order updated.');
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to update the order.'));
    }
  });

  return (
    <DetailPanel title="Address and Notes">
      <form onSubmit={save} noValidate aria-label="Address and notes">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="shippingAddress.full_name" label="Full name" />
            <TextField control={control} name="shippingAddress.mobile_no" label="Mobile number" />
          </SimpleGrid>
          <TextField control={control} name="shippingAddress.address" label="Address" withAsterisk />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="shippingAddress.city" label="City" withAsterisk />
            <TextField control={control} name="shippingAddress.province" label="Province" />
            <TextField control={control} name="shippingAddress.postalCode" label="Postal code" withAsterisk />
            <TextField control={control} name="shippingAddress.country" label="Country" withAsterisk />
          </SimpleGrid>
          <TextareaField control={control} name="notes" label="Notes" rows={3} />
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </DetailPanel>
  );
}
