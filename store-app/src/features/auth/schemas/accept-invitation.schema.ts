import type { components } from '@shop/sdk/types';
import { z } from '../../../lib/zod';
import { PASSWORDS_DIFFER } from './auth.schemas';

export type AcceptInvitationBody = components['schemas']['AcceptInvitationRequest'];

// The contract's bounds for an invitation password (AcceptInvitationRequest): stricter than registration's 6, so
// the shopper hears the rule here rather than as the server's refusal.
export const INVITATION_PASSWORD_MIN = 8;
export const INVITATION_PASSWORD_MAX = 128;
// Keys of the `auth` namespace (the texts name the same bounds).
export const INVITATION_PASSWORD_TOO_SHORT = 'validation.invitationTooShort';
export const INVITATION_PASSWORD_TOO_LONG = 'validation.invitationTooLong';

/** Checked in registration's order (match, then length) so the shopper sees one problem at a time. */
export const acceptInvitationSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine((values, ctx) => {
    if (values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
    } else if (values.password.length < INVITATION_PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', message: INVITATION_PASSWORD_TOO_SHORT, path: ['password'] });
    } else if (values.password.length > INVITATION_PASSWORD_MAX) {
      ctx.addIssue({ code: 'custom', message: INVITATION_PASSWORD_TOO_LONG, path: ['password'] });
    }
  }) satisfies z.ZodType<Pick<AcceptInvitationBody, 'password'> & { confirmPassword: string }>;

export type AcceptInvitationValues = z.input<typeof acceptInvitationSchema>;
