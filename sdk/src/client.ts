import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/api';

/** A typed client for every path of the contract (`client.GET('/user/profile')`, ...). */
export type ApiClient = Client<paths>;

/** The error envelope every failing call answers. */
export type ApiError = components['schemas']['ErrorResponse'];

export interface ApiClientOptions {
  /** The API root including `/api`, e.g. `http://localhost:3000/api`. */
  baseUrl: string;
  /** Returns the current session token, or null when signed out. Read on every request. */
  getToken?: () => string | null | undefined;
  /** Called when the API rejects the token the request carried (401). The caller still receives the error. */
  onUnauthorized?: () => void;
  /** A fetch stand-in; by default `globalThis.fetch` as it is at the time of each request. */
  fetch?: (request: Request) => Promise<Response>;
}

export function createApiClient({ baseUrl, getToken, onUnauthorized, fetch }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    // Looked up per request rather than captured once, so a fetch stubbed after start-up (tests) is honoured.
    fetch: fetch ?? ((request) => globalThis.fetch(request)),
  });
  client.use(sessionMiddleware(getToken, onUnauthorized));
  return client;
}

function sessionMiddleware(
  getToken: ApiClientOptions['getToken'],
  onUnauthorized: ApiClientOptions['onUnauthorized'],
): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken?.();
      if (token && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
      return request;
    },
    onResponse({ request, response }) {
      // A 401 on a call made without a token (a failed sign-in) is not the end of a session.
      if (response.status === 401 && request.headers.has('Authorization')) {
        onUnauthorized?.();
      }
      return undefined;
    },
  };
}

/** True when `value` is the API's error envelope (what `error` holds after a failed call). */
export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/** A failed call whose answer carried no error envelope (an empty 5xx from a proxy, say). */
export class ApiStatusError extends Error {
  constructor(readonly status: number) {
    super(`The API answered ${status}`);
  }
}

/**
 * The body of a successful call, else throws the API's error envelope. A failure with an empty body leaves
 * openapi-fetch's `error` undefined, so success is judged by the status, and such a failure throws an ApiStatusError.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  throw isApiError(error) ? error : new ApiStatusError(response.status);
}

/** The server's message from a failed call, or `fallback` when there is none (network failure, empty text). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message.trim() !== '' ? error.message : fallback;
}
