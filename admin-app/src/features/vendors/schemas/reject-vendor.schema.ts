import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** Reject: the reason is required, as the server requires it; the applicant reads it. */
export const rejectVendorSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give the reason for rejecting the application.')
    .max(1000, 'The reason must be at most 1000 characters'),
}) satisfies z.ZodType<RequestBody<'rejectVendorApplication'>>;
