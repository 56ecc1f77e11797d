import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { CheckboxField, NumberField, TextField } from '@shop/ui/form-fields';
import { formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRecordCodRemittance } from '../api/payments.mutations';
import { type RemittanceValues, remittanceSchema } from '../schemas/remittance.schema';

type RecordRemittanceModalProps = { order: Schemas['CodOrder'] | null; onClose: () => void };

/** Record remittance: what the courier handed over for one order; a remittance already recorded is replaced only when ticked. */
export function RecordRemittanceModal({ order, onClose }: RecordRemittanceModalProps) {
  const record = useRecordCodRemittance();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<RemittanceValues>({
    resolver: zodResolver(remittanceSchema),
    defaultValues: { reference: '', replace: false },
  });
  const close = () => {
    reset({ reference: '', replace: false });
    setServerError(null);
    onClose();
  };
  const save = handleSubmit(async (body) => {
    if (!order) return;
    try {
      const answer = await record.mutateAsync({ params: { path: { id: order._id } }, body });
      toast.success(answer.message ?? `Remittance for order ${order.orderNumber} recorded.`);
      close();
    } catch (error) {
      applyServerFieldErrors<RemittanceValues>(error, ['amount', 'reference'], setError);
      setServerError(errorMessage(error, 'Failed to record the remittance.'));
    }
  });
  return (
    <Modal opened={order !== null} onClose={close} title="Record remittance" centered>
      {order ? (
        <form onSubmit={save} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              Order {order.orderNumber} · {order.carrier ?? 'No carrier'} · owed{' '}
              {formatMoney(order.owed, order.currency)}
            </Text>
            <NumberField
              control={control}
              name="amount"
              label={`Amount handed over (${order.currency})`}
              decimalScale={2}
              withAsterisk
              data-autofocus
            />
            <TextField control={control} name="reference" label="Remittance reference" withAsterisk />
            {order.remitted !== null ? (
              <CheckboxField
                control={control}
                name="replace"
                label={`Replace the remittance already recorded (${formatMoney(order.remitted, order.currency)})`}
              />
            ) : null}
            {serverError ? (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={record.isPending}>
                Record remittance
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
