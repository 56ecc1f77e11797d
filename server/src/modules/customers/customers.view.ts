import type { components } from '@shop/sdk/types';
import type { CustomerRow } from './customers.repository.ts';

type UserProfile = components['schemas']['UserProfile'];

export function toUserProfile(row: CustomerRow, totalOrders: number): UserProfile {
  return {
    _id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    totalOrders,
    createdAt: row.createdAt.toISOString(),
  };
}
