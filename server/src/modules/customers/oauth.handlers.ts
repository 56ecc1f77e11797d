import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { hashPassword } from '../../auth/passwords.ts';
import type { TokenService } from '../../auth/tokens.ts';
import {
  type AppConfig,
  OAUTH_PROVIDERS,
  type OAuthClientConfig,
  type OAuthProviderId,
} from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { customerIdentities, customers, oauthCodes } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { ACCOUNT_DEACTIVATED, issueCustomerToken } from './customers.handlers.ts';
import {
  type CustomerRow,
  countOrders,
  deriveUsername,
  findCustomerById,
  insertCustomer,
  normalizeEmail,
  recordCustomerLogin,
} from './customers.repository.ts';
import { toUserProfile } from './customers.view.ts';

const COOKIE = 'shop_oauth';
const COOKIE_PATH = '/api/user/oauth';
const COOKIE_TTL_SECONDS = 600;
/** How long the storefront has to exchange the one-time code for the token. */
export const OAUTH_CODE_TTL_SECONDS = 60;

export const OAUTH_FAILED = 'Signing in with {provider} did not work. Please try again.';
export const OAUTH_CANCELLED = 'Signing in with {provider} was cancelled.';
export const OAUTH_NO_EMAIL = 'Your {provider} account did not share a verified email address.';
export const OAUTH_EXPIRED = 'The sign-in took too long. Please try again.';
export const PROVIDER_NOT_CONFIGURED = 'This sign-in provider is not available.';

/** What the start leaves for the callback: PKCE verifier, state, nonce and where to return, signed. */
type Pending = {
  provider: OAuthProviderId;
  verifier: string;
  state: string;
  nonce: string;
  redirect: string;
  exp: number;
};

class OAuthRefusal extends Error {}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * A one-time code for the account, handed to the storefront in its address instead of the token: the address
 * lands in the browser's history, and by the time anyone reads it there the code is used or expired.
 */
async function issueOAuthCode(db: Database, customerId: string): Promise<string> {
  const now = new Date();
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, now));
  const code = randomBytes(32).toString('base64url');
  await db.insert(oauthCodes).values({
    codeHash: hashOf(code),
    customerId,
    expiresAt: new Date(now.getTime() + OAUTH_CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/** The account a code was issued for; deleting it in the same statement makes it work once, however raced. */
async function redeemOAuthCode(db: Database, code: string): Promise<string | null> {
  const [row] = await db
    .delete(oauthCodes)
    .where(eq(oauthCodes.codeHash, hashOf(code)))
    .returning();
  return row && row.expiresAt > new Date() ? row.customerId : null;
}

const say = (message: string, provider: OAuthProviderId) =>
  message.replace('{provider}', OAUTH_PROVIDERS[provider].name);

/** Only a path inside the storefront is returned to (`//host` would leave it). */
function safeRedirect(value: string | undefined): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

function cookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return undefined;
}

/**
 * Sign-in with Google, Facebook or Apple through OpenID Connect (openid-client: discovery, PKCE, state, nonce and
 * ID-token checks). A provider's subject is bound to one account in `customer_identities`.
 */
export function createOAuthHandlers(deps: { db: Database; tokens: TokenService; config: AppConfig }) {
  const { db, tokens, config } = deps;
  const secure = config.publicUrl.startsWith('https://');
  // Signed with the current token secret; a sign-in begun before TOKEN_SECRET was rotated still finishes.
  const [cookieKey, ...previousCookieKeys] = [config.tokenSecret, ...(config.tokenSecretPrevious ?? [])].map(
    (secret) => createHmac('sha256', secret).update('shop:oauth-cookie').digest(),
  ) as [Buffer, ...Buffer[]];
  const discovered = new Map<OAuthProviderId, Promise<oidc.Configuration>>();

  const configured = (id: string): [OAuthProviderId, OAuthClientConfig] | null => {
    const provider = config.oauth[id as OAuthProviderId];
    return provider ? [id as OAuthProviderId, provider] : null;
  };

  const callbackUrl = (id: OAuthProviderId) => `${config.publicUrl}/api/user/oauth/${id}/callback`;

  function clientFor(id: OAuthProviderId, client: OAuthClientConfig): Promise<oidc.Configuration> {
    let found = discovered.get(id);
    if (!found) {
      const issuer = new URL(client.issuer);
      found = oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, {
        // A local stand-in provider (tests, development) is plain http; real providers are https.
        ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      });
      // A failed discovery is tried again on the next sign-in, not remembered.
      found.catch(() => discovered.delete(id));
      discovered.set(id, found);
    }
    return found;
  }

  function seal(pending: Pending): string {
    const body = Buffer.from(JSON.stringify(pending)).toString('base64url');
    const mac = createHmac('sha256', cookieKey).update(body).digest('base64url');
    return `${body}.${mac}`;
  }

  function unseal(value: string | undefined): Pending | null {
    if (!value) return null;
    const [body, mac] = value.split('.');
    if (!body || !mac) return null;
    const given = Buffer.from(mac, 'base64url');
    const signedBy = (key: Buffer) => {
      const expected = createHmac('sha256', key).update(body).digest();
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    if (![cookieKey, ...previousCookieKeys].some(signedBy)) return null;
    try {
      const pending = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Pending;
      return pending.exp > Date.now() / 1000 ? pending : null;
    } catch {
      return null;
    }
  }

  const cookieHeader = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  /** Back to the storefront's sign-in screen; the answer travels in the fragment, never to a server. */
  function backToStore(reply: FastifyReply, params: Record<string, string>) {
    const query = new URLSearchParams(params).toString();
    reply.header('set-cookie', cookieHeader('', 0));
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${config.storeUrl}/login?${query}`, 302);
  }

  /** The account bound to the subject, else the one with the same verified email (now bound), else a new one. */
  async function accountFor(
    provider: OAuthProviderId,
    claims: oidc.IDToken,
    email: string,
  ): Promise<CustomerRow> {
    const subject = String(claims.sub);
    const [bound] = await db
      .select({ customer: customers })
      .from(customerIdentities)
      .innerJoin(customers, eq(customers.id, customerIdentities.customerId))
      .where(and(eq(customerIdentities.provider, provider), eq(customerIdentities.subject, subject)));
    if (bound) return bound.customer;

    const [existing] = await db.select().from(customers).where(eq(customers.email, email));
    let account = existing;
    if (!account) {
      const name =
        (typeof claims.name === 'string' && claims.name.trim()) || email.split('@')[0] || 'Shopper';
      // Nobody knows this password: the account signs in through the provider until the shopper sets one.
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      for (let attempt = 0; !account; attempt++) {
        try {
          account = await insertCustomer(db, {
            username: await deriveUsername(db, email),
            email,
            name,
            passwordHash,
            hasPassword: false,
          });
        } catch (error) {
          if (uniqueViolation(error) === 'customers_username_unique' && attempt < 4) continue;
          if (uniqueViolation(error) === 'customers_email_unique') {
            [account] = await db.select().from(customers).where(eq(customers.email, email));
            if (account) break;
          }
          throw error;
        }
      }
    }
    await db
      .insert(customerIdentities)
      .values({ provider, subject, customerId: account.id })
      .onConflictDoNothing();
    return account;
  }

  return {
    listOAuthProviders: operation('listOAuthProviders', async () => ({
      success: true,
      data: (Object.keys(config.oauth) as OAuthProviderId[]).map((id) => ({
        id,
        name: OAUTH_PROVIDERS[id].name,
      })),
    })),

    startOAuth: operation('startOAuth', async (request, reply) => {
      const found = configured(request.params.provider);
      if (!found) throw notFound(PROVIDER_NOT_CONFIGURED);
      const [id, client] = found;
      const redirect = safeRedirect(request.query.redirect);
      let oidcConfig: oidc.Configuration;
      try {
        oidcConfig = await clientFor(id, client);
      } catch (error) {
        request.log.warn({ err: error, provider: id }, 'OpenID Connect discovery failed');
        return backToStore(reply, { oauth_error: say(OAUTH_FAILED, id), redirect }) as never;
      }
      const verifier = oidc.randomPKCECodeVerifier();
      const pending: Pending = {
        provider: id,
        verifier,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        redirect,
        exp: Math.floor(Date.now() / 1000) + COOKIE_TTL_SECONDS,
      };
      const url = oidc.buildAuthorizationUrl(oidcConfig, {
        redirect_uri: callbackUrl(id),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      reply.header('set-cookie', cookieHeader(seal(pending), COOKIE_TTL_SECONDS));
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.href, 302) as never;
    }),

    finishOAuth: operation('finishOAuth', async (request, reply) => {
      const found = configured(request.params.provider);
      if (!found) throw notFound(PROVIDER_NOT_CONFIGURED);
      const [id, client] = found;
      const pending = unseal(cookieOf(request));
      if (!pending || pending.provider !== id) {
        return backToStore(reply, { oauth_error: OAUTH_EXPIRED }) as never;
      }
      const redirect = pending.redirect;
      if (request.query.error) {
        const message = request.query.error === 'access_denied' ? OAUTH_CANCELLED : OAUTH_FAILED;
        return backToStore(reply, { oauth_error: say(message, id), redirect }) as never;
      }
      try {
        const oidcConfig = await clientFor(id, client);
        const current = new URL(callbackUrl(id));
        for (const [key, value] of Object.entries(request.query)) {
          if (typeof value === 'string') current.searchParams.set(key, value);
        }
        const answer = await oidc.authorizationCodeGrant(oidcConfig, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = answer.claims();
        // Apple sends the flag as text; Facebook's tokens carry only emails it has confirmed, without the flag.
        const flag = claims?.email_verified;
        const verified = flag === true || flag === 'true' || (flag === undefined && id === 'facebook');
        if (!claims || typeof claims.email !== 'string' || !verified)
          throw new OAuthRefusal(say(OAUTH_NO_EMAIL, id));
        const account = await accountFor(id, claims, normalizeEmail(claims.email));
        if (account.status !== 'Active' || account.deletedAt !== null)
          throw new OAuthRefusal(ACCOUNT_DEACTIVATED);
        const code = await issueOAuthCode(db, account.id);
        return backToStore(reply, { oauth_code: code, redirect }) as never;
      } catch (error) {
        if (error instanceof OAuthRefusal) {
          return backToStore(reply, { oauth_error: error.message, redirect }) as never;
        }
        request.log.warn({ err: error, provider: id }, 'OpenID Connect sign-in failed');
        return backToStore(reply, { oauth_error: say(OAUTH_FAILED, id), redirect }) as never;
      }
    }),

    exchangeOAuthCode: operation('exchangeOAuthCode', async (request) => {
      const customerId = await redeemOAuthCode(db, request.body.code);
      if (!customerId) throw badRequest(OAUTH_EXPIRED);
      const account = await findCustomerById(db, customerId);
      // Staff may have deactivated the account in the minute since the provider's sign-in.
      if (account?.status !== 'Active' || account.deletedAt !== null) {
        throw forbidden(ACCOUNT_DEACTIVATED);
      }
      await recordCustomerLogin(db, account.id, new Date());
      const token = await issueCustomerToken({ db, tokens }, account, request);
      const user = toUserProfile(account, await countOrders(db, account.id));
      return { success: true, message: 'Login successful.', token, data: { token, user } };
    }),
  };
}
