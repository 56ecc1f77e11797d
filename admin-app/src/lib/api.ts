import { createApiClient } from '@shop/sdk/client';
import { createQueryApi } from '@shop/sdk/query';
import { adminSession } from '../app/session';

export const API_URL = import.meta.env.VITE_API_URL ?? 'http://localhost:3000/api';

/**
 * The one API client of the admin app. Every call carries the admin token; a 401 ends the session, and the
 * shell, which follows the session, then sends the visitor to /admin/auth/login.
 */
export const api = createApiClient({
  baseUrl: API_URL,
  getToken: () => adminSession.getToken(),
  onUnauthorized: () => adminSession.logout(),
});

export const $api = createQueryApi(api);
