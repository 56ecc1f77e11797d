import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Audience } from '../config.ts';
import type { Database } from '../db/client.ts';
import { databaseUnavailable } from '../db/errors.ts';
import { type AdminPermission, admins, customers, stores } from '../db/schema.ts';
import { forbidden, storeUnavailable, unauthorized } from '../http/errors.ts';
import { findLiveSession, type SessionActor, touchSession } from '../modules/security/sessions.repository.ts';
import type { AuthContext } from './auth-context.ts';
import { hasPermission } from './permissions.ts';
import { InvalidTokenError, type TokenService, type VerifiedToken } from './tokens.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the bearer token for one kind of account and loads that account. 401 when the token is missing,
 * malformed, expired, wrongly signed, for an unknown audience or older than the account's token version;
 * 403 when it is a sound token for another kind of account (a shopper on a staff operation).
 */
export function createAuthenticator(deps: { db: Database; tokens: TokenService }) {
  /** The token's session, which must be live: logging out or revoking a device ends the token at once. */
  async function liveSessionId(verified: VerifiedToken, actorType: SessionActor): Promise<string> {
    const session =
      verified.sid !== null && UUID.test(verified.sid)
        ? await findLiveSession(deps.db, verified.sid, actorType, verified.sub)
        : null;
    if (!session) throw unauthorized();
    await touchSession(deps.db, session);
    return session.id;
  }

  return async function authenticate(request: FastifyRequest, expected: Audience): Promise<AuthContext> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();

    let verified: VerifiedToken;
    try {
      verified = await deps.tokens.verify(match[1]);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized();
      throw error;
    }
    if (verified.audience !== expected) throw forbidden();
    // A non-uuid subject cannot name an account, and would make the uuid comparison fail in SQL.
    if (!UUID.test(verified.sub)) throw unauthorized();

    if (expected === 'staff') {
      const [admin] = await deps.db.select().from(admins).where(eq(admins.id, verified.sub)).limit(1);
      if (!admin || admin.tokenVersion !== verified.tv) throw unauthorized();
      const sessionId = await liveSessionId(verified, 'admin');
      if (admin.status !== 'Active') throw forbidden('This account is suspended.');
      return {
        kind: 'staff',
        sessionId,
        id: admin.id,
        name: admin.name,
        email: admin.email,
        role: admin.role,
        permissions: admin.permissions,
      };
    }
    if (expected === 'customer') {
      const [customer] = await deps.db
        .select()
        .from(customers)
        .where(eq(customers.id, verified.sub))
        .limit(1);
      if (!customer || customer.tokenVersion !== verified.tv) throw unauthorized();
      // Deactivating or deleting bumps the token version too; this holds even for a token signed in between.
      if (customer.status !== 'Active' || customer.deletedAt !== null) throw unauthorized();
      const sessionId = await liveSessionId(verified, 'customer');
      return {
        kind: 'customer',
        sessionId,
        id: customer.id,
        username: customer.username,
        email: customer.email,
        name: customer.name,
      };
    }
    const [store] = await deps.db.select().from(stores).where(eq(stores.id, verified.sub)).limit(1);
    if (!store || store.tokenVersion !== verified.tv) throw unauthorized();
    return { kind: 'vendor', id: store.id, name: store.name, email: store.email };
  };
}

/** The security handlers fastify-openapi-glue calls by the contract's scheme names. */
export function createSecurityHandlers(deps: { db: Database; tokens: TokenService }) {
  const check = createAuthenticator(deps);
  // A token cannot be checked while the database is away: that is a 503, never a 401 that signs people out.
  const authenticate = async (request: FastifyRequest, expected: Audience): Promise<AuthContext> => {
    try {
      return await check(request, expected);
    } catch (error) {
      if (databaseUnavailable(error)) throw storeUnavailable();
      throw error;
    }
  };
  return {
    // The contract's scopes (`adminBearer: [orders]`) name the permissions an operation needs; they are checked
    // here, once, before any handler runs.
    adminBearer: async (request: FastifyRequest, _reply: unknown, scopes: readonly string[] = []) => {
      const staff = await authenticate(request, 'staff');
      request.auth = staff;
      if (
        staff.kind === 'staff' &&
        !scopes.every((scope) => hasPermission(staff, scope as AdminPermission))
      ) {
        throw forbidden();
      }
    },
    customerBearer: async (request: FastifyRequest) => {
      request.auth = await authenticate(request, 'customer');
    },
    vendorBearer: async (request: FastifyRequest) => {
      request.auth = await authenticate(request, 'vendor');
    },
  };
}
