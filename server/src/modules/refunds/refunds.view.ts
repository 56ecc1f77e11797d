import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import { refundNumber } from '../orders/orders.view.ts';
import type { RefundView } from './refunds.repository.ts';

type Refund = components['schemas']['Refund'];

export function toRefund({ refund, orderNumber, customer }: RefundView): Refund {
  return {
    _id: refund.id,
    id: refundNumber(refund.number),
    orderId: refund.orderId,
    orderNumber,
    customer,
    amount: toAmount(refund.amountMinor),
    currency: refund.currency,
    status: refund.status,
    reason: refund.reason,
    createdAt: refund.createdAt.toISOString(),
    processedAt: refund.processedAt?.toISOString() ?? null,
    createdBy: refund.createdBy,
    processedBy: refund.processedBy,
    gatewayRef: refund.gatewayRef,
  };
}
