import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

// The limits are the contract's (VendorApplicationRequest) and the phone rule the server's.
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** Apply to sell: store name, email and password are required; phone, address and description are optional. */
export const applySchema = z.object({
  storeName: z
    .string()
    .trim()
    .min(1, 'Store Name is required')
    .max(120, 'Store Name must be at most 120 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is invalid')
    .pipe(z.email('Email is invalid')),
  password: z
    .string()
    .min(6, 'Password must be at least 6 characters long')
    .max(128, 'Password must be at most 128 characters'),
  phone: z
    .string()
    .trim()
    .max(40, 'Phone is invalid')
    .refine((phone) => phone === '' || PHONE.test(phone), 'Phone is invalid'),
  address: z.string().trim().max(300, 'Address must be at most 300 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
}) satisfies z.ZodType<RequestBody<'applyVendor'>>;

export type ApplyValues = z.input<typeof applySchema>;
export type ApplyBody = z.output<typeof applySchema>;

/** The server's field errors (JSON pointers) that land on the form's fields. */
export const APPLY_FIELDS = new Set<string>(Object.keys(applySchema.shape));
