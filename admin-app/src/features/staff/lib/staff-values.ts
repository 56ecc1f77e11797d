import type { Schemas } from '@shop/sdk/types';

export const ADMIN_ROLES = [
  'SuperAdmin',
  'Manager',
  'Support',
  'Editor',
  'Viewer',
] as const satisfies readonly Schemas['AdminRole'][];

/** Spec 2 §6 create-admin role options, each with the description the spec gives it. */
const ROLE_DESCRIPTIONS: Record<(typeof ADMIN_ROLES)[number], string> = {
  SuperAdmin: 'full system access',
  Manager: 'manage products, orders, users',
  Support: 'customer support',
  Editor: 'edit products and content',
  Viewer: 'view-only',
};

export const ADMIN_ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({
  value: role,
  label: `${role} (${ROLE_DESCRIPTIONS[role]})`,
}));

export const ADMIN_STATUSES = [
  'Active',
  'Suspended',
  'Pending',
] as const satisfies readonly Schemas['AdminStatus'][];

/** Spec 2 §6 departments. */
export const DEPARTMENTS = [
  'Administration',
  'Product Management',
  'Order Management',
  'Customer Support',
  'Marketing',
  'Finance',
  'IT',
] as const satisfies readonly Schemas['AdminDepartment'][];

/** Spec 2 §6 create-admin permission keys, then the role matrix's refunds and analytics. */
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
] as const satisfies readonly Schemas['AdminPermission'][];
