import { and, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { grantRefusal } from '../../auth/permissions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { type AdminPermission, admins, sessions } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { type ActivityEntry, insertActivity } from '../activity/index.ts';
import { queueMail } from '../mail/index.ts';
import { SUPER_ADMIN_ONLY } from '../roles/index.ts';

export type StaffRow = typeof admins.$inferSelect;
export type StaffRole = StaffRow['role'];
export type StaffStatus = StaffRow['status'];

export interface StaffFilters {
  q?: string | undefined;
  role?: StaffRole | undefined;
  status?: StaffStatus | undefined;
}

export async function listStaff(
  db: Database,
  filters: StaffFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: StaffRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.q?.trim()) {
    const pattern = containsPattern(filters.q.trim());
    const match = or(ilike(admins.name, pattern), ilike(admins.email, pattern));
    if (match) conditions.push(match);
  }
  if (filters.role) conditions.push(eq(admins.role, filters.role));
  if (filters.status) conditions.push(eq(admins.status, filters.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(admins)
      .where(where)
      .orderBy(desc(admins.createdAt), desc(admins.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(admins).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The Admin list's stat cards over every staff account. */
export async function staffStats(db: Database) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${admins.status} = 'Active')`.mapWith(Number),
      suspended: sql<number>`count(*) filter (where ${admins.status} = 'Suspended')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${admins.status} = 'Pending')`.mapWith(Number),
    })
    .from(admins);
  return row ?? { total: 0, active: 0, suspended: 0, pending: 0 };
}

export async function findStaff(db: Database, id: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row ?? null;
}

export interface NewStaff {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  department: string | null;
  role: StaffRole;
  permissions: AdminPermission[];
  status: StaffStatus;
  passwordHash: string;
}

type ActivityStub = Omit<ActivityEntry, 'details' | 'target'>;
type Message = { to: string; subject: string; body: string; kind: string };

/** Creates a staff account, its welcome message (when asked) and the log entry together. */
export async function insertStaff(
  db: Database,
  values: NewStaff,
  options: { welcome: Message | null; activity: ActivityStub },
): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admins)
      .values({ ...values, name: `${values.firstName} ${values.lastName}` })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (options.welcome) await queueMail(tx, options.welcome);
    await insertActivity(tx, {
      ...options.activity,
      target: staffTarget(row.id),
      details: {
        before: null,
        after: {
          name: row.name,
          email: row.email,
          role: row.role,
          department: row.department,
          permissions: row.permissions,
          status: row.status,
        },
        welcomeEmail: options.welcome !== null,
      },
    });
    return row;
  });
}

/** Why a staff change was refused; the handlers turn it into its HTTP answer. */
export class StaffRefusal extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict' | 'forbidden',
    message: string,
  ) {
    super(message);
    this.name = 'StaffRefusal';
  }
}

export const STAFF_NOT_FOUND = 'Admin not found.';
export const OWN_ACCOUNT = 'You cannot suspend, delete or demote your own account.';
export const LAST_SUPER_ADMIN = 'The last active SuperAdmin cannot be suspended, deleted or demoted.';

export interface StaffChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  department?: string | null;
  role?: StaffRole;
  permissions?: AdminPermission[];
  status?: StaffStatus;
}

export interface StaffActor {
  id: string;
  role: string;
  /** The actor's own permissions: the most they may grant. */
  permissions: AdminPermission[];
  activity: ActivityStub;
}

const staffTarget = (id: string) => `admin:${id}`;

/**
 * Locks the target and, when it is an active SuperAdmin, every active SuperAdmin: two requests that would each
 * remove "another" SuperAdmin are ordered, and the second sees that only one is left.
 */
async function lockTarget(tx: Transaction, id: string): Promise<{ target: StaffRow; superAdmins: number }> {
  const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
  if (!target) throw new StaffRefusal('not_found', STAFF_NOT_FOUND);
  if (target.role !== 'SuperAdmin' || target.status !== 'Active') return { target, superAdmins: 0 };
  const active = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'SuperAdmin'), eq(admins.status, 'Active')))
    .for('update');
  return { target, superAdmins: active.length };
}

/** Refuses what would take the last active SuperAdmin away, or the actor's own access. */
function assertAllowed(
  actor: StaffActor,
  target: StaffRow,
  superAdmins: number,
  removesAccess: boolean,
  changesGrants: boolean,
): void {
  if (actor.role !== 'SuperAdmin' && target.role === 'SuperAdmin' && (removesAccess || changesGrants)) {
    throw new StaffRefusal('forbidden', SUPER_ADMIN_ONLY);
  }
  if (target.id === actor.id && (removesAccess || changesGrants))
    throw new StaffRefusal('conflict', OWN_ACCOUNT);
  if (removesAccess && target.role === 'SuperAdmin' && target.status === 'Active' && superAdmins <= 1) {
    throw new StaffRefusal('conflict', LAST_SUPER_ADMIN);
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key) => b.includes(key));

/** Applies a change to one staff account under the rules above and logs before and after. */
export async function changeStaff(
  db: Database,
  id: string,
  changes: StaffChanges,
  actor: StaffActor,
): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    const { target, superAdmins } = await lockTarget(tx, id);
    if (actor.role !== 'SuperAdmin' && changes.role === 'SuperAdmin') {
      throw new StaffRefusal('forbidden', SUPER_ADMIN_ONLY);
    }
    const leavesActive =
      changes.status !== undefined && changes.status !== 'Active' && target.status === 'Active';
    const demotes =
      changes.role !== undefined && changes.role !== target.role && target.role === 'SuperAdmin';
    const changesGrants =
      (changes.role !== undefined && changes.role !== target.role) ||
      (changes.permissions !== undefined && !sameSet(changes.permissions, target.permissions)) ||
      (changes.status !== undefined && changes.status !== target.status);
    assertAllowed(actor, target, superAdmins, leavesActive || demotes, changesGrants);
    const beyond =
      changes.permissions && grantRefusal(actor.permissions, target.permissions, changes.permissions);
    if (beyond) throw new StaffRefusal('forbidden', beyond);

    const firstName = changes.firstName ?? target.firstName;
    const lastName = changes.lastName ?? target.lastName;
    const renamed = changes.firstName !== undefined || changes.lastName !== undefined;
    const [updated] = await tx
      .update(admins)
      .set({
        ...changes,
        ...(renamed ? { name: [firstName, lastName].filter(Boolean).join(' ') } : {}),
        // Leaving Active ends every token at once; the guard also refuses a non-active account.
        ...(leavesActive ? { tokenVersion: sql`${admins.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(admins.id, id))
      .returning();
    if (!updated) throw new StaffRefusal('not_found', STAFF_NOT_FOUND);
    const keys = Object.keys(changes) as (keyof StaffChanges)[];
    await insertActivity(tx, {
      ...actor.activity,
      target: staffTarget(id),
      details: {
        admin: target.email,
        before: Object.fromEntries(keys.map((key) => [key, target[key]])),
        after: Object.fromEntries(keys.map((key) => [key, updated[key]])),
      },
    });
    return updated;
  });
}

/**
 * Removes a staff account and ends its sessions. History stays readable: the activity log keeps the name and
 * email, and the orders and replies it touched keep theirs as text.
 */
export async function deleteStaff(db: Database, id: string, actor: StaffActor): Promise<void> {
  await db.transaction(async (tx) => {
    const { target, superAdmins } = await lockTarget(tx, id);
    assertAllowed(actor, target, superAdmins, true, true);
    await tx.delete(admins).where(eq(admins.id, id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.actorType, 'admin'), eq(sessions.accountId, id), isNull(sessions.revokedAt)));
    await insertActivity(tx, {
      ...actor.activity,
      target: staffTarget(id),
      details: {
        admin: target.email,
        before: { name: target.name, email: target.email, role: target.role, status: target.status },
        after: null,
      },
    });
  });
}

export async function staffEmailTaken(db: Database, email: string, exceptId?: string): Promise<boolean> {
  const condition = exceptId
    ? and(eq(admins.email, email), ne(admins.id, exceptId))
    : eq(admins.email, email);
  const [row] = await db.select({ id: admins.id }).from(admins).where(condition).limit(1);
  return row !== undefined;
}
