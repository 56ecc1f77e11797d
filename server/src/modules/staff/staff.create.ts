import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { assertCanGrant } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, validationError } from '../../http/errors.ts';
import { staffActivity } from '../activity/index.ts';
import { canonicalPermissions, roleDefaults, SUPER_ADMIN_ONLY } from '../roles/index.ts';
import { assertPasswordPolicy } from '../security/index.ts';
import { insertStaff, type StaffRole, type StaffRow, staffEmailTaken } from './staff.repository.ts';
import { createAdminFieldErrors } from './staff.validation.ts';

type CreateAdminBody = components['schemas']['CreateAdminRequest'];

export const ADMIN_EMAIL_TAKEN = 'An admin with this email already exists.';

export const optionalText = (text: string | undefined) => text?.trim() || null;

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
