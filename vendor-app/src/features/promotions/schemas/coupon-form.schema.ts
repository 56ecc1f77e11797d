import type { RequestBody, Schemas } from '@shop/sdk/types';
import { z } from 'zod';

export const COUPON_TYPES = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed Amount (USD)' },
] as const satisfies ReadonlyArray<{ value: Schemas['VendorCouponType']; label: string }>;

// The server's messages for the same rules, so the form and the API say the same thing.
export const CODE_FORMAT = 'A code is 3 to 32 letters A-Z, digits and dashes.';
export const END_AFTER_START = 'The end must be after the start.';
export const PERCENT_RANGE = 'A percentage must be from 1 to 100.';
export const FIXED_ABOVE_ZERO = 'A fixed amount must be more than 0.';
export const LIMIT_AT_LEAST_ONE = 'A limit must be at least 1.';

/** `2026-12-01T09:30` (a datetime-local value, local time) from an ISO instant. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const localTime = (message: string) =>
  z
    .string()
    .min(1, message)
    .refine((value) => !Number.isNaN(new Date(value).getTime()), message);

/** New Coupon and Edit Coupon, one form: the contract's rules, checked again by the server. */
export const couponFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,32}$/, CODE_FORMAT),
    type: z.enum(['percentage', 'fixed']),
    value: z.number('Enter a number.').optional(),
    startsAt: localTime('Choose when the coupon starts.'),
    endsAt: localTime('Choose when the coupon ends.'),
    usageLimit: z
      .number(LIMIT_AT_LEAST_ONE)
      .int('A limit is a whole number.')
      .min(1, LIMIT_AT_LEAST_ONE)
      .max(100_000_000)
      .optional(),
    minOrder: z
      .number('Enter a number.')
      .min(0, 'The minimum order cannot be negative.')
      .max(10_000_000)
      .optional(),
  })
  .superRefine((values, context) => {
    if (values.startsAt && values.endsAt && !(new Date(values.endsAt) > new Date(values.startsAt))) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: END_AFTER_START });
    }
    const value = values.value ?? 0;
    if (values.type === 'percentage' && (value < 1 || value > 100)) {
      context.addIssue({ code: 'custom', path: ['value'], message: PERCENT_RANGE });
    }
    if (values.type === 'fixed' && value <= 0) {
      context.addIssue({ code: 'custom', path: ['value'], message: FIXED_ABOVE_ZERO });
    }
  })
  .transform((values) => ({
    code: values.code.toUpperCase(),
    type: values.type,
    value: values.value ?? 0,
    startsAt: new Date(values.startsAt).toISOString(),
    endsAt: new Date(values.endsAt).toISOString(),
    usageLimit: values.usageLimit ?? null,
    minOrder: values.minOrder ?? 0,
  })) satisfies z.ZodType<RequestBody<'createVendorCoupon'>>;

export type CouponFormValues = z.input<typeof couponFormSchema>;
export type CouponFormBody = z.output<typeof couponFormSchema>;
