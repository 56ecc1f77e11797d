import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { hasPermission, optionalStaff } from '../../auth/permissions.ts';

/**
 * Staff who may manage the catalogue, or null (shoppers, and staff without the products permission). The two
 * public operations admit staff lacking `products` as shoppers (the contract's `{}` alternative), so it stays here.
 */
export function catalogueStaff(request: FastifyRequest): StaffAuth | null {
  const staff = optionalStaff(request);
  return staff && hasPermission(staff, 'products') ? staff : null;
}
