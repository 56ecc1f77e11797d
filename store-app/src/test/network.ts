import type { Schemas } from '@shop/sdk/types';
import { vi } from 'vitest';

type Handler = (request: Request) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string): Response {
  return json(status, { success: false, code, message });
}

/**
 * Replaces `fetch` with the API as the contract describes it: `routes` maps 'METHOD /path' (without `/api`) to an
 * answer. Unlisted calls answer 404 so a test never reaches the network. Returns the requests it received.
 * The page views every screen reports (POST /stats/visit) are answered and kept apart in `visits`, and the sign-in
 * screens' question which outside providers exist (GET /user/oauth/providers) is answered apart too (none unless
 * stubbed), and so is the storefront content every page reads (GET /storefront/content: no banners, popup or
 * defaults unless stubbed; its requests are kept in `content`), so `requests` and `fetchStub` hold only what the
 * screen under test asked for.
 */
export function stubApi(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const visits: Request[] = [];
  const content: Request[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
    const handler = routes[key];
    return handler ? handler(request) : apiError(404, 'NOT_FOUND', `No stub for ${key}`);
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    // The sign-in screens ask which outside providers exist: none, unless the test says otherwise.
    if (request.method === 'GET' && path.endsWith('/user/oauth/providers')) {
      return routes['GET /user/oauth/providers']?.(request) ?? json(200, { success: true, data: [] });
    }
    if (request.method === 'GET' && path.endsWith('/storefront/content')) {
      content.push(request.clone());
      return (
        routes['GET /storefront/content']?.(request) ?? json(200, { success: true, data: EMPTY_CONTENT })
      );
    }
    if (request.method !== 'POST' || !path.endsWith('/stats/visit')) {
      return fetchStub(request);
    }
    visits.push(request.clone());
    return routes['POST /stats/visit']?.(request) ?? json(201, { success: true, data: { recorded: true } });
  });
  return { requests, fetchStub, visits, content };
}

/** What GET /storefront/content answers when staff have set nothing up. */
export const EMPTY_CONTENT: Schemas['StorefrontContent'] = {
  hero: [],
  promo: [],
  popup: null,
  meta: { title: null, description: null },
  analytics: { ga4Id: null, metaPixelId: null },
};

/** The profile the demo shopper has in the seeded database. */
export const demoProfile = {
  _id: 'user-1',
  username: 'shopper',
  firstName: 'Demo',
  lastName: 'Shopper',
  name: 'Demo Shopper',
  email: 'shopper@example.com',
  phone: '+8801712345678',
  address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
  totalOrders: 6,
  createdAt: '2026-10-01T00:00:00.000Z',
};
