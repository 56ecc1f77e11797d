import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toLocalInput } from '@shop/ui/discount.schema';
import { NumberField, SelectField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useCreateVendorCoupon, useUpdateVendorCoupon } from '../api/vendor-coupons.mutations';
import {
  COUPON_TYPES,
  type CouponFormBody,
  type CouponFormValues,
  couponFormSchema,
} from '../schemas/coupon-form.schema';

type VendorCoupon = Schemas['VendorCoupon'];

const FIELDS: FieldPath<CouponFormValues>[] = [
  'code',
  'type',
  'value',
  'startsAt',
  'endsAt',
  'usageLimit',
  'minOrder',
];

type CouponFormModalProps = {
  /** `new` opens New Coupon; a coupon opens Edit Coupon; null closes the form. */
  editing: VendorCoupon | 'new' | null;
  onClose: () => void;
};

export function CouponFormModal({ editing, onClose }: CouponFormModalProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'New Coupon' : 'Edit Coupon'}
      centered
      size="lg"
    >
      {editing ? (
        <CouponForm
          key={editing === 'new' ? 'new' : editing._id}
          coupon={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function defaultsOf(coupon: VendorCoupon | null): CouponFormValues {
  if (!coupon) return { code: '', type: 'percentage', startsAt: '', endsAt: '' };
  return {
    code: coupon.code,
    // A coupon staff turned into free shipping is edited back into one of the vendor's kinds.
    type: coupon.type === 'fixed' ? 'fixed' : 'percentage',
    value: coupon.type === 'free_shipping' ? undefined : coupon.value,
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    usageLimit: coupon.usageLimit ?? undefined,
    minOrder: coupon.minOrder > 0 ? coupon.minOrder : undefined,
  };
}

function CouponForm({ coupon, onDone }: { coupon: VendorCoupon | null; onDone: () => void }) {
  const create = useCreateVendorCoupon();
  const update = useUpdateVendorCoupon();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<CouponFormValues, unknown, CouponFormBody>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: defaultsOf(coupon),
  });
  const type = useWatch({ control, name: 'type' });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = coupon
        ? await update.mutateAsync({ params: { path: { id: coupon._id } }, body })
        : await create.mutateAsync({ body });
      toast.success(answer.message ?? (coupon ? 'Coupon saved.' : 'Coupon created.'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(
        errorMessage(error, coupon ? 'Failed to save the coupon.' : 'Failed to create the coupon.'),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={coupon ? 'Edit coupon' : 'New coupon'}>
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextField
          control={control}
          name="code"
          label="Code"
          description="3 to 32 letters, digits and dashes; shoppers type it at checkout."
          required
          maxLength={32}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField control={control} name="type" label="Type" data={COUPON_TYPES} allowDeselect={false} />
          <NumberField
            control={control}
            name="value"
            label={type === 'fixed' ? 'Amount Off (USD)' : 'Percent Off'}
            min={0}
            decimalScale={2}
            required
          />
          <TextField control={control} name="startsAt" label="Start" type="datetime-local" required />
          <TextField control={control} name="endsAt" label="End" type="datetime-local" required />
          <NumberField
            control={control}
            name="usageLimit"
            label="Usage Limit"
            description="Orders that may use it in all; empty for no limit."
            min={1}
            allowDecimal={false}
          />
          <NumberField
            control={control}
            name="minOrder"
            label="Minimum Order (USD)"
            description="Your items' total an order needs; empty for none."
            min={0}
            decimalScale={2}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {coupon ? 'Save Coupon' : 'Create Coupon'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
