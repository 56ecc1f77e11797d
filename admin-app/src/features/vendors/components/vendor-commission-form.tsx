import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { NumberField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateVendorCommission } from '../api/vendor-earnings.mutations';
import { type CommissionInput, commissionSchema } from '../schemas/vendor-earnings.schema';

type Props = { vendorId: string; earnings: Schemas['VendorEarnings'] };

/** The store's own commission; emptied, the store takes System Settings' default. */
export function VendorCommissionForm({ vendorId, earnings }: Props) {
  const update = useUpdateVendorCommission();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<
    CommissionInput,
    unknown,
    { commissionPercent: number | null }
  >({
    resolver: zodResolver(commissionSchema),
    values: { commissionPercent: earnings.commissionIsDefault ? undefined : earnings.commissionPercent },
  });
  const save = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await update.mutateAsync({ params: { path: { id: vendorId } }, body });
      toast.success(answer.message ?? 'Commission saved.');
    } catch (error) {
      applyServerFieldErrors<CommissionInput>(error, ['commissionPercent'], setError);
      setServerError(errorMessage(error, 'The commission could not be saved.'));
    }
  });
  return (
    <form onSubmit={save} noValidate aria-label="Commission">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <NumberField
            control={control}
            name="commissionPercent"
            label="Commission (%)"
            placeholder={`Default (${earnings.commissionPercent}%)`}
            decimalScale={2}
            w={200}
          />
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {earnings.commissionIsDefault
            ? `This store pays System Settings' default, ${earnings.commissionPercent}%.`
            : 'Leave empty to take System Settings’ default.'}{' '}
          A change applies to lines delivered afterwards.
        </Text>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
