import type { RequestBody, Schemas } from '@shop/sdk/types';
import { checkDiscount, localDateTime } from '@shop/ui/discount.schema';
import { z } from 'zod';

export const COUPON_TYPES = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed Amount (USD)' },
] as const satisfies ReadonlyArray<{ value: Schemas['VendorCouponType']; label: string }>;

// The server's messages for the same rules, so the form and the API say the same thing.
export const CODE_FORMAT = 'A code is 3 to 32 letters A-Z, digits and dashes.';
export const LIMIT_AT_LEAST_ONE = 'A limit must be at least 1.';

/** New Coupon and Edit Coupon, one form: the contract's rules, checked again by the server. */
export const couponFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{3,32}$/, CODE_FORMAT),
    type: z.enum(['percentage', 'fixed']),
    value: z.number('Enter a number.').optional(),
    startsAt: localDateTime('Choose when the coupon starts.'),
    endsAt: localDateTime('Choose when the coupon ends.'),
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
  .superRefine(checkDiscount)
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
