import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import type { OrderItemRow, OrderRow } from './orders.repository.ts';

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

/** The supplier service a line ships with and its fee, as the shopper's and staff's order views show it. */
export function itemDelivery(
  item: Pick<OrderItemRow, 'deliveryCode' | 'deliveryCompany' | 'deliveryFeeMinor'>,
): components['schemas']['LineDelivery'] {
  return item.deliveryCode === null || item.deliveryFeeMinor === null
    ? null
    : {
        code: item.deliveryCode,
        company: item.deliveryCompany ?? item.deliveryCode,
        fee: toAmount(item.deliveryFeeMinor),
      };
}

/** The tax the order was priced with. */
export function orderTax(
  order: Pick<OrderRow, 'taxBasisPoints' | 'taxInclusive' | 'taxLabel'>,
): components['schemas']['AppliedTax'] {
  return { rate: order.taxBasisPoints / 100, inclusive: order.taxInclusive, label: order.taxLabel };
}
