import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import type { RefundView } from './refunds.repository.ts';

type Refund = components['schemas']['Refund'];

/** `RF-000123`, as refunds are shown to people. */
export const refundNumber = (number: number) => `RF-${String(number).padStart(6, '0')}`;

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
