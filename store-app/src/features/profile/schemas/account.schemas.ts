import type { components } from '@shop/sdk/types';
import { z } from '../../../lib/zod';
import '../profile-texts';

type UpdateProfileBody = components['schemas']['UpdateProfileRequest'];
type ChangePasswordBody = components['schemas']['ChangePasswordRequest'];
type UserProfile = components['schemas']['UserProfile'];

// Messages are keys of the `profile` namespace, shown translated by the forms (lib/translated-resolver).
export const PASSWORDS_DIFFER = 'validation.passwordsDiffer';
export const PASSWORD_TOO_SHORT = 'validation.passwordTooShort';

/** The contract's limits, checked before sending so the shopper sees them beside the field. */
export const profileFormSchema = z.object({
  username: z.string().trim().min(1, 'validation.usernameRequired').max(50, 'validation.max50'),
  firstName: z.string().trim().max(100, 'validation.max100'),
  lastName: z.string().trim().max(100, 'validation.max100'),
  email: z.string().trim().pipe(z.email('validation.email')),
  phone: z.string().trim().max(32, 'validation.max32'),
  address: z.string().trim().max(500, 'validation.max500'),
  // Sent only with a new email (the form decides, as it knows the saved one); never trimmed.
  currentPassword: z.string().max(128, 'validation.max128'),
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
    currentPassword: '',
  };
}

/** Whether the form's email is another than the saved one (the server compares them trimmed, lower-cased). */
export const emailChanged = (email: string, saved: string) =>
  email.trim().toLowerCase() !== saved.trim().toLowerCase();

/** Spec §5: new and confirm must match, then the new one needs 6 characters. Confirm never leaves the browser. */
export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'validation.currentRequired'),
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
