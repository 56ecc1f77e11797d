import type { Schemas } from '@shop/sdk/types';
import {
  dataEnvelope,
  errorEnvelope,
  jsonResponse,
  type StubHandler,
  stubApi as stubAnswers,
} from '../../../test/network';

type UserAccount = Schemas['UserAccount'];

export function makeUser(n: number, overrides: Partial<UserAccount> = {}): UserAccount {
  return {
    _id: `u-${n}`,
    name: `Shopper ${n}`,
    email: `shopper${n}@example.com`,
    role: 'user',
    status: 'Active',
    kind: 'shopper',
    staffRole: null,
    invited: false,
    joined: '2026-11-02T09:15:00.000Z',
    lastLogin: null,
    ...overrides,
  };
}

export const userListEnvelope = (
  users: UserAccount[],
  total = users.length,
  stats: Schemas['UserStats'] = { total: 120, active: 110, admins: 3, newThisMonth: 14 },
) => ({ success: true, data: users, meta: { page: 1, limit: 10, total }, stats });

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
