import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** Spec 2 §5 and §9: password expiry 0 to 365 days (default 90). */
export const PASSWORD_EXPIRY_MAX_DAYS = 365;

export const securitySettingsSchema = z.object({
  twoFactorRequired: z.boolean(),
  passwordPolicy: z.object({
    uppercase: z.boolean(),
    lowercase: z.boolean(),
    numbers: z.boolean(),
    specialCharacters: z.boolean(),
    minLength: z.boolean(),
  }),
  passwordExpiryDays: z
    .number({ error: 'Password expiry is required' })
    .int('Password expiry must be a whole number of days')
    .min(0, 'Password expiry must be between 0 and 365 days')
    .max(PASSWORD_EXPIRY_MAX_DAYS, 'Password expiry must be between 0 and 365 days'),
  ipWhitelist: z.array(z.string()),
  alerts: z.object({
    failedLogin: z.boolean(),
    newDevice: z.boolean(),
    passwordChange: z.boolean(),
    adminAction: z.boolean(),
  }),
}) satisfies z.ZodType<RequestBody<'updateSecuritySettings'>>;

export type SecuritySettingsValues = z.input<typeof securitySettingsSchema>;

/** Spec 2 §5: adding to the IP whitelist ignores blank and duplicate entries; the answer is the new list. */
export function addToWhitelist(list: readonly string[], entry: string): string[] {
  const value = entry.trim();
  return value === '' || list.includes(value) ? [...list] : [...list, value];
}
