import type { FieldError } from '../../http/errors.ts';
import { isEmail } from '../staff/index.ts';
import type { FactoryChanges } from './factories.repository.ts';

/** The Add/Edit Factory form's messages; the admin form shows the same texts. */
export const FACTORY_MESSAGES = {
  name: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phone: 'Phone is invalid',
  country: 'Country must be a two-letter ISO 3166-1 code (for example BD)',
} as const;

const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An assigned ISO 3166-1 alpha-2 code (upper case); Intl names no unassigned one. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const name = regionNames.of(code);
  return name !== undefined && name !== 'Unknown Region';
}

export interface FactoryInput {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  country?: string | undefined;
  description?: string | undefined;
}

/**
 * The form's field errors, in the form's order; empty when every field given is acceptable. On creation name and
 * email are required; on an edit only the fields sent are checked.
 */
export function factoryFieldErrors(body: FactoryInput, mode: 'create' | 'update'): FieldError[] {
  const errors: FieldError[] = [];
  const checks = (field: keyof FactoryInput) => mode === 'create' || body[field] !== undefined;
  if (checks('name') && !body.name?.trim()) errors.push({ path: '/name', message: FACTORY_MESSAGES.name });
  if (checks('email')) {
    const email = body.email?.trim() ?? '';
    if (email === '') errors.push({ path: '/email', message: FACTORY_MESSAGES.emailRequired });
    else if (!isEmail(email)) errors.push({ path: '/email', message: FACTORY_MESSAGES.emailInvalid });
  }
  const phone = body.phone?.trim() ?? '';
  if (phone !== '' && !PHONE.test(phone)) errors.push({ path: '/phone', message: FACTORY_MESSAGES.phone });
  const country = body.country?.trim().toUpperCase() ?? '';
  if (country !== '' && !isCountryCode(country))
    errors.push({ path: '/country', message: FACTORY_MESSAGES.country });
  return errors;
}

/** The fields sent, as stored: trimmed, email lower-cased, country upper-cased, blanks as null. */
export function factoryChanges(body: FactoryInput): FactoryChanges {
  const changes: FactoryChanges = {};
  const orNull = (text: string) => (text === '' ? null : text);
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.email !== undefined) changes.email = body.email.trim().toLowerCase();
  if (body.phone !== undefined) changes.phone = orNull(body.phone.trim());
  if (body.country !== undefined) changes.country = orNull(body.country.trim().toUpperCase());
  if (body.description !== undefined) changes.description = orNull(body.description.trim());
  return changes;
}
