import { Divider, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@shop/ui/format';
import { taxLineLabel } from '../../lib/order-charges';
import type { AdminOrder } from '../../lib/order-status';
import { OrderStatusBadge } from '../status-badges';
import { DetailPanel, Field } from './detail-panel';

/** Spec 2 §2 Order details: the order info panel, with the server's totals in the order's currency. */
export function OrderInfoPanel({ order }: { order: AdminOrder }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return (
    <DetailPanel title="Order Info">
      <Field label="Order ID">{order.id}</Field>
      <Field label="Date">{formatDate(order.date)}</Field>
      <Field label="Status">
        <OrderStatusBadge status={order.status} />
      </Field>
      <Field label="Channel">{order.channel.toUpperCase()}</Field>
      <Divider />
      <Field label="Items">{money(order.itemsPrice)}</Field>
      <Field label="Shipping">{money(order.shippingPrice)}</Field>
      {/* Included tax is already in the items: the total does not add it again. */}
      <Field label={taxLineLabel(order.tax)}>{money(order.taxPrice)}</Field>
      {order.dutyLabel ? <Field label={order.dutyLabel}>{money(order.dutyPrice ?? 0)}</Field> : null}
      {order.paymentFee ? <Field label="Cash on Delivery Fee">{money(order.paymentFee)}</Field> : null}
      {order.discount > 0 ? (
        <Field label={order.couponCode ? `Discount (${order.couponCode})` : 'Discount'}>
          -{money(order.discount)}
        </Field>
      ) : null}
      <Field label="Total">
        <Text fw={700} size="sm">
          {money(order.total)}
        </Text>
      </Field>
      {/* Paid back or still pending: the Payment panel shows each refund's state. */}
      {order.refunded > 0 ? <Field label="Refunds">{money(order.refunded)}</Field> : null}
      {order.notes ? <Field label="Notes">{order.notes}</Field> : null}
    </DetailPanel>
  );
}
