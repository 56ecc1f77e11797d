import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { NumberField, TextareaField, TextField } from '@shop/ui/form-fields';
import { formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useRecordVendorPayout } from '../api/vendor-earnings.mutations';
import { type PayoutInput, payoutSchema } from '../schemas/vendor-earnings.schema';

type Props = { vendorId: string; earnings: Schemas['VendorEarnings'] };

const PAYOUT_FIELDS: FieldPath<PayoutInput>[] = ['amount', 'reference', 'note'];

/** Record a payout staff made by bank transfer: it takes the amount off the store's balance. */
export function VendorPayoutForm({ vendorId, earnings }: Props) {
  const record = useRecordVendorPayout();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(payoutSchema(earnings.balance)),
    // The amount starts empty: the staff member types what they transferred.
    defaultValues: { reference: '', note: '' },
  });
  const save = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await record.mutateAsync({
        params: { path: { id: vendorId } },
        body: { amount: body.amount, reference: body.reference, ...(body.note ? { note: body.note } : {}) },
      });
      toast.success(answer.message ?? `Payout of ${formatMoney(body.amount, earnings.currency)} recorded.`);
      reset({ amount: undefined, reference: '', note: '' });
    } catch (error) {
      applyServerFieldErrors(error, PAYOUT_FIELDS, setError);
      setServerError(errorMessage(error, 'The payout could not be recorded.'));
    }
  });
  return (
    <form onSubmit={save} noValidate aria-labelledby="record-payout-title">
      <Stack gap="xs">
        <Title order={3} fz="h5" id="record-payout-title">
          Record payout
        </Title>
        <Group align="flex-start" gap="sm" grow>
          <NumberField
            control={control}
            name="amount"
            label={`Amount (${earnings.currency})`}
            description={`Balance: ${formatMoney(earnings.balance, earnings.currency)}`}
            // No min/max: clamping would quietly change the amount; the schema says what is wrong instead.
            decimalScale={2}
            withAsterisk
          />
          <TextField control={control} name="reference" label="Transfer reference" withAsterisk />
        </Group>
        <TextareaField control={control} name="note" label="Note" rows={2} />
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            Record payout
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
