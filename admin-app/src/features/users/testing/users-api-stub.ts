import type { Schemas } from '@shop/sdk/types';
import { fetchStub, jsonResponse } from '../../../test/network';

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

export const dataEnvelope = <T>(data: T, message?: string) => ({
  success: true,
  ...(message ? { message } : {}),
  data,
});

export const errorEnvelope = (
  message: string,
  code = 'CONFLICT',
  errors?: { path: string; message: string }[],
) => ({
  success: false,
  message,
  code,
  ...(errors ? { errors } : {}),
});

type SentRequest = { method: string; url: URL; body: unknown };
type Handler = (request: SentRequest) => Response | Promise<Response>;

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
export function stubApi(handlers: Record<string, Handler>) {
  const requests: SentRequest[] = [];
  const all: Record<string, Handler> = {
    'GET /admin/me': () => jsonResponse(200, dataEnvelope(SIGNED_IN)),
    ...handlers,
  };
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const sent: SentRequest = { method: request.method, url, body: text ? JSON.parse(text) : undefined };
    requests.push(sent);
    const handler = all[`${request.method} ${url.pathname.replace(/^\/api/, '')}`];
    if (!handler) throw new TypeError(`Unexpected request: ${request.method} ${url.pathname}`);
    return handler(sent);
  });
  return {
    requests,
    sentTo: (key: string) =>
      requests.filter((request) => `${request.method} ${request.url.pathname.replace(/^\/api/, '')}` === key),
  };
}

export { jsonResponse };
