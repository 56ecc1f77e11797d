import { z } from 'zod';

/** The Earnings screen's state, kept in the URL: the ledger's page. */
export const earningsSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
});

export type EarningsSearch = z.output<typeof earningsSearchSchema>;
export const earningsSearchDefaults = { page: 1 } as const;
