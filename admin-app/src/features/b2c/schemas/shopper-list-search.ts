import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

/** Spec 2: the B2C customer statuses. */
export const SHOPPER_STATUSES = [
  'active',
  'suspended',
  'guest',
] as const satisfies readonly Schemas['ShopperStatus'][];

/** The shopper list's state, kept in the URL: page, search and status. */
export const shopperListSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
  status: z
    .enum(['all', ...SHOPPER_STATUSES])
    .default('all')
    .catch('all'),
});

export type ShopperListSearch = z.output<typeof shopperListSearchSchema>;
export const shopperListSearchDefaults = { page: 1, q: '', status: 'all' } as const;

/** The list's filters as GET /b2c/shoppers takes them. */
export function shopperFilters(search: ShopperListSearch) {
  return {
    q: search.q || undefined,
    status: search.status === 'all' ? undefined : search.status,
  };
}
