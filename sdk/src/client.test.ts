import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStatusError, createApiClient, errorMessage, isApiError, unwrap } from './client';

const BASE_URL = 'http://api.test/api';

const profile = {
  _id: '5d2e8a41-7c3b-4f90-a6e1-2b9c4d7f1e35',
  username: 'shopper',
  email: 'shopper@example.com',
  name: 'Demo Shopper',
  totalOrders: 6,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch stand-in answering every request with `reply` and keeping what it was sent. */
function fakeFetch(reply: () => Response) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    return reply();
  });
  return { fetch, requests };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createApiClient', () => {
  it('sends the session token as a bearer header to the API base', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { success: true, data: profile }));
    const client = createApiClient({ baseUrl: BASE_URL, getToken: () => 'tok.en.one', fetch });

    const { data } = await client.GET('/user/profile');

    expect(requests[0]?.url).toBe('http://api.test/api/user/profile');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok.en.one');
    expect(data?.data.username).toBe('shopper');
  });

  it('reads the token for every request and sends none when signed out', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { success: true, data: profile }));
    let token: string | null = 'first.to.ken';
    const client = createApiClient({ baseUrl: BASE_URL, getToken: () => token, fetch });

    await client.GET('/user/profile');
    token = null;
    await client.GET('/user/profile');

    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer first.to.ken');
    expect(requests[1]?.headers.has('Authorization')).toBe(false);
  });

  it('calls onUnauthorized on a 401 and still hands the error to the caller', async () => {
    const envelope = { success: false, code: 'UNAUTHORIZED', message: 'Please sign in again.' };
    const { fetch } = fakeFetch(() => json(401, envelope));
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      baseUrl: BASE_URL,
      getToken: () => 'old.to.ken',
      onUnauthorized,
      fetch,
    });

    const result = await client.GET('/user/profile');

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(result.data).toBeUndefined();
    expect(result.response.status).toBe(401);
    expect(result.error).toEqual(envelope);
    expect(errorMessage(result.error, 'Failed to update profile')).toBe('Please sign in again.');
  });

  it('does not end a session when a sign-in without a token is refused', async () => {
    const { fetch } = fakeFetch(() =>
      json(401, { success: false, code: 'UNAUTHORIZED', message: 'Invalid credentials.' }),
    );
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: BASE_URL, getToken: () => null, onUnauthorized, fetch });

    const { error } = await client.POST('/user/login', { body: { email: 'shopper', password: 'wrong' } });

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(errorMessage(error, 'Login failed')).toBe('Invalid credentials.');
  });

  it('does not call onUnauthorized for other failures', async () => {
    const { fetch } = fakeFetch(() => json(403, { success: false, code: 'FORBIDDEN', message: 'No.' }));
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: BASE_URL, getToken: () => 'a.b.c', onUnauthorized, fetch });

    await client.GET('/stats/overview');

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('uses the global fetch of the moment when no fetch is given', async () => {
    const client = createApiClient({ baseUrl: BASE_URL });
    const { fetch, requests } = fakeFetch(() => json(200, { success: true, data: [] }));
    vi.stubGlobal('fetch', fetch);

    const { data } = await client.GET('/settings/currency');

    expect(requests[0]?.url).toBe('http://api.test/api/settings/currency');
    expect(data?.data).toEqual([]);
  });
});

describe('unwrap', () => {
  it('answers the body of a successful call', async () => {
    const { fetch } = fakeFetch(() => json(200, { success: true, data: profile }));
    const client = createApiClient({ baseUrl: BASE_URL, fetch });

    const body = await unwrap(client.GET('/user/profile'));

    expect(body.data.username).toBe('shopper');
  });

  it("throws the API's error envelope when the call fails", async () => {
    const envelope = { success: false, code: 'NOT_FOUND', message: 'User not found.' };
    const { fetch } = fakeFetch(() => json(404, envelope));
    const client = createApiClient({ baseUrl: BASE_URL, fetch });

    const failure = await unwrap(client.GET('/user/profile')).catch((error: unknown) => error);

    expect(failure).toEqual(envelope);
    expect(errorMessage(failure, 'Failed to load the profile')).toBe('User not found.');
  });

  it.each([
    ['an empty 502', () => new Response(null, { status: 502 }), 502],
    ['a 200 without a body', () => new Response(null, { status: 200 }), 200],
  ])('throws an ApiStatusError with the status for %s', async (_case, reply, status) => {
    const { fetch } = fakeFetch(reply);
    const client = createApiClient({ baseUrl: BASE_URL, fetch });

    const failure = await unwrap(client.GET('/user/profile')).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiStatusError);
    expect(failure).toMatchObject({ status, message: `The API answered ${status}` });
    expect(isApiError(failure)).toBe(false);
    expect(errorMessage(failure, 'Failed to load the profile')).toBe('Failed to load the profile');
  });
});

describe('errorMessage', () => {
  it("returns the envelope's message", () => {
    expect(
      errorMessage({ success: false, code: 'CONFLICT', message: 'Email taken.' }, 'Registration failed.'),
    ).toBe('Email taken.');
  });

  it.each([
    ['no error', undefined],
    ['a network failure', new TypeError('fetch failed')],
    ['a body that is not an envelope', '<html>Bad Gateway</html>'],
    ['an empty message', { success: false, code: 'INTERNAL_ERROR', message: '  ' }],
  ])('falls back for %s', (_case, error) => {
    expect(errorMessage(error, 'Failed to fetch disputes')).toBe('Failed to fetch disputes');
  });

  it('recognises only envelopes as API errors', () => {
    expect(isApiError({ success: false, code: 'NOT_FOUND', message: 'Not found.' })).toBe(true);
    expect(isApiError(new Error('boom'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
