import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { ORDER_STATUSES } from '../lib/order-status';

const page = z.number().int().min(1).default(1).catch(1);
const day = z.iso.date().optional().catch(undefined);

/** Order details: which order, and whether it opens in edit or print mode (so each has a URL). */
export const orderDetailsSearchSchema = z.object({
  id: z.string().min(1).max(64).optional().catch(undefined),
  mode: z.enum(['edit', 'print']).optional().catch(undefined),
});
export type OrderDetailsSearch = z.output<typeof orderDetailsSearchSchema>;

export const FORWARDING_STATUSES = [
  'Pending',
  'Forwarded',
  'Shipped',
  'Failed',
] as const satisfies readonly Schemas['ForwardingStatus'][];
export const forwardingSearchSchema = z.object({
  page,
  status: z
    .enum(['all', ...FORWARDING_STATUSES])
    .default('all')
    .catch('all'),
});
export type ForwardingSearch = z.output<typeof forwardingSearchSchema>;
export const forwardingSearchDefaults = { page: 1, status: 'all' } as const;

export const RECOVERY_STATUSES = ['Cancelled', 'Failed'] as const;
export const recoverySearchSchema = z.object({
  page,
  status: z
    .enum(['all', ...RECOVERY_STATUSES])
    .default('all')
    .catch('all'),
});
export type RecoverySearch = z.output<typeof recoverySearchSchema>;
export const recoverySearchDefaults = { page: 1, status: 'all' } as const;

export const REFUND_STATUSES = ['Pending', 'Completed'] as const satisfies readonly Schemas['RefundStatus'][];
export const RETURN_REQUEST_STATUSES = [
  'Requested',
  'Approved',
  'Rejected',
  'Refunded',
] as const satisfies readonly Schemas['StaffReturnRequest']['status'][];
/** The Refund Handling screen's two lists: refunds (page, status) and return requests (`requests…`). */
export const refundSearchSchema = z.object({
  page,
  status: z
    .enum(['all', ...REFUND_STATUSES])
    .default('all')
    .catch('all'),
  requestsPage: page,
  requestsStatus: z
    .enum(['all', ...RETURN_REQUEST_STATUSES])
    .default('Requested')
    .catch('Requested'),
});
export type RefundSearch = z.output<typeof refundSearchSchema>;
export const refundSearchDefaults = {
  page: 1,
  status: 'all',
  requestsPage: 1,
  requestsStatus: 'Requested',
} as const;

/** The return requests' part of the Refund Handling address, as the kit's paged list reads it. */
export type ReturnRequestSearch = { page: number; status: RefundSearch['requestsStatus'] };

export const statusLogSearchSchema = z.object({
  page,
  q: z.string().max(200).default('').catch(''),
  status: z
    .enum(['all', ...ORDER_STATUSES])
    .default('all')
    .catch('all'),
  from: day,
  to: day,
});
export type StatusLogSearch = z.output<typeof statusLogSearchSchema>;
export const statusLogSearchDefaults = { page: 1, q: '', status: 'all' } as const;
