import { createApiClient, isApiError } from '@shop/sdk/client';
import { createQueryApi } from '@shop/sdk/query';
import { vendorSession } from './session';

export const API_URL = import.meta.env.VITE_API_URL ?? 'http://localhost:3000/api';

/** Every call carries the vendor's token; a 401 ends the session and the guard sends them to sign in. */
export const api = createApiClient({
  baseUrl: API_URL,
  getToken: () => vendorSession.getToken(),
  onUnauthorized: () => vendorSession.signOut(),
});

/** Query options and hooks on the same client; their keys are `['get', path, init]`. */
export const $api = createQueryApi(api);

/** A failed call whose answer carried no error envelope. */
export class ApiStatusError extends Error {
  constructor(readonly status: number) {
    super(`The API answered ${status}`);
  }
}

/** The body of a successful call, else throws the API's error envelope (or an ApiStatusError). */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  throw isApiError(error) ? error : new ApiStatusError(response.status);
}

/** The message to show for a failed call: the server's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
