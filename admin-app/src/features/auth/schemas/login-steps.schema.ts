import { z } from 'zod';

/** The second step: the authenticator app's six digits, or one recovery code. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Code is required')
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

export const recoveryCodeSchema = z.object({
  recoveryCode: z.string().trim().min(1, 'Recovery code is required'),
});

/** A new password when the old one expired; the server checks the password policy and names each broken rule. */
export const newPasswordSchema = z
  .object({
    newPassword: z.string().min(1, 'Password is required'),
    confirmPassword: z.string().min(1, 'Please confirm the password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export type TwoFactorCodeValues = z.input<typeof twoFactorCodeSchema>;
export type RecoveryCodeValues = z.input<typeof recoveryCodeSchema>;
export type NewPasswordValues = z.input<typeof newPasswordSchema>;
