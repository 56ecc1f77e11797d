import { Badge } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { type OrderStatus, STATUS_COLOR } from '../lib/order-status';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {status}
    </Badge>
  );
}

const PAYMENT_COLOR: Record<Schemas['PaymentStatus'], string> = {
  Paid: 'teal',
  Unpaid: 'yellow',
  Refunded: 'gray',
  'Partially Refunded': 'orange',
};

export function PaymentStatusBadge({ status }: { status: Schemas['PaymentStatus'] }) {
  return (
    <Badge variant="light" color={PAYMENT_COLOR[status]}>
      {status}
    </Badge>
  );
}

const FORWARDING_COLOR: Record<Schemas['ForwardingStatus'], string> = {
  Pending: 'yellow',
  Forwarded: 'blue',
  Shipped: 'teal',
  Failed: 'red',
};

export function ForwardingStatusBadge({ status }: { status: Schemas['ForwardingStatus'] }) {
  return (
    <Badge variant="light" color={FORWARDING_COLOR[status]}>
      {status}
    </Badge>
  );
}

export function RefundStatusBadge({ status }: { status: Schemas['RefundStatus'] }) {
  return (
    <Badge variant="light" color={status === 'Completed' ? 'teal' : 'yellow'}>
      {status}
    </Badge>
  );
}
