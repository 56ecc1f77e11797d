import type { Schemas } from '@shop/sdk/types';

type Order = Schemas['Order'];
type OrderStatus = Schemas['OrderStatus'];

/** Spec 2's timeline labels, in order. */
export const TIMELINE_LABELS = [
  'Order Placed',
  'Payment Confirmed',
  'Processing',
  'Shipped',
  'Delivered',
] as const;

export type TimelineStep = {
  label: (typeof TIMELINE_LABELS)[number];
  done: boolean;
  /** When the step happened, when the order says. */
  date: string | null;
  /** The note given with the move, if any. */
  note: string | null;
};

/** Statuses at or past each step of the lifecycle. */
const REACHED: Record<'Processing' | 'Shipped' | 'Delivered', readonly OrderStatus[]> = {
  Processing: ['Processing', 'Shipped', 'Delivered', 'Completed'],
  Shipped: ['Shipped', 'Delivered', 'Completed'],
  Delivered: ['Delivered', 'Completed'],
};

/** The order's progress through the timeline, from its status history, payment and delivery. */
export function orderTimeline(order: Order): TimelineStep[] {
  const last = (status: OrderStatus) => order.statusHistory.findLast((entry) => entry.status === status);
  const step = (status: keyof typeof REACHED): TimelineStep => {
    const entry = last(status);
    return {
      label: status,
      done: entry !== undefined || REACHED[status].includes(order.status),
      date: entry?.date ?? (status === 'Delivered' ? (order.deliveredAt ?? null) : null),
      note: entry?.note ?? null,
    };
  };
  const placed = last('Placed');
  const delivered = step('Delivered');
  return [
    { label: 'Order Placed', done: true, date: placed?.date ?? order.createdAt, note: placed?.note ?? null },
    // A refunded order was paid once.
    {
      label: 'Payment Confirmed',
      done: order.isPaid || order.paymentStatus !== 'Unpaid',
      date: order.paidAt ?? null,
      note: null,
    },
    step('Processing'),
    step('Shipped'),
    { ...delivered, done: delivered.done || order.isDelivered },
  ];
}
