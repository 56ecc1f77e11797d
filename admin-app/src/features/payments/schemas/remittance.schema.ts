import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** What the courier handed over: any amount from 0 (a shortfall shows as short), at most two decimals. */
export const remittanceSchema = z.object({
  amount: z
    .number('Amount is required')
    .min(0, 'Amount cannot be negative')
    .max(100_000_000, 'Amount is too large')
    .refine(
      (amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
      'Amount can have at most two decimals',
    ),
  reference: z
    .string()
    .trim()
    .min(1, 'Reference is required')
    .max(120, 'Reference must be at most 120 characters'),
  replace: z.boolean(),
}) satisfies z.ZodType<RequestBody<'recordCodRemittance'>>;

export type RemittanceValues = z.input<typeof remittanceSchema>;
