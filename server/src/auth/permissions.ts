import type { FastifyRequest } from 'fastify';
import { ADMIN_PERMISSIONS, type AdminPermission } from '../db/schema.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { CustomerAuth, StaffAuth, VendorAuth } from './auth-context.ts';

type StaffGrants = Pick<StaffAuth, 'role' | 'permissions'>;

/**
 * The one permission rule: a staff member may do what their own `permissions` list names (a role's defaults are
 * copied into it), and a SuperAdmin may do everything. The security handler checks the contract's scopes with it.
 */
export function effectivePermissions(staff: StaffGrants): AdminPermission[] {
  return staff.role === 'SuperAdmin' ? [...ADMIN_PERMISSIONS] : staff.permissions;
}

export function hasPermission(staff: StaffGrants, permission: AdminPermission): boolean {
  return effectivePermissions(staff).includes(permission);
}

export const GRANT_BEYOND_OWN = 'You can only grant permissions you hold yourself.';

/**
 * Nobody grants what they do not hold: moving from `before` to `after` may add only permissions the granting staff
 * member holds (taking permissions away is always theirs to do). 403 naming what they lack.
 */
export function assertCanGrant(
  staff: StaffGrants,
  before: readonly AdminPermission[],
  after: readonly AdminPermission[],
): void {
  const refusal = grantRefusal(effectivePermissions(staff), before, after);
  if (refusal) throw forbidden(refusal);
}

/** Why moving from `before` to `after` adds more than the `held` permissions, or null when it does not. */
export function grantRefusal(
  held: readonly AdminPermission[],
  before: readonly AdminPermission[],
  after: readonly AdminPermission[],
): string | null {
  const beyond = after.filter((key) => !before.includes(key) && !held.includes(key));
  return beyond.length > 0 ? `${GRANT_BEYOND_OWN} You do not hold: ${beyond.join(', ')}.` : null;
}

/** The signed-in staff member; 401 when the request carries none (the security handler normally ensured it). */
export function requireStaff(request: FastifyRequest): StaffAuth {
  if (request.auth?.kind !== 'staff') throw unauthorized();
  return request.auth;
}

/** The signed-in staff member if they hold `permission`, else 403. */
export function requirePermission(request: FastifyRequest, permission: AdminPermission): StaffAuth {
  const staff = requireStaff(request);
  if (!hasPermission(staff, permission)) throw forbidden();
  return staff;
}

export function requireCustomer(request: FastifyRequest): CustomerAuth {
  if (request.auth?.kind !== 'customer') throw unauthorized();
  return request.auth;
}

export function requireVendor(request: FastifyRequest): VendorAuth {
  if (request.auth?.kind !== 'vendor') throw unauthorized();
  return request.auth;
}

/** The staff member behind an optional token (public operations where staff see more), or null. */
export function optionalStaff(request: FastifyRequest): StaffAuth | null {
  return request.auth?.kind === 'staff' ? request.auth : null;
}
