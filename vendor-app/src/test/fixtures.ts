import type { Schemas } from '@shop/sdk/types';

/** The signed-in vendor's store as GET /vendor/me answers it. */
export function makeVendorProfile(
  overrides: Partial<Schemas['VendorProfile']> = {},
): Schemas['VendorProfile'] {
  return {
    _id: '7b0c2a8e-3f4d-4c1a-9e2b-5d6f7a8b9c0d',
    name: 'Dhaka Crafts',
    email: 'owner@dhakacrafts.example.com',
    phone: '+8801711000000',
    address: 'House 3, Road 9, Dhanmondi, Dhaka',
    description: 'Handmade goods from Dhaka.',
    logoUrl: null,
    status: 'active',
    reviewNote: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}
