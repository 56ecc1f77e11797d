import { describe, expect, it } from 'vitest';
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

function problems(values: Record<string, string>) {
  const result = checkoutSchema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
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
});
