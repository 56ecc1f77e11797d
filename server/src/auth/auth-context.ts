import type { AdminPermission } from '../db/schema.ts';

export interface StaffAuth {
  kind: 'staff';
  /** The session of the token in use (sessions.id). */
  sessionId: string;
  id: string;
  name: string;
  email: string;
  role: string;
  permissions: AdminPermission[];
}

export interface CustomerAuth {
  kind: 'customer';
  sessionId: string;
  id: string;
  username: string;
  email: string;
  name: string;
}

export interface VendorAuth {
  kind: 'vendor';
  sessionId: string;
  /** The vendor's store. */
  id: string;
  name: string;
  email: string;
}

export type AuthContext = StaffAuth | CustomerAuth | VendorAuth;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the security handlers; null on public operations called without a usable token. */
    auth: AuthContext | null;
  }
}
