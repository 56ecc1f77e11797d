import type { Schemas } from '@shop/sdk/types';
import {
  dataEnvelope,
  errorEnvelope,
  jsonResponse,
  type StubHandler,
  stubApi as stubAnswers,
} from '../../../test/network';

type StaffAccount = Schemas['StaffAccount'];

export function makeAdmin(n: number, overrides: Partial<StaffAccount> = {}): StaffAccount {
  return {
    _id: `a-${n}`,
    name: `Staff ${n}`,
    firstName: 'Staff',
    lastName: String(n),
    email: `staff${n}@example.com`,
    phone: null,
    role: 'Editor',
    department: 'Product Management',
    permissions: ['dashboard', 'products'],
    status: 'Active',
    lastLogin: null,
    createdAt: '2026-11-02T09:15:00.000Z',
    ...overrides,
  };
}

export const adminListEnvelope = (
  admins: StaffAccount[],
  total = admins.length,
  stats: Schemas['AdminStats'] = { total: 9, active: 6, suspended: 2, pending: 1 },
) => ({ success: true, data: admins, meta: { page: 1, limit: 10, total }, stats });

const SIGNED_IN = {
  _id: 'admin-1',
  name: 'Store Admin',
  email: 'admin@example.com',
  role: 'SuperAdmin',
  permissions: ['dashboard', 'products', 'orders', 'users', 'admins', 'reports', 'settings', 'disputes'],
  status: 'Active',
};

/**
 * Answers each request by `METHOD /path` (without the /api prefix) and records every request in order; the shell's
 * GET /admin/me answers the signed-in SuperAdmin. A request nobody answers fails as an unreachable server would.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  return stubAnswers({ 'GET /admin/me': () => jsonResponse(200, dataEnvelope(SIGNED_IN)), ...handlers });
}

export { dataEnvelope, errorEnvelope, jsonResponse };
