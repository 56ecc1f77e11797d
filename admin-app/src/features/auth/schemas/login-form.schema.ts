import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** Spec 1 §5: email (an email address) and password are required; nothing else is checked. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
}) satisfies z.ZodType<RequestBody<'adminLogin'>>;

export type LoginFormValues = z.input<typeof loginFormSchema>;
