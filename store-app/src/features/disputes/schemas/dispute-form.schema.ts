import type { RequestBody } from '@shop/sdk/types';
import { z } from '../../../lib/zod';
import '../disputes-texts';
import { CATEGORIES } from '../lib/dispute-labels';

/** The contract's limit on evidence per dispute. */
export const MAX_EVIDENCE_FILES = 10;

/** The largest evidence file the upload operation stores (10 MB). */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

/** What the evidence picker accepts: the types the upload operation stores. */
export const EVIDENCE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/**
 * Messages are keys of the `disputes` namespace, shown translated by the form (lib/translated-resolver).
 * Spec §5: Subject, Category and Detailed Description are required; the Order ID is optional. The shopper may type
 * the order id as the placeholder shows it ('#123456'): the '#' is not part of the id.
 */
export const disputeFormSchema = z.object({
  subject: z.string().trim().min(1, 'validation.subject').max(200, 'validation.max200'),
  category: z.enum(CATEGORIES, { error: 'validation.category' }),
  orderId: z
    .string()
    .trim()
    .max(64, 'validation.max64')
    .transform((value) => value.replace(/^#\s*/, '')),
  description: z.string().trim().min(1, 'validation.description').max(5000, 'validation.max5000'),
}) satisfies z.ZodType<Omit<RequestBody<'createDispute'>, 'evidence'>>;

export type DisputeFormInput = z.input<typeof disputeFormSchema>;
export type DisputeFormValues = z.output<typeof disputeFormSchema>;

/** Spec §4: after a dispute is submitted the form starts again empty, on general_complaint. */
export function emptyDisputeForm(orderId = ''): DisputeFormInput {
  return { subject: '', category: 'general_complaint', orderId, description: '' };
}
