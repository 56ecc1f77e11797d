import type { Schemas } from '@shop/sdk/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminUser, useAdminUser } from '../../app/session';
import { api } from '../../lib/api';
import {
  type AdminPermission,
  type AdminRole,
  allows,
  isAdminRole,
  isPermissionKey,
  PERMISSION_KEYS,
  type Requirement,
  ROLE_LABELS,
} from './staff-access';

type Admin = Schemas['Admin'];

/** The token's claims are trusted this long after signing; later the shell asks the server who is signed in. */
const CLAIMS_FRESH_MS = 5 * 60_000;

/** The key prefix of GET /admin/me; a change to roles invalidates it so the shell follows at once. */
export const staffMemberKey = ['get', '/admin/me'] as const;

/**
 * GET /admin/me (getAdminMe): the staff member's name, role and effective permissions, always current. Keyed by
 * the token too, so a new sign-in starts from its own claims rather than an earlier token's answer.
 */
export const staffMemberQuery = (staffId: string, issuedAt: number) =>
  queryOptions({
    queryKey: [...staffMemberKey, staffId, issuedAt],
    queryFn: async ({ signal }): Promise<Admin> => {
      const { data, error } = await api.GET('/admin/me', { signal });
      if (error) throw error;
      return data.data;
    },
    staleTime: CLAIMS_FRESH_MS,
    refetchOnWindowFocus: true,
  });

/** The staff member as the token describes them at signing time. */
function fromClaims(user: AdminUser): Admin {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    // An unknown role grants nothing beyond its listed permissions, as Viewer does.
    role: isAdminRole(user.role) ? user.role : 'Viewer',
    permissions: user.permissions.filter(isPermissionKey),
    status: 'Active',
  };
}

export type StaffMember = {
  name: string;
  role: AdminRole;
  roleLabel: string;
  permissions: readonly AdminPermission[];
  /** True when the staff member holds one of the required permissions (a SuperAdmin holds them all). */
  can: (requirement: Requirement) => boolean;
};

/**
 * The signed-in staff member, or null when nobody is. Until the server has answered (and if it cannot), the
 * token's claims stand in, so the shell never waits on this call.
 */
export function useStaffMember(): StaffMember | null {
  const user = useAdminUser();
  const { data } = useQuery({
    ...staffMemberQuery(user?.id ?? '', user?.issuedAt ?? 0),
    enabled: user !== null,
    initialData: user ? fromClaims(user) : undefined,
    initialDataUpdatedAt: (user?.issuedAt ?? 0) * 1000,
  });
  if (!user || !data) return null;
  const permissions = data.role === 'SuperAdmin' ? PERMISSION_KEYS : data.permissions;
  return {
    name: data.name,
    role: data.role,
    roleLabel: ROLE_LABELS[data.role],
    permissions,
    can: (requirement) => allows(permissions, requirement),
  };
}
