import { vi } from 'vitest';

/**
 * The network boundary: every request of the panel goes through this stub (installed as `globalThis.fetch` by
 * setup.ts). A test answers with `respondWith` or `routeStub`.
 */
export const fetchStub = vi.fn<typeof fetch>();

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers every request with the same JSON envelope. */
export function respondWith(status: number, body: unknown) {
  fetchStub.mockImplementation(async () => jsonResponse(status, body));
}

export type RouteHandler = (request: Request) => Response | Promise<Response>;

/**
 * Answers by `METHOD /path` (the path after /api, without the query), e.g. `'GET /vendor/me'`; a path segment
 * written `:id` matches any value. Unknown routes answer 404 in the error envelope.
 */
export function routeStub(handlers: Record<string, RouteHandler>) {
  const table = Object.entries(handlers).map(([key, handler]) => {
    const [method = '', pattern = ''] = key.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    return { method, regex, handler };
  });
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const match = table.find((entry) => entry.method === request.method && entry.regex.test(path));
    if (!match)
      return jsonResponse(404, {
        success: false,
        code: 'NOT_FOUND',
        message: `No stub for ${request.method} ${path}`,
      });
    return match.handler(request);
  });
}

/** The method, URL and parsed JSON body of the n-th request the panel sent. */
export async function sentRequest(index = 0): Promise<{ method: string; url: string; body: unknown }> {
  const call = fetchStub.mock.calls[index];
  if (!call) throw new Error(`No request number ${index + 1} was sent`);
  const request = new Request(call[0], call[1]);
  const text = await request.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { method: request.method, url: request.url, body };
}

/** Every request sent so far as `METHOD /path`. */
export function sentRoutes(): string[] {
  return fetchStub.mock.calls.map(([input, init]) => {
    const request = new Request(input, init);
    return `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
  });
}
