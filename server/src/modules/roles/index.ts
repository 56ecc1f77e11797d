// The roles module's entry for other code; its handlers are wired in service.ts.
export { canonicalPermissions, roleDefaults, SUPER_ADMIN_ONLY } from './roles.repository.ts';
