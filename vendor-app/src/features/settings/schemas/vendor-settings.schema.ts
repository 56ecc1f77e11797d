import type { RequestBody, Schemas } from '@shop/sdk/types';
import { z } from 'zod';

/** What POST /vendor/images takes: JPG, PNG or WebP, at most 10 MB. */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_LOGO_BYTES = 10 * 1024 * 1024;
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** Spec §3 vendor settings draft; §5: Store Name and Email are required, Email must be an address. */
export const vendorSettingsSchema = z.object({
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
  /** A newly chosen picture, uploaded on save. */
  logo: z
    .instanceof(File)
    .nullable()
    .refine(
      (file) => file === null || LOGO_TYPES.includes(file.type),
      'Store Logo must be a JPG, PNG or WebP image',
    )
    .refine((file) => file === null || file.size <= MAX_LOGO_BYTES, 'Store Logo must be at most 10 MB'),
  /** The saved logo's address; blank when there is none or it is being removed. */
  logoUrl: z.string().max(2000),
});

export type VendorSettingsInput = z.input<typeof vendorSettingsSchema>;
export type VendorSettings = z.output<typeof vendorSettingsSchema>;

/** The form's values for the store as GET /vendor/me answers it. */
export function settingsValues(store: Schemas['VendorProfile']): VendorSettingsInput {
  return {
    storeName: store.name,
    email: store.email,
    phone: store.phone ?? '',
    address: store.address ?? '',
    description: store.description ?? '',
    logo: null,
    logoUrl: store.logoUrl ?? '',
  };
}

/** PUT /vendor/me's body: the contract's field names; blanks remove a field. */
export function settingsBody(values: VendorSettings, logoUrl: string): RequestBody<'updateVendorProfile'> {
  return {
    name: values.storeName,
    email: values.email,
    phone: values.phone,
    address: values.address,
    description: values.description,
    logoUrl,
  };
}

/** Where the server's field errors (JSON pointers) land on the form. */
export const SERVER_FIELDS: Record<string, keyof VendorSettingsInput> = {
  '/name': 'storeName',
  '/email': 'email',
  '/phone': 'phone',
  '/address': 'address',
  '/description': 'description',
  '/logoUrl': 'logo',
};
