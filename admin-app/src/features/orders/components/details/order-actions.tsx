import { Button, Group, Menu } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { toast } from '@shop/ui/notifications';
import { IconChevronDown, IconDownload, IconEdit, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { saveBlob } from '../../../../lib/download';
import { useForwardOrder } from '../../api/orders.mutations';
import { orderExportBlob } from '../../lib/order-export';
import type { AdminOrder } from '../../lib/order-status';
import type { OrderDetailsSearch } from '../../schemas/screen-search';
import { ConfirmPaymentModal, RefundModal, refundableOf } from './payment-refund-modals';

type OrderActionsProps = {
  order: AdminOrder;
  mode: OrderDetailsSearch['mode'];
  onModeChange: (mode: OrderDetailsSearch['mode']) => void;
};

const isPaid = (order: AdminOrder) =>
  order.payment.status === 'Paid' || order.payment.status === 'Partially Refunded';
const isClosed = (order: AdminOrder) => order.status === 'Cancelled' || order.status === 'Failed';

/**
 * Spec 2 §2 buttons Edit Order, Print and Export, and the staff actions each order offers only when it can take
 * them: Confirm Payment (unpaid), Forward to AliExpress (paid, with marketplace items waiting or failed) and
 * Refund (paid, with something left to refund).
 */
export function OrderActions({ order, mode, onModeChange }: OrderActionsProps) {
  const forward = useForwardOrder();
  const [dialog, setDialog] = useState<'payment' | 'refund' | 'forward' | null>(null);

  const canConfirmPayment = order.payment.status === 'Unpaid' && !isClosed(order);
  // Cash on delivery is paid at the door: a confirmed order goes to the supplier unpaid.
  const readyToShip =
    isPaid(order) ||
    (order.payment.method === 'Cash on Delivery' && ['Confirmed', 'Processing'].includes(order.status));
  const canForward =
    readyToShip &&
    order.status !== 'Cancelled' &&
    (order.forwarding?.status === 'Pending' || order.forwarding?.status === 'Failed');
  const canRefund = isPaid(order) && refundableOf(order) > 0;

  const exportAs = (format: 'csv' | 'json') => {
    const { blob, fileName } = orderExportBlob(order, format);
    saveBlob(blob, fileName);
  };

  const runForward = async () => {
    try {
      const { data } = await forward.mutateAsync({ params: { path: { id: order._id } } });
      toast.success(
        `Order ${order.id} forwarded${data.aeOrderId ? ` (supplier order ${data.aeOrderId})` : ''}.`,
      );
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to forward the order.'));
    } finally {
      setDialog(null);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Order actions">
      <Button
        leftSection={<IconEdit size={14} aria-hidden />}
        variant={mode === 'edit' ? 'filled' : 'default'}
        onClick={() => onModeChange(mode === 'edit' ? undefined : 'edit')}
      >
        Edit Order
      </Button>
      <Button
        leftSection={<IconPrinter size={14} aria-hidden />}
        variant="default"
        onClick={() => onModeChange('print')}
      >
        Print
      </Button>
      <Menu position="bottom-start">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => exportAs('csv')}>CSV</Menu.Item>
          <Menu.Item onClick={() => exportAs('json')}>JSON</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canConfirmPayment ? (
        <Button variant="light" color="teal" onClick={() => setDialog('payment')}>
          Confirm Payment
        </Button>
      ) : null}
      {canForward ? (
        <Button variant="light" onClick={() => setDialog('forward')}>
          Forward to AliExpress
        </Button>
      ) : null}
      {canRefund ? (
        <Button variant="light" color="red" onClick={() => setDialog('refund')}>
          Refund
        </Button>
      ) : null}
      <ConfirmPaymentModal order={order} opened={dialog === 'payment'} onClose={() => setDialog(null)} />
      <RefundModal order={order} opened={dialog === 'refund'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog === 'forward'}
        title="Forward to AliExpress"
        message={`Place the supplier order for the marketplace items of order ${order.id}?`}
        confirmLabel="Forward"
        busy={forward.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void runForward()}
      />
    </Group>
  );
}
