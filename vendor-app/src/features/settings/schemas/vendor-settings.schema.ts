import type { RequestBody, Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { storeDetailsSchema } from '../../../lib/store-details.schema';

/** What POST /vendor/images takes: JPG, PNG or WebP, at most 10 MB. */
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_LOGO_BYTES = 10 * 1024 * 1024;

/** Spec §3 vendor settings draft; §5: Store Name and Email are required, Email must be an address. */
export const vendorSettingsSchema = storeDetailsSchema.extend({
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
