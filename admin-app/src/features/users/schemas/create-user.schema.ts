import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';
import { USER_ROLES } from './user-list-search';

/** Spec 2 §5 Create user: name, email (an email) and password required; spec 2 §9: passwords of 8 or more. */
export const createUserSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email is invalid')),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
  role: z.enum(USER_ROLES, 'Role is required'),
}) satisfies z.ZodType<RequestBody<'createUser'>>;

export type CreateUserValues = z.input<typeof createUserSchema>;
export type CreateUserBody = z.output<typeof createUserSchema>;

export const createUserDefaults: CreateUserValues = { name: '', email: '', password: '', role: 'user' };
