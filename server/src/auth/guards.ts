import { and, eq, gt, isNull, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Audience } from '../config.ts';
import type { Database } from '../db/client.ts';
import { databaseUnavailable } from '../db/errors.ts';
import { type AdminPermission, admins, customers, sessions, stores } from '../db/schema.ts';
import { forbidden, storeUnavailable, unauthorized } from '../http/errors.ts';
import type { ShortCache } from '../http/short-cache.ts';
import { type SessionActor, touchSession } from '../modules/security/index.ts';
import type { AuthContext } from './auth-context.ts';
import { hasPermission } from './permissions.ts';
import { InvalidTokenError, type TokenService, type VerifiedToken } from './tokens.ts';

/** What a suspended store hears, at sign-in and on any call with its token. */
export const STORE_SUSPENDED = 'This store is suspended. Please contact the store.';

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the bearer token for one kind of account and loads that account. 401 when the token is missing,
 * malformed, expired, wrongly signed, for an unknown audience or older than the account's token version;
 * 403 when it is a sound token for another kind of account (a shopper on a staff operation).
 *
 * The account and its session come in one query. With a `cache`, a sign-in found good is reused for a second
 * (SIGN_IN_CACHE_MS): any successful change made through this instance clears it at once, so signing out,
 * revoking a device or suspending someone holds immediately here and within that second on other instances.
 */
export function createAuthenticator(deps: { db: Database; tokens: TokenService; cache?: ShortCache }) {
  /** The token's session, which must be live: logging out or revoking a device ends the token at once. */
  const liveSession = (verified: VerifiedToken, actorType: SessionActor, accountId: SQLWrapper) =>
    and(
      eq(sessions.id, verified.sid),
      eq(sessions.actorType, actorType),
      eq(sessions.accountId, accountId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, new Date()),
    );
  const hasSession = (verified: VerifiedToken) => UUID.test(verified.sid);

  async function load(verified: VerifiedToken, expected: Audience): Promise<AuthContext> {
    if (expected === 'staff') {
      const [row] = hasSession(verified)
        ? await deps.db
            .select({ admin: admins, session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt } })
            .from(admins)
            .leftJoin(sessions, liveSession(verified, 'admin', admins.id))
            .where(eq(admins.id, verified.sub))
            .limit(1)
        : [];
      const admin = row?.admin;
      if (!admin || admin.tokenVersion !== verified.tv || !row.session) throw unauthorized();
      await touchSession(deps.db, row.session);
      if (admin.status !== 'Active') throw forbidden('This account is suspended.');
      return {
        kind: 'staff',
        sessionId: row.session.id,
        id: admin.id,
        name: admin.name,
        email: admin.email,
        role: admin.role,
        permissions: admin.permissions,
      };
    }
    if (expected === 'customer') {
      const [row] = hasSession(verified)
        ? await deps.db
            .select({
              customer: {
                id: customers.id,
                username: customers.username,
                email: customers.email,
                name: customers.name,
                tokenVersion: customers.tokenVersion,
                status: customers.status,
                deletedAt: customers.deletedAt,
              },
              session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt },
            })
            .from(customers)
            .leftJoin(sessions, liveSession(verified, 'customer', customers.id))
            .where(eq(customers.id, verified.sub))
            .limit(1)
        : [];
      const customer = row?.customer;
      if (!customer || customer.tokenVersion !== verified.tv) throw unauthorized();
      // Deactivating or deleting bumps the token version too; this holds even for a token signed in between.
      if (customer.status !== 'Active' || customer.deletedAt !== null || !row.session) throw unauthorized();
      await touchSession(deps.db, row.session);
      return {
        kind: 'customer',
        sessionId: row.session.id,
        id: customer.id,
        username: customer.username,
        email: customer.email,
        name: customer.name,
      };
    }
    const [row] = hasSession(verified)
      ? await deps.db
          .select({
            store: {
              id: stores.id,
              name: stores.name,
              email: stores.email,
              kind: stores.kind,
              status: stores.status,
              tokenVersion: stores.tokenVersion,
            },
            session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt },
          })
          .from(stores)
          .leftJoin(sessions, liveSession(verified, 'vendor', stores.id))
          .where(eq(stores.id, verified.sub))
          .limit(1)
      : [];
    if (row?.store.kind !== 'vendor') throw unauthorized();
    const { store } = row;
    // Suspending also revokes the store's sessions; its own token is told why rather than only signed out.
    if (store.status !== 'active') throw forbidden(STORE_SUSPENDED);
    if (store.tokenVersion !== verified.tv || !row.session) throw unauthorized();
    await touchSession(deps.db, row.session);
    return {
      kind: 'vendor',
      sessionId: row.session.id,
      id: store.id,
      name: store.name,
      email: store.email,
    };
  }

  return async function authenticate(request: FastifyRequest, expected: Audience): Promise<AuthContext> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();

    // The same token's bytes were verified when it was cached; only its expiry can have changed since.
    const key = `${expected} ${match[1]}`;
    const cached = deps.cache?.get<{ context: AuthContext; expiresAtMs: number }>(key);
    if (cached && cached.expiresAtMs > Date.now()) return cached.context;

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

    const startedIn = deps.cache?.generation() ?? 0;
    const context = await load(verified, expected);
    if (verified.payload.exp !== undefined) {
      deps.cache?.set(key, { context, expiresAtMs: verified.payload.exp * 1000 }, startedIn);
    }
    return context;
  };
}

/** The security handlers fastify-openapi-glue calls by the contract's scheme names. */
export function createSecurityHandlers(deps: { db: Database; tokens: TokenService; cache?: ShortCache }) {
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
