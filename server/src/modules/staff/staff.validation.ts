import type { FieldError } from '../../http/errors.ts';

/** Spec 2 §5's create-admin messages, exactly as written. */
export const CREATE_ADMIN_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  role: 'Role is required',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  mismatch: 'Passwords do not match',
} as const;

/** Spec 2 §9: password minimum 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (text: string) => EMAIL.test(text);

export interface CreateAdminFields {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  role?: string | undefined;
  password?: string | undefined;
  confirmPassword?: string | undefined;
}

/** The create-admin form's field errors, in the form's order; empty when every field is acceptable. */
export function createAdminFieldErrors(body: CreateAdminFields): FieldError[] {
  const errors: FieldError[] = [];
  const email = body.email?.trim() ?? '';
  const password = body.password ?? '';
  if (!body.firstName?.trim()) errors.push({ path: '/firstName', message: CREATE_ADMIN_MESSAGES.firstName });
  if (!body.lastName?.trim()) errors.push({ path: '/lastName', message: CREATE_ADMIN_MESSAGES.lastName });
  if (email === '') errors.push({ path: '/email', message: CREATE_ADMIN_MESSAGES.emailRequired });
  else if (!isEmail(email)) errors.push({ path: '/email', message: CREATE_ADMIN_MESSAGES.emailInvalid });
  if (!body.role) errors.push({ path: '/role', message: CREATE_ADMIN_MESSAGES.role });
  if (password === '') errors.push({ path: '/password', message: CREATE_ADMIN_MESSAGES.passwordRequired });
  else if (password.length < PASSWORD_MIN_LENGTH)
    errors.push({ path: '/password', message: CREATE_ADMIN_MESSAGES.passwordShort });
  if ((body.confirmPassword ?? '') !== password)
    errors.push({ path: '/confirmPassword', message: CREATE_ADMIN_MESSAGES.mismatch });
  return errors;
}
