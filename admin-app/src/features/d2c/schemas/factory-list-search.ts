import { z } from 'zod';

/** The statuses this screen sets; the filter offers them. */
export const FACTORY_FILTER_STATUSES = ['active', 'suspended'] as const;
export const FACTORY_TABS = ['products', 'orders'] as const;

const page = z.number().int().min(1).default(1).catch(1);

/** The screen's state, kept in the URL: the list's page and filters, and the open factory's panel and its pages. */
export const factoryListSearchSchema = z.object({
  page,
  q: z.string().max(200).default('').catch(''),
  status: z
    .enum(['all', ...FACTORY_FILTER_STATUSES])
    .default('all')
    .catch('all'),
  factory: z.string().min(1).max(64).optional().catch(undefined),
  tab: z.enum(FACTORY_TABS).default('products').catch('products'),
  productsPage: page,
  ordersPage: page,
});

export type FactoryListSearch = z.output<typeof factoryListSearchSchema>;
export const factoryListSearchDefaults = {
  page: 1,
  q: '',
  status: 'all',
  tab: 'products',
  productsPage: 1,
  ordersPage: 1,
} as const;

/** The list's filters as GET /d2c/factories takes them. */
export function factoryFilters(search: FactoryListSearch) {
  return {
    q: search.q || undefined,
    status: search.status === 'all' ? undefined : search.status,
  };
}
