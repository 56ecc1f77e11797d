import { createApiClient, isApiError } from '@shop/sdk/client';
import { createQueryApi } from '@shop/sdk/query';
import { customerSession } from './session';

export const API_URL = import.meta.env.VITE_API_URL ?? 'http://localhost:3000/api';

/** Every call carries the shopper's token; a 401 ends the session (spec §7). */
export const api = createApiClient({
  baseUrl: API_URL,
  getToken: () => customerSession.getToken(),
  onUnauthorized: () => customerSession.signOut(),
});

/** Query options and hooks on the same client; their keys are `['get', path, init]`, never typed by hand. */
export const $api = createQueryApi(api);

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
