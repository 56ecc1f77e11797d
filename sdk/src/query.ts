import createQueryClient, { type OpenapiQueryClient } from 'openapi-react-query';
import type { ApiClient } from './client';
import type { paths } from './generated/api';

/** TanStack Query hooks and query options typed by the contract (`$api.useQuery('get', '/user/profile')`). */
export type QueryApi = OpenapiQueryClient<paths>;

/** Wraps a client from `createApiClient`, so queries share its base URL, token and 401 handling. */
export function createQueryApi(client: ApiClient): QueryApi {
  return createQueryClient(client);
}
