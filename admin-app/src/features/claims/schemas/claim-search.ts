import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

export const CLAIM_STATUSES = [
  'open',
  'refunded',
  'reshipped',
  'rejected',
] as const satisfies readonly Schemas['ParcelClaimStatus'][];
export const CLAIM_KINDS = [
  'never_arrived',
  'damaged',
] as const satisfies readonly Schemas['ParcelClaimKind'][];

/** The Claims screen: its list (page, status, kind), the claim open beside it, and the report's grouping. */
export const claimSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  status: z
    .enum(['all', ...CLAIM_STATUSES])
    .default('open')
    .catch('open'),
  kind: z
    .enum(['all', ...CLAIM_KINDS])
    .default('all')
    .catch('all'),
  claim: z.string().min(1).max(64).optional().catch(undefined),
  report: z.enum(['supplier', 'product']).default('supplier').catch('supplier'),
});
export type ClaimSearch = z.output<typeof claimSearchSchema>;
export const claimSearchDefaults = { page: 1, status: 'open', kind: 'all', report: 'supplier' } as const;
