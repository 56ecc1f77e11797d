import { createApiClient } from '@shop/sdk/client';
import { createQueryApi } from '@shop/sdk/query';
import type { paths } from '@shop/sdk/types';
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

/** The contract's paths that answer GET. */
type ReadPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

/**
 * The key every cached read of one GET operation starts with, whatever its parameters (`$api` keys a read
 * `['get', path, init]`): what a write invalidates when it changes that operation's answers.
 */
export function readKey(path: ReadPath) {
  return ['get', path] as const;
}
