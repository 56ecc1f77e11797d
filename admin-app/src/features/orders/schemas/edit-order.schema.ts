import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';
import type { AdminOrder } from '../lib/order-status';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => (text === '' ? undefined : text));

/** Edit Order: the shipping address and the staff notes (PUT /orders/{id}/edit). */
export const editOrderSchema = z.object({
  shippingAddress: z.object({
    full_name: optionalText(100, 'Full name must be at most 100 characters'),
    address: z
      .string()
      .trim()
      .min(1, 'Address is required')
      .max(500, 'Address must be at most 500 characters'),
    city: z.string().trim().min(1, 'City is required').max(100, 'City must be at most 100 characters'),
    province: optionalText(100, 'Province must be at most 100 characters'),
    postalCode: z
      .string()
      .trim()
      .min(1, 'Postal code is required')
      .max(20, 'Postal code must be at most 20 characters'),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code (e.g., BD)'),
    mobile_no: optionalText(20, 'Mobile number must be at most 20 characters'),
  }),
  notes: z.string().max(2000, 'Notes must be at most 2000 characters'),
}) satisfies z.ZodType<RequestBody<'updateAdminOrder'>>;

export type EditOrderValues = z.input<typeof editOrderSchema>;

export function editOrderValues(order: AdminOrder): EditOrderValues {
  const address = order.shippingAddress;
  return {
    shippingAddress: {
      full_name: address.full_name ?? '',
      address: address.address,
      city: address.city,
      province: address.province ?? '',
      postalCode: address.postalCode,
      country: address.country,
      mobile_no: address.mobile_no ?? '',
    },
    notes: order.notes ?? '',
  };
}
