import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { SelectField, TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { type DefaultValues, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useChangeOrderStatus } from '../../api/orders.mutations';
import type { AdminOrder } from '../../lib/order-status';
import {
  type StatusChangeBody,
  type StatusChangeValues,
  statusChangeSchema,
} from '../../schemas/order-actions.schema';
import { DetailPanel } from './detail-panel';

const FIELDS: FieldPath<StatusChangeValues>[] = ['status', 'note', 'carrier', 'trackingNumber'];
// No status is chosen at first: the staff member picks one of the allowed moves.
const EMPTY: DefaultValues<StatusChangeValues> = { note: '', carrier: '', trackingNumber: '' };

/** A paid order with money left to give back. */
const refundsOnCancel = (order: AdminOrder) =>
  (order.payment.status === 'Paid' || order.payment.status === 'Partially Refunded') &&
  order.total > order.refunded;

/** A status change with a note; the order's `allowedStatuses` are the choices, and Shipped asks for tracking. */
export function StatusChangeForm({ order }: { order: AdminOrder }) {
  const change = useChangeOrderStatus();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<StatusChangeValues, unknown, StatusChangeBody>({
    resolver: zodResolver(statusChangeSchema),
    defaultValues: EMPTY,
  });
  const status = useWatch({ control, name: 'status' });

  const save = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = await change.mutateAsync({ params: { path: { id: order._id } }, body });
      reset(EMPTY);
      // A paid order's cancellation also refunds it; the server's message says whether it was paid back.
      toast.success(
        body.status === 'Cancelled' && answer.message
          ? answer.message
          : `Order ${order.id} moved to ${body.status}.`,
      );
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'Failed to change the status.'));
    }
  });

  return (
    <DetailPanel title="Change Status">
      {order.allowedStatuses.length === 0 ? (
        <Text size="sm" c="dimmed">
          An order in status {order.status} cannot move to another status.
        </Text>
      ) : (
        <form onSubmit={save} noValidate aria-label="Change status">
          <Stack gap="sm">
            <SelectField
              control={control}
              name="status"
              label="New status"
              placeholder="Choose a status"
              data={order.allowedStatuses}
              withAsterisk
            />
            {status === 'Shipped' ? (
              <>
                <TextField control={control} name="carrier" label="Carrier" withAsterisk />
                <TextField control={control} name="trackingNumber" label="Tracking number" withAsterisk />
              </>
            ) : null}
            {status === 'Cancelled' && refundsOnCancel(order) ? (
              <Alert color="yellow">
                This order is paid: cancelling it refunds what is left of the payment. Card and PayPal
                payments are paid back at once; other payments become a pending refund in Refund Handling.
              </Alert>
            ) : null}
            <TextareaField control={control} name="note" label="Note" rows={2} />
            {serverError ? (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                Update Status
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </DetailPanel>
  );
}
