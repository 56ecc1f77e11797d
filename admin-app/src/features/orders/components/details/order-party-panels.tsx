import { Divider, Group, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@shop/ui/format';
import type { AdminOrder } from '../../lib/order-status';
import { PaymentStatusBadge, RefundStatusBadge } from '../status-badges';
import { DetailPanel, Field } from './detail-panel';

/** Spec 2 §3 Order: customer, email, phone. */
export function CustomerPanel({ order }: { order: AdminOrder }) {
  return (
    <DetailPanel title="Customer">
      <Field label="Name">{order.customer}</Field>
      <Field label="Email">{order.email}</Field>
      <Field label="Phone">{order.phone ?? order.shippingAddress.mobile_no}</Field>
    </DetailPanel>
  );
}

/** Spec 2 §3 Order shipping{method, tracking, address}, with the carrier given when it shipped. */
export function ShippingPanel({ order }: { order: AdminOrder }) {
  return (
    <DetailPanel title="Shipping">
      <Field label="Address">{order.shipping.address}</Field>
      <Field label="Method">{order.shipping.method}</Field>
      <Field label="Carrier">{order.shipping.carrier}</Field>
      <Field label="Tracking">{order.shipping.tracking}</Field>
    </DetailPanel>
  );
}

/** Spec 2 §3 Order payment{method, gatewayRef, status}, with when it was paid. */
export function PaymentPanel({ order }: { order: AdminOrder }) {
  return (
    <DetailPanel title="Payment">
      <Field label="Method">{order.payment.method}</Field>
      <Field label="Status">
        <PaymentStatusBadge status={order.payment.status} />
      </Field>
      <Field label="Gateway Ref">{order.payment.gatewayRef}</Field>
      <Field label="Paid At">{order.payment.paidAt ? formatDate(order.payment.paidAt) : null}</Field>
      {order.cashOnDelivery ? (
        <Field label="Cash Collected">
          {order.cashOnDelivery.collectedAt
            ? `${formatDate(order.cashOnDelivery.collectedAt)} by ${order.cashOnDelivery.collectedBy === 'staff' ? 'staff' : 'the courier'}`
            : 'Not yet: the courier collects it on delivery'}
        </Field>
      ) : null}
      {order.refunds.length > 0 ? (
        <>
          <Divider label="Refunds" labelPosition="left" />
          {order.refunds.map((refund) => (
            <Group key={refund._id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                {refund.id}: {formatMoney(refund.amount, refund.currency)}
              </Text>
              <RefundStatusBadge status={refund.status} />
            </Group>
          ))}
        </>
      ) : null}
    </DetailPanel>
  );
}
