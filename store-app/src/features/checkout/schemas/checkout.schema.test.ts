import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { checkoutSchema } from './checkout.schema';

const valid = {
  full_name: 'Demo Shopper',
  address: 'House 12, Road 5',
  city: 'Dhaka',
  province: 'Dhaka Division',
  country: 'BD',
  zip: '1205',
  phone_country: '+880',
  mobile_no: '1712 345678',
  paymentMethod: 'Bank Transfer',
};

function problems(values: Record<string, unknown>) {
  const result = checkoutSchema.safeParse(values);
  if (result.success) return [];
  // The messages are keys; the form shows them translated, in English here.
  return result.error.issues.map(
    (issue) => `${issue.path.join('.')}: ${i18n.t(issue.message, { ns: 'checkout' })}`,
  );
}

describe('checkout form rules', () => {
  it('accepts a complete address with one of the three payment channels', () => {
    expect(problems(valid)).toEqual([]);
  });

  it('refuses blank fields, a missing country and an unknown payment channel', () => {
    expect(problems({ ...valid, city: '   ', country: '', paymentMethod: 'Cash' })).toEqual([
      'city: City is required.',
      'country: Country is required.',
      'paymentMethod: Please choose a payment channel.',
    ]);
  });

  it('refuses numbers the API would refuse', () => {
    expect(problems({ ...valid, mobile_no: 'call me', phone_country: '880-1' })).toEqual([
      'phone_country: Enter a dialling code such as +880.',
      'mobile_no: Enter a valid mobile number.',
    ]);
  });

  it('asks for a valid card with Credit Card only', () => {
    expect(problems({ ...valid, paymentMethod: 'Credit Card' })).toEqual([
      'card.number: Enter a valid card number.',
      'card.expMonth: Enter the expiry month (1 to 12).',
      'card.expYear: Enter the expiry year.',
      'card.cvc: Enter the 3 or 4 digit security code.',
    ]);
    expect(
      problems({
        ...valid,
        paymentMethod: 'Credit Card',
        card: { number: '4242', expMonth: '13', expYear: '1999', cvc: '12a' },
      }),
    ).toHaveLength(4);
    expect(problems({ ...valid, paymentMethod: 'PayPal' })).toEqual([]);
  });

  it('answers the order request: the address, the channel and the card (for Credit Card only)', () => {
    const card = { number: '4242 4242-4242 4242', expMonth: '07', expYear: '30', cvc: '123' };
    const { paymentMethod: _method, ...shippingAddress } = valid;
    expect(checkoutSchema.parse({ ...valid, paymentMethod: 'Credit Card', card })).toEqual({
      shippingAddress: { ...shippingAddress, mobile_no: '1712 345678' },
      paymentMethod: 'Credit Card',
      card: { number: '4242424242424242', expMonth: 7, expYear: 2030, cvc: '123' },
    });
    expect(checkoutSchema.parse({ ...valid, card })).toEqual({
      shippingAddress,
      paymentMethod: 'Bank Transfer',
    });
  });
});
