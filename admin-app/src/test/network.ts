import { vi } from 'vitest';

/**
 * The network boundary: every request of the app goes through this stub (installed as `globalThis.fetch`
 * by setup.ts). A test answers with `respondWith`.
 */
export const fetchStub = vi.fn<typeof fetch>();

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers every request with the same JSON envelope. */
export function respondWith(status: number, body: unknown) {
  fetchStub.mockImplementation(async () => jsonResponse(status, body));
}

/** The method, URL and parsed JSON body of the n-th request the app sent. */
export async function sentRequest(index = 0): Promise<{ method: string; url: string; body: unknown }> {
  const call = fetchStub.mock.calls[index];
  if (!call) throw new Error(`No request number ${index + 1} was sent`);
  const request = new Request(call[0], call[1]);
  const text = await request.text();
  return { method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined };
}

/** A request the app sent, as `stubApi` records it: the body parsed when it is JSON. */
export type SentRequest = { method: string; url: URL; body: unknown; headers: Headers };
export type StubHandler = (request: SentRequest) => Response | Promise<Response>;

const keyOf = (request: SentRequest) => `${request.method} ${request.url.pathname.replace(/^\/api/, '')}`;

/**
 * Answers each request by `METHOD /path` (path without the /api prefix) and records every request, in order.
 * A request nobody answers fails the way an unreachable server would.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  const requests: SentRequest[] = [];
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const sent: SentRequest = {
      method: request.method,
      url: new URL(request.url),
      body:
        text && request.headers.get('Content-Type')?.includes('json') ? JSON.parse(text) : text || undefined,
      headers: request.headers,
    };
    requests.push(sent);
    const handler = handlers[keyOf(sent)];
    if (!handler) throw new TypeError(`Unexpected request: ${keyOf(sent)}`);
    return handler(sent);
  });
  return {
    requests,
    /** The requests sent to `METHOD /path`. */
    sentTo: (key: string) => requests.filter((request) => keyOf(request) === key),
  };
}

export const dataEnvelope = <T>(data: T, message?: string) => ({
  success: true,
  ...(message ? { message } : {}),
  data,
});

export const errorEnvelope = (
  message: string,
  code = 'CONFLICT',
  errors?: { path: string; message: string }[],
) => ({ success: false, message, code, ...(errors ? { errors } : {}) });
