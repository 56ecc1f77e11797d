import type { Schemas } from '@shop/sdk/types';

type AdminPermission = Schemas['AdminPermission'];
type AdminRole = Schemas['AdminRole'];

/**
 * The users group's Roles & Permissions matrix (spec 2 §6) is the staff permission model seen from that screen.
 * Its keys name permission keys; its roles name the staff roles whose spec 2 §6 descriptions name the same work:
 * admin (manage users, edit products, view orders) is Manager, manager (edit products, view orders) is Editor,
 * user (view orders) is Support. The contract's adminBearer description writes the same mapping.
 */
export const MATRIX_PERMISSIONS = [
  { key: 'manage_users', permission: 'users' },
  { key: 'edit_products', permission: 'products' },
  { key: 'view_orders', permission: 'orders' },
  { key: 'refunds', permission: 'refunds' },
  { key: 'analytics', permission: 'analytics' },
] as const satisfies ReadonlyArray<{ key: string; permission: AdminPermission }>;

export const MATRIX_ROLES = [
  { name: 'admin', role: 'Manager' },
  { name: 'manager', role: 'Editor' },
  { name: 'user', role: 'Support' },
] as const satisfies ReadonlyArray<{ name: string; role: AdminRole }>;

/** The role's keys with `permission` turned on or off; the server keeps its own order of keys. */
export function toggled(
  permissions: readonly AdminPermission[],
  permission: AdminPermission,
  on: boolean,
): AdminPermission[] {
  const rest = permissions.filter((key) => key !== permission);
  return on ? [...rest, permission] : rest;
}
