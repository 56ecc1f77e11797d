import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';
import { ADMIN_ROLES, ADMIN_STATUSES, DEPARTMENTS, PERMISSION_KEYS } from '../lib/staff-values';

/** Empty text stands for "not given". */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => (text === '' ? undefined : text));

const department = z
  .union([z.enum(DEPARTMENTS), z.literal('')])
  .transform((value) => (value === '' ? undefined : value));

const permissions = z.array(z.enum(PERMISSION_KEYS));

/** Spec 2 §3 create-admin form with spec 2 §5's messages; phone and department optional. */
export const createAdminSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, 'First name is required')
      .max(100, 'First name must be at most 100 characters'),
    lastName: z
      .string()
      .trim()
      .min(1, 'Last name is required')
      .max(100, 'Last name must be at most 100 characters'),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email must be at most 254 characters')
      .pipe(z.email('Email is invalid')),
    phone: optionalText(32, 'Phone must be at most 32 characters'),
    role: z.string().min(1, 'Role is required').pipe(z.enum(ADMIN_ROLES, 'Role is required')),
    department,
    password: z
      .string()
      .min(1, 'Password is required')
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
    confirmPassword: z.string(),
    permissions,
    isActive: z.boolean(),
    sendWelcomeEmail: z.boolean(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  }) satisfies z.ZodType<RequestBody<'createAdmin'>>;

export type CreateAdminValues = z.input<typeof createAdminSchema>;
export type CreateAdminBody = z.output<typeof createAdminSchema>;

export const createAdminDefaults: CreateAdminValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  role: '',
  department: '',
  password: '',
  confirmPassword: '',
  permissions: [],
  isActive: true,
  sendWelcomeEmail: true,
};

/** The Admin list's Edit: names, phone, department, role, permissions and status. */
export const editAdminSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name must be at most 100 characters'),
  phone: z.string().trim().max(32, 'Phone must be at most 32 characters'),
  department: z
    .union([z.enum(DEPARTMENTS), z.literal('')])
    .transform((value) => (value === '' ? null : value)),
  role: z.enum(ADMIN_ROLES, 'Role is required'),
  permissions,
  status: z.enum(ADMIN_STATUSES),
}) satisfies z.ZodType<RequestBody<'updateAdmin'>>;

export type EditAdminValues = z.input<typeof editAdminSchema>;
export type EditAdminBody = z.output<typeof editAdminSchema>;
