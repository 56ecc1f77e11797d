import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** The row action Edit: a shopper's name, email, phone and address (blank phone or address removes it). */
export const editUserSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email is invalid')),
  phone: z.string().trim().max(32, 'Phone must be at most 32 characters'),
  address: z.string().trim().max(500, 'Address must be at most 500 characters'),
}) satisfies z.ZodType<RequestBody<'updateUser'>>;

export type EditUserValues = z.input<typeof editUserSchema>;
export type EditUserBody = z.output<typeof editUserSchema>;

/** Invite User: the email to invite and, optionally, the name the account starts with. */
export const inviteUserSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email is invalid')),
  name: z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .transform((text) => (text === '' ? undefined : text)),
}) satisfies z.ZodType<RequestBody<'inviteUser'>>;

export type InviteUserValues = z.input<typeof inviteUserSchema>;
export type InviteUserBody = z.output<typeof inviteUserSchema>;
