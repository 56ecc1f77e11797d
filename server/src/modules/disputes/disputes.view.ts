import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import { refundNumber } from '../refunds/index.ts';
import type { DisputeDetails } from './disputes.repository.ts';
import { waitingHours } from './disputes.workflow.ts';

type Dispute = components['schemas']['Dispute'];

/** A dispute as the contract shows it; the response clock is read at `now`. */
export function toDispute(details: DisputeDetails, now: Date): Dispute {
  const { dispute, messages } = details;
  return {
    _id: dispute.id,
    subject: dispute.subject,
    description: dispute.description,
    category: dispute.category,
    priority: dispute.priority,
    status: dispute.status,
    user: { _id: dispute.customerId, name: details.customerName },
    order:
      dispute.orderId !== null && details.orderNumber !== null && details.orderCurrency !== null
        ? { _id: dispute.orderId, orderNumber: details.orderNumber, currency: details.orderCurrency }
        : null,
    orderId: dispute.orderRef,
    evidence: dispute.evidence,
    messages: messages.map((message) => ({
      _id: message.id,
      sender: message.sender,
      message: message.message,
      timestamp: message.createdAt.toISOString(),
      readByStaffAt: message.readByStaffAt?.toISOString() ?? null,
    })),
    resolution:
      dispute.resolutionAction !== null && dispute.resolvedAt !== null
        ? {
            action: dispute.resolutionAction,
            amount: dispute.resolutionAmountMinor === null ? null : toAmount(dispute.resolutionAmountMinor),
            currency: dispute.resolutionCurrency,
            notes: dispute.resolutionNotes,
            resolvedAt: dispute.resolvedAt.toISOString(),
            refundId: details.refundNumber === null ? null : refundNumber(details.refundNumber),
          }
        : null,
    createdAt: dispute.createdAt.toISOString(),
    updatedAt: dispute.updatedAt.toISOString(),
    waitingSince: dispute.waitingSince?.toISOString() ?? null,
    waitingHours: waitingHours(dispute.waitingSince, now),
    unreadMessages: messages.filter((message) => message.sender === 'user' && message.readByStaffAt === null)
      .length,
  };
}
