import type { RequestBody } from '@shop/sdk/types';
import { z } from '../../../lib/zod';
import '../checkout-texts';

type PlaceOrderBody = RequestBody<'placeOrder'>;

/** Spec §5's three payment channels in its order, and cash on delivery where the store offers it. */
export const PAYMENT_METHODS = [
  'Credit Card',
  'PayPal',
  'Bank Transfer',
  'Cash on Delivery',
  'SSLCommerz',
  'bKash',
  'Razorpay',
] as const satisfies readonly PlaceOrderBody['paymentMethod'][];

// Messages are keys of the `checkout` namespace (validation.*), shown translated by the form (lib/translated-resolver).
const required = (field: string, max: number) =>
  z.string().trim().min(1, `validation.${field}.required`).max(max, `validation.${field}.tooLong`);

/** The card fields as typed; spaces and dashes in the number are the shopper's, not the card's. */
export const cardSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'validation.cardNumber')),
  expMonth: z
    .string()
    .trim()
    .regex(/^(0?[1-9]|1[0-2])$/, 'validation.expMonth')
    .transform(Number),
  expYear: z
    .string()
    .trim()
    .regex(/^(\d{2}|20\d{2})$/, 'validation.expYear')
    .transform((value) => (value.length === 2 ? 2000 + Number(value) : Number(value))),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'validation.cvc'),
}) satisfies z.ZodType<NonNullable<PlaceOrderBody['card']>>;

const typedCard = z.object({
  number: z.string(),
  expMonth: z.string(),
  expYear: z.string(),
  cvc: z.string(),
});
const NO_CARD = { number: '', expMonth: '', expYear: '', cvc: '' };

/**
 * Spec §3/§5 checkout form: every address field and a payment channel are required (limits: the contract's).
 * A Credit Card order also needs the card, which the store's payment provider charges when the order is placed.
 */
export const checkoutSchema = z
  .object({
    full_name: required('fullName', 100),
    address: required('address', 500),
    city: required('city', 100),
    province: required('province', 100),
    country: z.string().regex(/^[A-Z]{2}$/, 'validation.country.required'),
    zip: required('zip', 20),
    phone_country: required('phoneCountry', 6).regex(/^\+?[0-9]{1,4}$/, 'validation.phoneCountry.format'),
    mobile_no: required('mobile', 20).regex(/^[0-9 ()-]{4,}$/, 'validation.mobile.format'),
    /** Asked only where the destination's customs need it: Brazil's CPF. */
    tax_number: z.string().trim().max(20, 'validation.taxNumber.cpf').optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'validation.paymentMethod' }),
    card: typedCard.optional(),
    /** Set by the page when the store takes cards on its provider's page (Stripe): no card is typed here. */
    cardOnProviderPage: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    // Brazil's customs name the receiver by CPF (11 digits; dots and dashes as people write them).
    if (value.country === 'BR' && !/^\d{11}$/.test((value.tax_number ?? '').replace(/[.\-\s]/g, ''))) {
      ctx.addIssue({ code: 'custom', message: 'validation.taxNumber.cpf', path: ['tax_number'] });
    }
  })
  .superRefine((value, ctx) => {
    if (value.paymentMethod !== 'Credit Card' || value.cardOnProviderPage) return;
    const parsed = cardSchema.safeParse(value.card ?? NO_CARD);
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['card', ...issue.path] });
    }
  })
  // The request's shape: the address, the channel and, for Credit Card only, the card.
  .transform(({ card, paymentMethod, cardOnProviderPage, tax_number, ...address }) => ({
    // The tax number goes only where it is asked for.
    shippingAddress: address.country === 'BR' && tax_number ? { ...address, tax_number } : address,
    paymentMethod,
    ...(paymentMethod === 'Credit Card' && !cardOnProviderPage ? { card: cardSchema.parse(card) } : {}),
  })) satisfies z.ZodType<Pick<PlaceOrderBody, 'shippingAddress' | 'paymentMethod' | 'card'>>;

export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutValues = z.output<typeof checkoutSchema>;
