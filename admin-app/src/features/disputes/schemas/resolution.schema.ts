import { CURRENCIES } from '@shop/sdk/choices';
import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { RESOLUTION_ACTIONS } from '../lib/dispute-values';

// The contract's bound on a resolution amount.
const MAX_AMOUNT = 1_000_000;

/**
 * Spec 2 §5: submit requires an action; the amount (and its currency) unless the action is no_action; notes.
 * The contract adds: at most two decimals, and above 0 for refund and partial_refund.
 */
export const resolutionSchema = z
  .object({
    action: z.enum(RESOLUTION_ACTIONS, 'Select an action'),
    amount: z
      .number('Amount is required')
      .min(0, 'Amount cannot be negative')
      .max(MAX_AMOUNT, 'Amount must be at most 1,000,000')
      .refine(
        (amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
        'Amount can have at most two decimals',
      )
      .optional(),
    // The desk offers four currencies; a dispute about an order takes the order's, which may be any of the store's.
    currency: z.enum(CURRENCIES, 'Choose a currency'),
    notes: z.string().trim().min(1, 'Notes are required').max(2000, 'Notes must be at most 2000 characters'),
  })
  .superRefine((value, context) => {
    if (value.action !== 'no_action' && value.amount === undefined)
      context.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is required' });
    // A replacement may cost nothing; a refund of nothing is no refund.
    if ((value.action === 'refund' || value.action === 'partial_refund') && value.amount === 0)
      context.addIssue({ code: 'custom', path: ['amount'], message: 'A refund must be more than 0' });
  })
  // no_action has no amount field on screen: nothing typed earlier is sent.
  .transform(({ action, amount, currency, notes }) =>
    action === 'no_action' ? { action, notes } : { action, amount, currency, notes },
  ) satisfies z.ZodType<Schemas['DisputeResolutionInput']>;

export type ResolutionValues = z.input<typeof resolutionSchema>;
export type ResolutionBody = z.output<typeof resolutionSchema>;
