import type { RequestBody } from '@shop/sdk/types';
import { z } from '../../../lib/zod';

type PlaceOrderBody = RequestBody<'placeOrder'>;

/** Spec §5: the three payment channels, in the spec's order. */
export const PAYMENT_METHODS = [
  'Credit Card',
  'PayPal',
  'Bank Transfer',
] as const satisfies readonly PlaceOrderBody['paymentMethod'][];

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} is too long.`);

/** Spec §3/§5 checkout form: every address field and a payment channel are required (limits: the contract's). */
export const checkoutSchema = z.object({
  full_name: required('Full name', 100),
  address: required('Address', 500),
  city: required('City', 100),
  province: required('Province', 100),
  country: z.string().regex(/^[A-Z]{2}$/, 'Country is required.'),
  zip: required('ZIP / postal code', 20),
  phone_country: required('Phone country code', 6).regex(
    /^\+?[0-9]{1,4}$/,
    'Enter a dialling code such as +880.',
  ),
  mobile_no: required('Mobile number', 20).regex(/^[0-9 ()-]{4,}$/, 'Enter a valid mobile number.'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Please choose a payment channel.' }),
}) satisfies z.ZodType<PlaceOrderBody['shippingAddress'] & Pick<PlaceOrderBody, 'paymentMethod'>>;

export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutValues = z.output<typeof checkoutSchema>;
