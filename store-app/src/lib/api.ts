import { createApiClient } from '@shop/sdk/client';
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
