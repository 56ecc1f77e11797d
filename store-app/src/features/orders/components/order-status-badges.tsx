import { Badge, Group } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import '../orders-texts';

type Order = Schemas['Order'];

const STATUS_COLORS: Partial<Record<Order['status'], string>> = {
  Shipped: 'blue',
  Delivered: 'teal',
  Completed: 'teal',
  Cancelled: 'red',
  Failed: 'red',
};

/**
 * The order's status, then spec §4's two flags: payment (Paid/Unpaid, or its refund) and Delivered/Not Delivered.
 * A refund the store still has to pay back shows as pending: the payment status counts only money paid back.
 */
export function OrderStatusBadges({
  order,
}: {
  order: Pick<Order, 'status' | 'paymentStatus' | 'isDelivered' | 'refunds'>;
}) {
  const { t } = useTranslation('orders');
  const refundPending = order.refunds.some((refund) => refund.status === 'Pending');
  return (
    <Group gap="xs">
      <Badge color={STATUS_COLORS[order.status] ?? 'gray'}>{t(`status.${order.status}`)}</Badge>
      <Badge color={order.paymentStatus === 'Unpaid' ? 'orange' : 'teal'} variant="light">
        {t(`payment.${order.paymentStatus}`, { defaultValue: order.paymentStatus })}
      </Badge>
      {refundPending ? (
        <Badge color="yellow" variant="light">
          {t('payment.refundPending')}
        </Badge>
      ) : null}
      <Badge color={order.isDelivered ? 'teal' : 'gray'} variant="light">
        {order.isDelivered ? t('delivered') : t('notDelivered')}
      </Badge>
    </Group>
  );
}
