import { z } from 'zod';

/** Spec §3 vendor settings draft; §5: Store Name and Email are required, Email must be an address. */
export const vendorSettingsSchema = z.object({
  storeName: z.string().trim().min(1, 'Store Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  phone: z.string().trim(),
  address: z.string().trim(),
  description: z.string().trim(),
  logo: z
    .instanceof(File)
    .nullable()
    .refine((file) => file === null || file.type.startsWith('image/'), 'Store Logo must be an image file'),
});

export type VendorSettingsInput = z.input<typeof vendorSettingsSchema>;
export type VendorSettings = z.output<typeof vendorSettingsSchema>;

export const emptyVendorSettings: VendorSettingsInput = {
  storeName: '',
  email: '',
  phone: '',
  address: '',
  description: '',
  logo: null,
};
