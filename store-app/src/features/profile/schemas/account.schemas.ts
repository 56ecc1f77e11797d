import type { components } from '@shop/sdk/types';
import { z } from '../../../lib/zod';

type UpdateProfileBody = components['schemas']['UpdateProfileRequest'];
type ChangePasswordBody = components['schemas']['ChangePasswordRequest'];
type UserProfile = components['schemas']['UserProfile'];

export const PASSWORDS_DIFFER = "New passwords don't match";
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';

/** The contract's limits, checked before sending so the shopper sees them beside the field. */
export const profileFormSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(50, 'Use at most 50 characters'),
  firstName: z.string().trim().max(100, 'Use at most 100 characters'),
  lastName: z.string().trim().max(100, 'Use at most 100 characters'),
  email: z.string().trim().pipe(z.email('Enter a valid email address')),
  phone: z.string().trim().max(32, 'Use at most 32 characters'),
  address: z.string().trim().max(500, 'Use at most 500 characters'),
}) satisfies z.ZodType<Required<UpdateProfileBody>>;

export type ProfileFormValues = z.input<typeof profileFormSchema>;

export function profileFormValues(profile: UserProfile): ProfileFormValues {
  return {
    username: profile.username,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    email: profile.email,
    phone: profile.phone ?? '',
    address: profile.address ?? '',
  };
}

/** Spec §5: new and confirm must match, then the new one needs 6 characters. Confirm never leaves the browser. */
export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.newPassword !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
    } else if (values.newPassword.length < 6) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_TOO_SHORT, path: ['newPassword'] });
    }
  }) satisfies z.ZodType<ChangePasswordBody & { confirmPassword: string }>;

export type PasswordFormValues = z.input<typeof passwordFormSchema>;
