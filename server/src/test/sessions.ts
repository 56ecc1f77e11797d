import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { type AdminPermission, admins } from '../db/schema.ts';
import { DEMO_ADMIN, DEMO_SHOPPER } from '../db/seed/accounts.ts';

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

async function postJson(app: FastifyInstance, url: string, payload: object) {
  return app.inject({ method: 'POST', url, payload });
}

export async function loginStaff(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await postJson(app, '/api/admin/login', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

export async function loginCustomer(
  app: FastifyInstance,
  identifier: string,
  password: string,
): Promise<string> {
  const response = await postJson(app, '/api/user/login', { email: identifier, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** The demo super admin's token (needs the seeded database). */
export const demoAdminToken = (app: FastifyInstance) =>
  loginStaff(app, DEMO_ADMIN.email, DEMO_ADMIN.password);

/** The demo shopper's token (needs the seeded database). */
export const demoShopperToken = (app: FastifyInstance) =>
  loginCustomer(app, DEMO_SHOPPER.email, DEMO_SHOPPER.password);

export interface RegisteredShopper {
  id: string;
  email: string;
  username: string;
  password: string;
  token: string;
}

let registered = 0;

/** Registers a new shopper through the API and answers its sign-in. */
export async function registerShopper(
  app: FastifyInstance,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<RegisteredShopper> {
  registered += 1;
  const password = overrides.password ?? 'correct-horse-42';
  const email = overrides.email ?? `shopper${registered}.${Date.now()}@example.org`;
  // Each test shopper registers from an address of its own, as different people do: the per-address
  // registration limit is tested where it is meant, not met by chance in every file.
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    remoteAddress: `10.${(registered >> 16) & 255}.${(registered >> 8) & 255}.${registered & 255}`,
    payload: {
      name: overrides.name ?? `Test Shopper ${registered}`,
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ token: string; data: { user: { _id: string; username: string } } }>();
  return { id: body.data.user._id, email, username: body.data.user.username, password, token: body.token };
}

/** Creates a staff account straight in the database (there is no API for it yet). */
export async function createStaff(
  db: Database,
  values: {
    email: string;
    password: string;
    role?: (typeof admins.$inferInsert)['role'];
    permissions?: AdminPermission[];
    status?: (typeof admins.$inferInsert)['status'];
  },
) {
  const [row] = await db
    .insert(admins)
    .values({
      name: values.email.split('@')[0] ?? 'Staff',
      email: values.email,
      passwordHash: await hashPassword(values.password),
      role: values.role ?? 'Viewer',
      permissions: values.permissions ?? [],
      status: values.status ?? 'Active',
    })
    .returning();
  if (!row) throw new Error('staff insert returned no row');
  return row;
}

let staffCreated = 0;

/** A new staff account with just these permissions (no SuperAdmin bypass), signed in: answers its token. */
export async function limitedStaffToken(
  app: FastifyInstance,
  db: Database,
  permissions: AdminPermission[],
  role: (typeof admins.$inferInsert)['role'] = 'Viewer',
): Promise<string> {
  staffCreated += 1;
  const email = `limited${staffCreated}.${Date.now()}@example.org`;
  const password = 'limited-password-1';
  await createStaff(db, { email, password, role, permissions });
  return loginStaff(app, email, password);
}
