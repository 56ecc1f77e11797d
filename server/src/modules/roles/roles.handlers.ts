import type { components } from '@shop/sdk/types';
import { eq } from 'drizzle-orm';
import { assertCanGrant, effectivePermissions, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { ADMIN_PERMISSIONS, admins } from '../../db/schema.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { requestOrigin } from '../activity/index.ts';
import { toAdmin } from '../admins/index.ts';
import { listRoles, type RoleRow, SUPER_ADMIN_ONLY, saveRolePermissions } from './roles.repository.ts';

export const SUPERADMIN_LOCKED = 'The SuperAdmin role always holds every permission.';
export const OWN_ROLE_LOCKOUT = 'You cannot change the role you are in. Ask a SuperAdmin.';

function toRole(row: RoleRow): components['schemas']['Role'] {
  return {
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    admins: row.admins,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createRoleHandlers(deps: { db: Database }) {
  const { db } = deps;

  return {
    getAdminMe: operation('getAdminMe', async (request) => {
      const staff = requireStaff(request);
      const [row] = await db.select().from(admins).where(eq(admins.id, staff.id)).limit(1);
      if (!row) throw unauthorized();
      return { success: true, data: { ...toAdmin(row), permissions: effectivePermissions(row) } };
    }),

    listRoles: operation('listRoles', async () => {
      return { success: true, data: (await listRoles(db)).map(toRole) };
    }),

    updateRole: operation('updateRole', async (request) => {
      const staff = requireStaff(request);
      const { name } = request.params;
      const { permissions } = request.body;
      if (name === 'SuperAdmin' && staff.role !== 'SuperAdmin') throw forbidden(SUPER_ADMIN_ONLY);
      if (name === 'SuperAdmin' && ADMIN_PERMISSIONS.some((key) => !permissions.includes(key))) {
        throw conflict(SUPERADMIN_LOCKED);
      }
      // Editing one's own role would grant it to oneself: only a SuperAdmin changes the role they are in.
      if (staff.role === name && staff.role !== 'SuperAdmin') throw conflict(OWN_ROLE_LOCKOUT);
      const saved = await saveRolePermissions(db, {
        name,
        permissions,
        assertGrant: (before, after) => assertCanGrant(staff, before, after),
        activity: {
          actorType: 'admin',
          actorId: staff.id,
          actorName: staff.name,
          actorEmail: staff.email,
          action: 'role.update',
          target: `role:${name}`,
          ...requestOrigin(request),
        },
      });
      if (!saved) throw notFound('Role not found.');
      const members = saved.admins === 1 ? 'staff member' : 'staff members';
      return {
        success: true,
        message: `${name} permissions saved; ${saved.admins} ${members} updated.`,
        data: toRole(saved),
      };
    }),
  };
}
