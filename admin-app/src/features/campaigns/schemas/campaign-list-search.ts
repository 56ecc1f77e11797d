import { z } from 'zod';

export const CAMPAIGN_STATUSES = ['Active', 'Scheduled', 'Ended'] as const;

const page = z.number().int().min(1).default(1).catch(1);

/** The screen's state, kept in the URL: the list's page and filters, and the campaign log's page. */
export const campaignListSearchSchema = z.object({
  page,
  q: z.string().max(100).default('').catch(''),
  status: z
    .enum(['all', ...CAMPAIGN_STATUSES])
    .default('all')
    .catch('all'),
  logPage: page,
});

export type CampaignListSearch = z.output<typeof campaignListSearchSchema>;
export const campaignListSearchDefaults = { page: 1, q: '', status: 'all', logPage: 1 } as const;

/** The list's filters as GET /campaigns takes them. */
export function campaignFilters(search: CampaignListSearch) {
  return {
    q: search.q || undefined,
    status: search.status === 'all' ? undefined : search.status,
  };
}
