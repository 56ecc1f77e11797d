import type { RequestBody } from '@shop/sdk/types';
import { z } from '../../../lib/zod';
import '../sell-texts';

// Messages are keys of the `sell` namespace, shown translated by the form (lib/translated-resolver). The limits
// are the contract's (VendorApplicationRequest) and the phone rule the server's.
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

export const applySchema = z.object({
  storeName: z.string().trim().min(1, 'validation.storeNameRequired').max(120, 'validation.storeNameTooLong'),
  email: z
    .string()
    .trim()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.emailInvalid')
    .pipe(z.email('validation.emailInvalid')),
  password: z.string().min(6, 'validation.passwordTooShort').max(128, 'validation.passwordTooLong'),
  phone: z
    .string()
    .trim()
    .max(40, 'validation.phoneInvalid')
    .refine((phone) => phone === '' || PHONE.test(phone), 'validation.phoneInvalid'),
  address: z.string().trim().max(300, 'validation.addressTooLong'),
  description: z.string().trim().max(2000, 'validation.descriptionTooLong'),
}) satisfies z.ZodType<RequestBody<'applyVendor'>>;

export type ApplyValues = z.input<typeof applySchema>;
export type ApplyBody = z.output<typeof applySchema>;
