import type { Schemas } from '@shop/sdk/types';

export type AdminRole = Schemas['AdminRole'];
export type AdminPermission = Schemas['AdminPermission'];

/** The role names as the shell shows them (spec 2 §6 writes SuperAdmin; the header has always said 'Super Admin'). */
export const ROLE_LABELS: Record<AdminRole, string> = {
  SuperAdmin: 'Super Admin',
  Manager: 'Manager',
  Support: 'Support',
  Editor: 'Editor',
  Viewer: 'Viewer',
};

/** Every permission key in the contract's order: spec 2 §6's eight, then refunds and analytics from the matrix. */
export const PERMISSION_KEYS = [
  'dashboard',
  'products',
  'orders',
  'users',
  'admins',
  'reports',
  'settings',
  'disputes',
  'refunds',
  'analytics',
] as const satisfies readonly AdminPermission[];

export const isAdminRole = (value: string): value is AdminRole => Object.hasOwn(ROLE_LABELS, value);

export const isPermissionKey = (value: string): value is AdminPermission =>
  (PERMISSION_KEYS as readonly string[]).includes(value);

/**
 * What a screen asks of the staff member: any one of these permissions (none listed: any signed-in staff).
 * The same keys the contract's scopes name for the calls the screen makes.
 */
export type Requirement = readonly AdminPermission[] | undefined;

export const allows = (permissions: readonly AdminPermission[], requirement: Requirement): boolean =>
  !requirement || requirement.length === 0 || requirement.some((key) => permissions.includes(key));
