import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** Spec 2 §5: the payment methods of a manual order. */
export const MANUAL_PAYMENT_METHODS = [
  'Cash',
  'Offline',
  'Credit Card',
] as const satisfies readonly RequestBody<'createAdminOrder'>['paymentMethod'][];

/** Empty text stands for "not given". */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => (text === '' ? undefined : text));

/**
 * Spec 2 §5 Manual order: product and address required; discount a number from 0 to 100; payment method Cash,
 * Offline or Credit Card. SKU, quantity and the customer's name, email and phone are the contract's additions.
 */
export const manualOrderSchema = z.object({
  productId: z.string().trim().min(1, 'Product is required'),
  skuId: optionalText(64, 'SKU must be at most 64 characters'),
  quantity: z
    .number('Quantity must be a number')
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(12, 'Quantity must be at most 12')
    .default(1),
  address: z.string().trim().min(1, 'Address is required').max(500, 'Address must be at most 500 characters'),
  discountPercent: z
    .number('Discount must be a number from 0 to 100')
    .min(0, 'Discount must be between 0 and 100')
    .max(100, 'Discount must be between 0 and 100')
    .default(0),
  paymentMethod: z.enum(MANUAL_PAYMENT_METHODS, 'Payment method must be Cash, Offline or Credit Card'),
  customerName: optionalText(100, 'Customer name must be at most 100 characters'),
  customerEmail: z
    .string()
    .trim()
    .max(254, 'Customer email must be at most 254 characters')
    .refine((text) => text === '' || z.email().safeParse(text).success, 'Customer email is invalid')
    .transform((text) => (text === '' ? undefined : text)),
  phone: optionalText(32, 'Phone must be at most 32 characters'),
}) satisfies z.ZodType<RequestBody<'createAdminOrder'>>;

export type ManualOrderValues = z.input<typeof manualOrderSchema>;
export type ManualOrderBody = z.output<typeof manualOrderSchema>;

export const manualOrderDefaults: ManualOrderValues = {
  productId: '',
  skuId: '',
  quantity: 1,
  address: '',
  discountPercent: 0,
  paymentMethod: 'Cash',
  customerName: '',
  customerEmail: '',
  phone: '',
};
