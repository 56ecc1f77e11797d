import { z } from 'zod';

export const VENDOR_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;

/** The list's state, kept in the URL: page, search and status filter, and the store whose earnings are open. */
export const vendorListSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
  status: z
    .enum(['all', ...VENDOR_STATUSES])
    .default('all')
    .catch('all'),
  vendor: z.guid().optional().catch(undefined),
  /** The open store's ledger page. */
  ledger: z.number().int().min(1).default(1).catch(1),
});

export type VendorListSearch = z.output<typeof vendorListSearchSchema>;
export const vendorListSearchDefaults = { page: 1, q: '', status: 'all', ledger: 1 } as const;

/** The list's filters as GET /vendor-applications takes them. */
export function vendorFilters(search: VendorListSearch) {
  return {
    q: search.q || undefined,
    status: search.status === 'all' ? undefined : search.status,
  };
}
