import { z } from 'zod';

/** Spec 1 §9: the product lists page by 10. */
export const PRODUCT_PAGE_SIZE = 10;

const page = z.number().int().min(1).default(1).catch(1);
const q = z.string().max(200).default('').catch('');

/** Spec 1 §2.8 filters, kept in the URL of the Product Management list. */
export const STORE_SOURCES = ['all', 'aliexpress', 'manual', 'vendor'] as const;
/** Spec 1 §2.8's statuses and `disabled`, which products taken off sale have. */
export const STORE_STATUSES = ['all', 'published', 'draft', 'out_of_stock', 'disabled'] as const;
/** Staff approval of vendors' products; 'pending' is where the dashboard's Products Pending Approval leads. */
export const STORE_APPROVALS = ['all', 'pending', 'approved', 'rejected'] as const;
export const APPROVAL_LABELS: Record<(typeof STORE_APPROVALS)[number], string> = {
  all: 'All',
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const storeListSearchSchema = z.object({
  page,
  source: z.enum(STORE_SOURCES).default('all').catch('all'),
  status: z.enum(STORE_STATUSES).default('all').catch('all'),
  approval: z.enum(STORE_APPROVALS).default('all').catch('all'),
  q,
});

export type StoreListSearch = z.output<typeof storeListSearchSchema>;
export const storeListSearchDefaults: StoreListSearch = {
  page: 1,
  source: 'all',
  status: 'all',
  approval: 'all',
  q: '',
};

/** Spec 1 §2.9 filters of the catalogue list ('local' is the catalogue's name for manual products). */
export const CATALOGUE_SOURCES = ['all', 'aliexpress', 'local', 'vendor'] as const;

export const catalogueSearchSchema = z.object({
  page,
  source: z.enum(CATALOGUE_SOURCES).default('all').catch('all'),
  q,
});

export type CatalogueSearch = z.output<typeof catalogueSearchSchema>;
export const catalogueSearchDefaults: CatalogueSearch = { page: 1, source: 'all', q: '' };
