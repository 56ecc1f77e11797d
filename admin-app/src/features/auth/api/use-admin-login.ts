import { $api } from '../../../lib/api';

/** POST /admin/login (adminLogin): answers `{ data: { token, admin } }`. */
export function useAdminLogin() {
  return $api.useMutation('post', '/admin/login');
}
