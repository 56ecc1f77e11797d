import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { createQueryApi } from './query';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('createQueryApi', () => {
  it('runs queries through the client, with its token, under a key of method, path and parameters', async () => {
    const fetch = vi.fn(async (_request: Request) =>
      json(200, { success: true, data: [], meta: { page: 2, limit: 10, total: 12 } }),
    );
    const $api = createQueryApi(
      createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'a.b.c', fetch }),
    );
    const options = $api.queryOptions('get', '/product/', { params: { query: { page: 2 } } });

    const result = await new QueryClient().fetchQuery(options);

    expect(options.queryKey).toEqual(['get', '/product/', { params: { query: { page: 2 } } }]);
    expect(result.meta.total).toBe(12);
    const request = fetch.mock.calls[0]?.[0];
    expect(request?.url).toBe('http://api.test/api/product/?page=2');
    expect(request?.headers.get('Authorization')).toBe('Bearer a.b.c');
  });

  it('rejects with the error envelope and lets the 401 hook end the session', async () => {
    const envelope = { success: false, code: 'UNAUTHORIZED', message: 'Please sign in again.' };
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      baseUrl: 'http://api.test/api',
      getToken: () => 'a.b.c',
      onUnauthorized,
      fetch: async () => json(401, envelope),
    });
    const $api = createQueryApi(client);

    await expect(
      new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(
        $api.queryOptions('get', '/user/profile'),
      ),
    ).rejects.toEqual(envelope);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
