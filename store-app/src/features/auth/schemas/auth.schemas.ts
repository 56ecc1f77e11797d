import type { paths } from '@shop/sdk/types';
import { z } from '../../../lib/zod';
import '../auth-texts';

type JsonBody<T> = T extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export type LoginBody = JsonBody<paths['/user/login']['post']>;
export type RegisterBody = JsonBody<paths['/user/register']['post']>;

// Messages are keys of the `auth` namespace, shown translated by the forms (lib/translated-resolver).
export const LOGIN_REQUIRED = 'validation.loginRequired';
export const REGISTER_REQUIRED = 'validation.registerRequired';
export const PASSWORDS_DIFFER = 'validation.passwordsDiffer';
export const PASSWORD_TOO_SHORT = 'validation.passwordTooShort';

/** Spec §5 login rule: one message when either field is blank. It goes to the form, not a field. */
export const loginSchema = z
  .object({ email: z.string().trim(), password: z.string() })
  .superRefine((values, ctx) => {
    if (!values.email || !values.password.trim())
      ctx.addIssue({ code: 'custom', message: LOGIN_REQUIRED, path: ['root'] });
  }) satisfies z.ZodType<LoginBody>;

/** Spec §5 register rules, checked in this order so the shopper sees one problem at a time. */
export const registerSchema = z
  .object({
    name: z.string().trim(),
    email: z.string().trim(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.name || !values.email || !values.password || !values.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: REGISTER_REQUIRED, path: ['root'] });
    } else if (values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
    } else if (values.password.length < 6) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_TOO_SHORT, path: ['password'] });
    }
  }) satisfies z.ZodType<RegisterBody>;
