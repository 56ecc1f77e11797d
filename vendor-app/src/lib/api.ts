import { createApiClient } from '@shop/sdk/client';
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
