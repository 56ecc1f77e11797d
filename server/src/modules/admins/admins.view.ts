import type { components } from '@shop/sdk/types';
import type { AdminRow } from './admins.repository.ts';

export function toAdmin(row: AdminRow): components['schemas']['Admin'] {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    status: row.status,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
