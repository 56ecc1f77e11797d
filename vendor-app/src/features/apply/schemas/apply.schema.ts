import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';
import { storeDetailsSchema } from '../../../lib/store-details.schema';

/** Apply to sell: the store's details, and the password the vendor will sign in with. */
export const applySchema = storeDetailsSchema.extend({
  password: z
    .string()
    .min(6, 'Password must be at least 6 characters long')
    .max(128, 'Password must be at most 128 characters'),
}) satisfies z.ZodType<RequestBody<'applyVendor'>>;

export type ApplyValues = z.input<typeof applySchema>;
export type ApplyBody = z.output<typeof applySchema>;

/** The server's field errors (JSON pointers) that land on the form's fields. */
export const APPLY_FIELDS = Object.keys(applySchema.shape) as (keyof ApplyValues)[];
