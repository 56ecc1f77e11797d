import { z } from 'zod';

export const MARKETING_TABS = ['banners', 'popup', 'blog', 'meta', 'analytics', 'cart-recovery'] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number];

const page = z.number().int().min(1).default(1).catch(1);

/** The screen's state, kept in the URL: the open tab, and the blog list's page and filters. */
export const marketingSearchSchema = z.object({
  tab: z.enum(MARKETING_TABS).default('banners').catch('banners'),
  page,
  status: z.enum(['all', 'draft', 'published']).default('all').catch('all'),
  q: z.string().max(100).default('').catch(''),
});

export type MarketingSearch = z.output<typeof marketingSearchSchema>;
export const marketingSearchDefaults = { tab: 'banners', page: 1, status: 'all', q: '' } as const;
