import type { Schemas } from '@shop/sdk/types';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../../../test/network';

type Dispute = Schemas['Dispute'];

/** A dispute as the API answers it: open, about an order, the shopper's first message unanswered for 5 hours. */
export function makeDispute(n: number, overrides: Partial<Dispute> = {}): Dispute {
  return {
    _id: `d-${n}`,
    subject: `Earbuds case broken ${n}`,
    description: 'The charging case lid snapped off on arrival.',
    category: 'product_quality',
    priority: 'medium',
    status: 'open',
    user: { _id: `c-${n}`, name: `Shopper ${n}` },
    order: { _id: `o-${n}`, orderNumber: `ORD-2026112${n}-0007`, currency: 'USD' },
    orderId: `ORD-2026112${n}-0007`,
    evidence: [],
    messages: [
      {
        _id: `m-${n}-1`,
        sender: 'user',
        message: 'The lid snapped off when I opened the box.',
        timestamp: '2026-11-22T08:00:00.000Z',
        readByStaffAt: null,
      },
    ],
    resolution: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    waitingSince: '2026-11-22T08:00:00.000Z',
    waitingHours: 5,
    unreadMessages: 1,
    ...overrides,
  };
}

export const listEnvelope = (disputes: Dispute[], total = disputes.length) => ({
  success: true,
  data: disputes,
  meta: { page: 1, limit: 20, total },
});

export const statsEnvelope = (stats: Schemas['DisputeStats'] = { total: 0, open: 0, byStatus: [] }) =>
  dataEnvelope(stats);

export { dataEnvelope, errorEnvelope, jsonResponse, stubApi };
