import { z } from 'zod';

export const VENDOR_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;

/** The list's state, kept in the URL: page, search and status filter. */
export const vendorListSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
  status: z
    .enum(['all', ...VENDOR_STATUSES])
    .default('all')
    .catch('all'),
});

export type VendorListSearch = z.output<typeof vendorListSearchSchema>;
export const vendorListSearchDefaults = { page: 1, q: '', status: 'all' } as const;

/** The list's filters as GET /vendor-applications takes them. */
export function vendorFilters(search: VendorListSearch) {
  return {
    q: search.q || undefined,
    status: search.status === 'all' ? undefined : search.status,
  };
}
