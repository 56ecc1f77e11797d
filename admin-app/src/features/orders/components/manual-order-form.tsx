import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { NumberField, SelectField, TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { AnchorLink } from '../../../components/router-links';
import { useCreateAdminOrder } from '../api/orders.mutations';
import {
  MANUAL_PAYMENT_METHODS,
  type ManualOrderBody,
  type ManualOrderValues,
  manualOrderDefaults,
  manualOrderSchema,
} from '../schemas/manual-order.schema';
import { ProductPicker } from './product-picker';

const FIELDS = Object.keys(manualOrderSchema.shape) as FieldPath<ManualOrderValues>[];

/** Spec 2 §2 Manual Order Placement: the server prices the order, applies the discount and reserves stock. */
export function ManualOrderForm() {
  const create = useCreateAdminOrder();
  const [created, setCreated] = useState<Schemas['AdminOrder'] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<ManualOrderValues, unknown, ManualOrderBody>({
    resolver: zodResolver(manualOrderSchema),
    defaultValues: manualOrderDefaults,
  });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const { data } = await create.mutateAsync({ body });
      setCreated(data);
      reset(manualOrderDefaults);
      toast.success(`Order created successfully! ${data.id}`);
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to create the order.'));
    }
  });

  return (
    <Stack gap="md">
      {created ? (
        <Alert
          color="teal"
          title="Order created successfully!"
          withCloseButton
          onClose={() => setCreated(null)}
        >
          <AnchorLink to="/manage-admin/orders/details" search={{ id: created._id }}>
            View order {created.id}
          </AnchorLink>
        </Alert>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate aria-label="Manual order">
          <Stack gap="md">
            <Title order={3} size="h5">
              Order
            </Title>
            <ProductPicker control={control} />
            {/* The numbers are not clamped while typing: the schema says what is out of range instead. */}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextField
                control={control}
                name="skuId"
                label="SKU"
                description="Empty: the first SKU in stock"
              />
              <NumberField
                control={control}
                name="quantity"
                label="Quantity"
                min={1}
                max={12}
                allowDecimal={false}
              />
              <NumberField control={control} name="discountPercent" label="Discount (%)" decimalScale={2} />
            </SimpleGrid>
            <TextareaField control={control} name="address" label="Address" rows={2} withAsterisk />
            <SelectField
              control={control}
              name="paymentMethod"
              label="Payment method"
              data={[...MANUAL_PAYMENT_METHODS]}
              allowDeselect={false}
              withAsterisk
            />
            <Title order={3} size="h5">
              Customer
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextField control={control} name="customerName" label="Customer name" />
              <TextField control={control} name="customerEmail" label="Customer email" type="email" />
              <TextField control={control} name="phone" label="Phone" type="tel" />
            </SimpleGrid>
            {serverError ? (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Place Order
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
