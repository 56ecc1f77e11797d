import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ADMIN_PERMISSIONS, type AdminPermission, admins, roles } from '../../db/schema.ts';
import { type ActivityEntry, insertActivity } from '../activity/index.ts';

export type RoleName = (typeof roles.$inferSelect)['name'];
export type RoleRow = typeof roles.$inferSelect & { admins: number };

export const SUPER_ADMIN_ONLY = 'Only a SuperAdmin can change a SuperAdmin or make someone one.';

/** Permission keys in the one order the screens and the database use, without repeats. */
export function canonicalPermissions(permissions: readonly AdminPermission[]): AdminPermission[] {
  return ADMIN_PERMISSIONS.filter((key) => permissions.includes(key));
}

/** The permissions a new admin of `role` starts with (the role's current defaults). */
export async function roleDefaults(db: Database, role: RoleName): Promise<AdminPermission[]> {
  const [row] = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.name, role));
  return row ? canonicalPermissions(row.permissions) : [];
}

async function adminCounts(db: Database): Promise<Map<RoleName, number>> {
  const rows = await db.select({ role: admins.role, n: count() }).from(admins).groupBy(admins.role);
  return new Map(rows.map((row) => [row.role, row.n]));
}

/** Every role in the enum's order (SuperAdmin first) with how many staff hold it. */
export async function listRoles(db: Database): Promise<RoleRow[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.name)),
    adminCounts(db),
  ]);
  return rows.map((row) => ({ ...row, admins: counts.get(row.name) ?? 0 }));
}

/**
 * Replaces a role's permissions and gives every admin of that role the same set, logging before and after,
 * all in one transaction: nobody can see the role changed but its admins not (or the change unlogged).
 * Answers null when the role does not exist.
 */
export async function saveRolePermissions(
  db: Database,
  input: {
    name: RoleName;
    permissions: AdminPermission[];
    activity: Omit<ActivityEntry, 'details'>;
    /** Refuses (by throwing) a change the caller may not make, checked against the locked current row. */
    assertGrant: (before: AdminPermission[], after: AdminPermission[]) => void;
  },
): Promise<RoleRow | null> {
  const after = canonicalPermissions(input.permissions);
  return db.transaction(async (tx) => {
    // The row lock orders two saves of the same role, so the logged "before" is what the second one replaced.
    const [current] = await tx.select().from(roles).where(eq(roles.name, input.name)).for('update');
    if (!current) return null;
    input.assertGrant(canonicalPermissions(current.permissions), after);
    const [saved] = await tx
      .update(roles)
      .set({ permissions: after, updatedAt: new Date() })
      .where(eq(roles.name, input.name))
      .returning();
    const updated = await tx
      .update(admins)
      .set({ permissions: after, updatedAt: new Date() })
      .where(eq(admins.role, input.name))
      .returning({ id: admins.id });
    await insertActivity(tx, {
      ...input.activity,
      details: {
        before: { permissions: canonicalPermissions(current.permissions) },
        after: { permissions: after },
        admins: updated.length,
      },
    });
    if (!saved) return null;
    return { ...saved, admins: updated.length };
  });
}
