import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { NumberField, TextareaField, TextField } from '@shop/ui/form-fields';
import { formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useConfirmOrderPayment, useCreateRefund } from '../../api/orders.mutations';
import type { AdminOrder } from '../../lib/order-status';
import {
  type ConfirmPaymentValues,
  confirmPaymentSchema,
  type RefundValues,
  refundSchema,
} from '../../schemas/order-actions.schema';

type ModalProps = { order: AdminOrder; opened: boolean; onClose: () => void };

function ServerError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}

/** Confirm Payment: records an offline payment with its bank or receipt reference. */
export function ConfirmPaymentModal({ order, opened, onClose }: ModalProps) {
  const confirm = useConfirmOrderPayment();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<ConfirmPaymentValues>({
    resolver: zodResolver(confirmPaymentSchema),
    defaultValues: { reference: '' },
  });
  const close = () => {
    reset();
    setServerError(null);
    onClose();
  };
  const save = handleSubmit(async (body) => {
    try {
      await confirm.mutateAsync({ params: { path: { id: order._id } }, body });
      toast.success(`Payment of order ${order.id} confirmed.`);
      close();
    } catch (error) {
      applyServerFieldErrors<ConfirmPaymentValues>(error, ['reference'], setError);
      setServerError(errorMessage(error, 'Failed to confirm the payment.'));
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="Confirm Payment" centered>
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {order.payment.method}: {formatMoney(order.total, order.currency)}
          </Text>
          {order.payment.method === 'Cash on Delivery' ? (
            <Text size="xs" c="dimmed">
              Records the cash as collected by staff; a courier's delivery collects it on its own.
            </Text>
          ) : null}
          <TextField
            control={control}
            name="reference"
            label="Payment reference"
            withAsterisk
            data-autofocus
          />
          <ServerError message={serverError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Confirm Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const REFUND_FIELDS: FieldPath<RefundValues>[] = ['amount', 'reason'];

/** What may still be refunded: the total less every earlier refund, never below zero. */
export const refundableOf = (order: AdminOrder) =>
  Math.max(0, Math.round((order.total - order.refunded) * 100) / 100);

/**
 * Refund in one step: the server records the refund and pays it back through the payment provider when the
 * provider took the payment (card, PayPal); a payment taken outside the store stays a pending refund, paid back by
 * hand and then processed in Refund Handling. The server's answer says which.
 */
export function RefundModal({ order, opened, onClose }: ModalProps) {
  const refund = useCreateRefund();
  const refundable = refundableOf(order);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(refundSchema(refundable)),
    // The amount starts empty: the staff member types it.
    defaultValues: { reason: '' },
  });
  const close = () => {
    reset();
    setServerError(null);
    onClose();
  };
  const save = handleSubmit(async (body) => {
    try {
      const answer = await refund.mutateAsync({ params: { path: { id: order._id } }, body });
      const done = `Refund of ${formatMoney(body.amount, order.currency)} for order ${order.id}`;
      toast.success(
        answer.data.status === 'Completed'
          ? `${done} paid back.`
          : `${done} is pending: pay it back by hand, then process it in Refund Handling.`,
      );
      close();
    } catch (error) {
      applyServerFieldErrors(error, REFUND_FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to record the refund.'));
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="Refund" centered>
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Text size="sm">Remaining refundable: {formatMoney(refundable, order.currency)}</Text>
          <Text size="sm" c="dimmed">
            Card and PayPal payments taken at checkout are paid back at once; other payments are recorded as
            pending, to be paid back by hand.
          </Text>
          <NumberField
            control={control}
            name="amount"
            label={`Amount (${order.currency})`}
            // No min/max here: clamping would quietly change the amount; the schema says what is wrong instead.
            decimalScale={2}
            withAsterisk
            data-autofocus
          />
          <TextareaField control={control} name="reason" label="Reason" rows={2} withAsterisk />
          <ServerError message={serverError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              Refund
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
