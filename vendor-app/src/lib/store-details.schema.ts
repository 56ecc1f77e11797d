import { z } from 'zod';

// The limits are the contract's (VendorApplicationRequest, VendorProfileUpdateRequest) and the phone rule the server's.
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** A store's details as applicants and vendors write them: Store Name and Email required, the rest optional. */
export const storeDetailsSchema = z.object({
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
  phone: z
    .string()
    .trim()
    .max(40, 'Phone is invalid')
    .refine((phone) => phone === '' || PHONE.test(phone), 'Phone is invalid'),
  address: z.string().trim().max(300, 'Address must be at most 300 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
});
