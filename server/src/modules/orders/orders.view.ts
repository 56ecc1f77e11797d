import type { components } from '@shop/sdk/types';
import type { OrderRow } from './orders.repository.ts';

type PaymentStatus = components['schemas']['PaymentStatus'];

/** Paid or not, and how much of it came back. */
export function paymentStatusOf(
  order: Pick<OrderRow, 'isPaid' | 'refundedMinor' | 'totalMinor'>,
): PaymentStatus {
  if (order.refundedMinor > 0) {
    return order.refundedMinor >= order.totalMinor ? 'Refunded' : 'Partially Refunded';
  }
  return order.isPaid ? 'Paid' : 'Unpaid';
}

/** `RF-000123`, as refunds are shown to people. */
export const refundNumber = (number: number) => `RF-${String(number).padStart(6, '0')}`;
