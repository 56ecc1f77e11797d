import type { AdminOrder, OrderStatus } from './order-status';

export type TimelineStep = {
  label: string;
  reached: boolean;
  /** When the step was reached, if the order records it. */
  date: string | null;
  by: string | null;
  note: string | null;
};

/** Spec 2 §2: the timeline labels, each reached by these statuses. */
const STEPS: { label: string; statuses: OrderStatus[] }[] = [
  { label: 'Order Placed', statuses: ['Placed', 'Pending'] },
  { label: 'Payment Confirmed', statuses: ['Confirmed'] },
  { label: 'Processing', statuses: ['Processing'] },
  { label: 'Shipped', statuses: ['Shipped'] },
  { label: 'Delivered', statuses: ['Delivered', 'Completed'] },
];

const stepOf = (status: OrderStatus) => STEPS.findIndex((step) => step.statuses.includes(status));

/** The latest history entry in one of `statuses` (a restored order may pass a step twice). */
function latestEntry(order: AdminOrder, statuses: OrderStatus[]) {
  return order.statusHistory.filter((entry) => statuses.includes(entry.status)).at(-1);
}

/**
 * The five steps of the timeline. A step is reached when the history records it, when a later step is reached
 * (an order may skip Processing), or for 'Payment Confirmed' when the order is paid.
 */
export function timelineSteps(order: AdminOrder): TimelineStep[] {
  const furthest = Math.max(
    -1,
    ...order.statusHistory.map((entry) => stepOf(entry.status)),
    stepOf(order.status),
  );
  return STEPS.map((step, index) => {
    const entry = latestEntry(order, step.statuses);
    const paidAt = index === 1 ? order.payment.paidAt : null;
    const date = entry?.date ?? paidAt ?? (index === 0 ? order.date : null);
    return {
      label: step.label,
      reached: index === 0 || index <= furthest || entry !== undefined || paidAt !== null,
      date,
      by: entry?.by ?? null,
      note: entry?.note ?? null,
    };
  });
}

/** The Cancelled or Failed ending of an order, with its date and reason, or null for a live order. */
export function timelineEnding(order: AdminOrder) {
  if (order.status !== 'Cancelled' && order.status !== 'Failed') return null;
  const entry = latestEntry(order, [order.status]);
  return {
    status: order.status,
    date: entry?.date ?? null,
    by: entry?.by ?? null,
    reason: order.reason ?? entry?.note ?? null,
  };
}
