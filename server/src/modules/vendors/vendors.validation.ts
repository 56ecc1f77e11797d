import type { FieldError } from '../../http/errors.ts';
import { isHttpUrl } from '../../lib/sanitize.ts';
import { normalizeEmail } from '../customers/index.ts';
import { isEmail } from '../staff/index.ts';
import type { VendorChanges } from './vendors.repository.ts';

/** The apply and Settings forms' messages; the apps show the same texts. */
export const VENDOR_MESSAGES = {
  name: 'Store Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phone: 'Phone is invalid',
  logoUrl: 'The logo must be an http(s) address',
} as const;

const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

export interface VendorFields {
  name: string;
  email: string;
  phone?: string | undefined;
  address?: string | undefined;
  description?: string | undefined;
  logoUrl?: string | undefined;
}

/** The form's field errors, in the form's order; empty when every field is acceptable. */
export function vendorFieldErrors(body: VendorFields, namePath = '/name'): FieldError[] {
  const errors: FieldError[] = [];
  if (body.name.trim() === '') errors.push({ path: namePath, message: VENDOR_MESSAGES.name });
  const email = body.email.trim();
  if (email === '') errors.push({ path: '/email', message: VENDOR_MESSAGES.emailRequired });
  else if (!isEmail(email)) errors.push({ path: '/email', message: VENDOR_MESSAGES.emailInvalid });
  const phone = body.phone?.trim() ?? '';
  if (phone !== '' && !PHONE.test(phone)) errors.push({ path: '/phone', message: VENDOR_MESSAGES.phone });
  const logo = body.logoUrl?.trim() ?? '';
  if (logo !== '' && !isHttpUrl(logo)) errors.push({ path: '/logoUrl', message: VENDOR_MESSAGES.logoUrl });
  return errors;
}

const orNull = (text: string | undefined) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The fields as stored: trimmed, email lower-cased, blanks as null. */
export function vendorValues(body: VendorFields): VendorChanges {
  return {
    name: body.name.trim(),
    email: normalizeEmail(body.email),
    phone: orNull(body.phone),
    address: orNull(body.address),
    description: orNull(body.description),
    logoUrl: orNull(body.logoUrl),
  };
}
