import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { ORDER_STATUSES } from '../lib/order-status';

const page = z.number().int().min(1).default(1).catch(1);
const q = z.string().max(200).default('').catch('');
const day = z.iso.date().optional().catch(undefined);

export const ORDER_CHANNELS = ['b2c', 'd2c', 'b2b'] as const satisfies readonly Schemas['OrderChannel'][];
export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;

/** The order list's state, kept in the URL: page, search, status, the Filters (dates, channel) and the sort. */
export const orderListSearchSchema = z.object({
  page,
  q,
  status: z
    .enum(['all', ...ORDER_STATUSES])
    .default('all')
    .catch('all'),
  from: day,
  to: day,
  channel: z.enum(ORDER_CHANNELS).optional().catch(undefined),
  sort: z.enum(ORDER_SORTS).default('newest').catch('newest'),
});

export type OrderListSearch = z.output<typeof orderListSearchSchema>;
export const orderListSearchDefaults = { page: 1, q: '', status: 'all', sort: 'newest' } as const;

/** The list's filters as GET /orders and GET /orders/export take them. */
export function orderFilters(search: OrderListSearch) {
  return {
    q: search.q || undefined,
    status: search.status === 'all' ? undefined : [search.status],
    from: search.from,
    to: search.to,
    channel: search.channel,
    sort: search.sort,
  };
}
