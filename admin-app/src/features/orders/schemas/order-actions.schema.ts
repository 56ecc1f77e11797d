import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';
import { ORDER_STATUSES } from '../lib/order-status';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => (text === '' ? undefined : text));

/** A status change with its note; Shipped asks for the carrier and the tracking number (as the server does). */
export const statusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, 'Choose a status'),
    note: optionalText(500, 'Note must be at most 500 characters'),
    carrier: optionalText(100, 'Carrier must be at most 100 characters'),
    trackingNumber: optionalText(100, 'Tracking number must be at most 100 characters'),
  })
  .superRefine((value, context) => {
    if (value.status !== 'Shipped') return;
    if (!value.carrier)
      context.addIssue({ code: 'custom', path: ['carrier'], message: 'Carrier is required' });
    if (!value.trackingNumber)
      context.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'Tracking number is required' });
  }) satisfies z.ZodType<RequestBody<'changeOrderStatus'>>;

export type StatusChangeValues = z.input<typeof statusChangeSchema>;
export type StatusChangeBody = z.output<typeof statusChangeSchema>;

export const confirmPaymentSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(1, 'Reference is required')
    .max(100, 'Reference must be at most 100 characters'),
}) satisfies z.ZodType<RequestBody<'confirmOrderPayment'>>;

export type ConfirmPaymentValues = z.input<typeof confirmPaymentSchema>;

/** A refund of at most what is still refundable, in the order's currency, with at most two decimals. */
export function refundSchema(refundable: number) {
  return z.object({
    amount: z
      .number('Amount is required')
      .positive('Amount must be more than 0')
      .max(refundable, 'Amount cannot be more than the remaining refundable amount')
      .refine(
        (amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
        'Amount can have at most two decimals',
      ),
    reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
  }) satisfies z.ZodType<RequestBody<'createRefund'>>;
}

export type RefundValues = z.input<ReturnType<typeof refundSchema>>;
