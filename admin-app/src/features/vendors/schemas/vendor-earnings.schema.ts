import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A payout of at most the balance (USD), with the bank transfer's reference; the server checks the same. */
export function payoutSchema(balance: number) {
  return z.object({
    amount: z
      .number('Amount is required')
      .positive('Amount must be more than 0')
      .max(balance, 'Amount cannot be more than the balance')
      .refine(twoDecimals, 'Amount can have at most two decimals'),
    reference: z
      .string()
      .trim()
      .min(1, 'Reference is required')
      .max(100, 'Reference must be at most 100 characters'),
    note: z.string().trim().max(500, 'Note must be at most 500 characters').optional(),
  }) satisfies z.ZodType<RequestBody<'createVendorPayout'>>;
}

export type PayoutInput = z.input<ReturnType<typeof payoutSchema>>;

/** The store's own commission, or none (empty) to take System Settings' default. */
export const commissionSchema = z.object({
  commissionPercent: z
    .number()
    .min(0, 'The commission is between 0 and 100%.')
    .max(100, 'The commission is between 0 and 100%.')
    .refine(twoDecimals, 'Use at most two decimals.')
    .optional()
    .transform((value) => value ?? null),
}) satisfies z.ZodType<RequestBody<'updateVendorCommission'>>;

export type CommissionInput = z.input<typeof commissionSchema>;
