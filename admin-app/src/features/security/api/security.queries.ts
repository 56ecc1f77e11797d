import { $api } from '../../../lib/api';

/** The security events list pages by 10. */
export const SECURITY_EVENTS_PAGE_SIZE = 10;

/** The one home of the Security screen's reads; each key derives from method, path and parameters. */
export const securityQueries = {
  /** GET /admin/security (getSecuritySettings); needs the admins permission. */
  settings: () => $api.queryOptions('get', '/admin/security'),
  /** GET /admin/security/events (listSecurityEvents), newest first. */
  events: (page: number) =>
    $api.queryOptions('get', '/admin/security/events', {
      params: { query: { page, limit: SECURITY_EVENTS_PAGE_SIZE } },
    }),
  /** GET /admin/two-factor (getTwoFactorStatus): the signed-in staff member's own two-factor state. */
  twoFactor: () => $api.queryOptions('get', '/admin/two-factor'),
  /** GET /admin/sessions (listStaffSessions): the signed-in staff member's trusted devices. */
  sessions: () => $api.queryOptions('get', '/admin/sessions'),
};

export const securityKeys = {
  settings: securityQueries.settings().queryKey,
  /** The prefix of every events page. */
  events: securityQueries.events(1).queryKey.slice(0, 2),
  twoFactor: securityQueries.twoFactor().queryKey,
  sessions: securityQueries.sessions().queryKey,
};
