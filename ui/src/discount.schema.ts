import { z } from 'zod';

// The server's messages for the same rules (campaigns.rules.ts), so the form and the API say the same thing.
const END_AFTER_START = 'The end must be after the start.';
const PERCENT_RANGE = 'A percentage must be from 1 to 100.';
const FIXED_ABOVE_ZERO = 'A fixed amount must be more than 0.';

/** `2026-12-01T09:30` (a datetime-local value, local time) from an ISO instant. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A required datetime-local value; `message` when it is empty or not a date. */
export const localDateTime = (message: string) =>
  z
    .string()
    .min(1, message)
    .refine((value) => !Number.isNaN(new Date(value).getTime()), message);

type Discount = { type: string; value?: number | undefined; startsAt: string; endsAt: string };

/**
 * The rules campaigns and vendor coupons share, for `superRefine`: the end after the start, a percentage from 1 to
 * 100, a fixed amount above 0. Other types (free shipping) take no value.
 */
export function checkDiscount<T extends Discount>(values: T, context: z.RefinementCtx<T>): void {
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
}
