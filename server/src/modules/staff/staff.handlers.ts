import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { assertCanGrant, effectivePermissions, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { type ApiError, conflict, forbidden, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity } from '../products/products.handlers.ts';
import { canonicalPermissions, roleDefaults } from '../roles/roles.repository.ts';
import { assertPasswordPolicy } from '../security/password-policy.ts';
import {
  changeStaff,
  deleteStaff,
  insertStaff,
  listStaff,
  type StaffActor,
  type StaffChanges,
  StaffRefusal,
  type StaffRole,
  type StaffRow,
  SUPER_ADMIN_ONLY,
  staffEmailTaken,
  staffStats,
} from './staff.repository.ts';
import { createAdminFieldErrors } from './staff.validation.ts';

type StaffAccount = components['schemas']['StaffAccount'];
type CreateAdminBody = components['schemas']['CreateAdminRequest'];

export const ADMIN_EMAIL_TAKEN = 'An admin with this email already exists.';

export function toStaffAccount(row: StaffRow): StaffAccount {
  return {
    _id: row.id,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    department: row.department,
    permissions: row.permissions,
    status: row.status,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function fromRefusal(error: StaffRefusal): ApiError {
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'conflict':
      return conflict(error.message);
    case 'forbidden':
      return forbidden(error.message);
  }
}

async function answering<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof StaffRefusal) throw fromRefusal(error);
    throw error;
  }
}

const optionalText = (text: string | undefined) => text?.trim() || null;

function welcomeMessage(row: { email: string; firstName: string; role: StaffRole }) {
  return {
    to: row.email,
    subject: 'Welcome to the store back office',
    body:
      `Hello ${row.firstName},\n\nAn account has been created for you on the store's back office with the role ` +
      `${row.role}. Sign in with this email address and the password you were given; you may be asked to ` +
      'choose a new one.\n',
    kind: 'welcome',
  };
}

/**
 * Creates a staff account by the rules of Create Admin: spec 2 §5's field messages, the store's password policy,
 * the role's default permissions when none are given, SuperAdmins only by a SuperAdmin. Create New User uses it
 * for its staff roles, so both forms follow one set of rules.
 */
export async function createStaffAccount(
  db: Database,
  request: FastifyRequest,
  staff: StaffAuth,
  body: CreateAdminBody,
): Promise<StaffRow> {
  const errors = createAdminFieldErrors(body);
  if (errors.length > 0) throw validationError(errors, errors[0]?.message);
  const role = body.role as StaffRole;
  const password = body.password as string;
  if (role === 'SuperAdmin' && staff.role !== 'SuperAdmin') throw forbidden(SUPER_ADMIN_ONLY);
  await assertPasswordPolicy(db, password);
  const permissions = body.permissions
    ? canonicalPermissions(body.permissions)
    : await roleDefaults(db, role);
  assertCanGrant(staff, [], permissions);

  const email = (body.email as string).trim().toLowerCase();
  if (await staffEmailTaken(db, email)) throw conflict(ADMIN_EMAIL_TAKEN);
  const firstName = (body.firstName as string).trim();
  const values = {
    firstName,
    lastName: (body.lastName as string).trim(),
    email,
    phone: optionalText(body.phone),
    department: body.department ?? null,
    role,
    permissions,
    status: body.isActive === false ? ('Pending' as const) : ('Active' as const),
    passwordHash: await hashPassword(password),
  };
  try {
    return await insertStaff(db, values, {
      welcome: body.sendWelcomeEmail ? welcomeMessage({ email, firstName, role }) : null,
      activity: staffActivity(request, staff, { action: 'admin.create' }),
    });
  } catch (error) {
    if (uniqueViolation(error) === 'admins_email_unique') throw conflict(ADMIN_EMAIL_TAKEN);
    throw error;
  }
}

const BULK_STATUS = { activate: 'Active', suspend: 'Suspended' } as const;

export function createStaffHandlers(deps: { db: Database }) {
  const { db } = deps;

  const actorOf = (request: FastifyRequest, staff: StaffAuth, action: string): StaffActor => ({
    id: staff.id,
    role: staff.role,
    permissions: effectivePermissions(staff),
    activity: staffActivity(request, staff, { action }),
  });

  return {
    listAdmins: operation('listAdmins', async (request) => {
      const { page = 1, limit = 20, q, role, status } = request.query;
      const [{ rows, total }, stats] = await Promise.all([
        listStaff(db, { q, role, status }, { offset: (page - 1) * limit, limit }),
        staffStats(db),
      ]);
      return { success: true, data: rows.map(toStaffAccount), meta: { page, limit, total }, stats };
    }),

    createAdmin: operation('createAdmin', async (request, reply) => {
      const staff = requireStaff(request);
      const row = await createStaffAccount(db, request, staff, request.body);
      reply.code(201);
      return { success: true, message: 'Admin user created successfully!', data: toStaffAccount(row) };
    }),

    updateAdmin: operation('updateAdmin', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      const changes: StaffChanges = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName.trim();
      if (body.lastName !== undefined) changes.lastName = body.lastName.trim();
      if (body.phone !== undefined) changes.phone = optionalText(body.phone);
      if (body.department !== undefined) changes.department = body.department;
      if (body.status !== undefined) changes.status = body.status;
      if (body.role !== undefined) changes.role = body.role;
      if (body.permissions !== undefined) changes.permissions = canonicalPermissions(body.permissions);
      // A new role without its own list starts from that role's defaults, as a new admin would.
      else if (body.role !== undefined) changes.permissions = await roleDefaults(db, body.role);
      const row = await answering(() =>
        changeStaff(db, request.params.id, changes, actorOf(request, staff, 'admin.update')),
      );
      return { success: true, message: 'Admin updated.', data: toStaffAccount(row) };
    }),

    deleteAdmin: operation('deleteAdmin', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      await answering(() => deleteStaff(db, id, actorOf(request, staff, 'admin.delete')));
      return { success: true, message: 'Admin deleted.', data: { _id: id } };
    }),

    bulkUpdateAdmins: operation('bulkUpdateAdmins', async (request) => {
      const staff = requireStaff(request);
      const { action, ids } = request.body;
      const done: string[] = [];
      const failed: { id: string; message: string }[] = [];
      // One account at a time, each under its own rules and transaction: one refusal does not undo the others.
      for (const id of ids) {
        try {
          if (action === 'delete') await deleteStaff(db, id, actorOf(request, staff, 'admin.delete'));
          else
            await changeStaff(
              db,
              id,
              { status: BULK_STATUS[action] },
              actorOf(request, staff, `admin.${action}`),
            );
          done.push(id);
        } catch (error) {
          if (!(error instanceof StaffRefusal)) throw error;
          failed.push({ id, message: error.message });
        }
      }
      return {
        success: true,
        message: `${done.length} updated, ${failed.length} refused.`,
        data: { done, failed },
      };
    }),
  };
}
