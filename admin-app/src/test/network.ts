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
