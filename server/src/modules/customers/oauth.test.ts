import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerIdentities, customers, oauthCodes } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { startOidcStandIn } from '../../test/oidc-stand-in.ts';
import { bearer, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ACCOUNT_DEACTIVATED } from './customers.handlers.ts';

const client = { clientId: 'shop-test-client', clientSecret: 'stand-in-secret-1234567890' };
const STORE = 'http://localhost:5174';
const PREVIOUS_TOKEN_SECRET = 'the-token-secret-before-rotation-0123456789';

/** The sign-in cookie's value signed again, as a server with `secret` as its TOKEN_SECRET signs it. */
function resigned(cookie: string, secret: string): string {
  const [name, value = ''] = cookie.split('=');
  const [body = ''] = value.split('.');
  const key = createHmac('sha256', secret).update('shop:oauth-cookie').digest();
  return `${name}=${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('signing in with an outside provider (OpenID Connect)', () => {
  let provider: Awaited<ReturnType<typeof startOidcStandIn>>;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcStandIn(client);
    t = await createTestApp({
      config: {
        storeUrl: STORE,
        oauth: { google: { ...client, issuer: provider.issuer } },
        tokenSecretPrevious: [PREVIOUS_TOKEN_SECRET],
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** The browser's round trip: start, approve at the provider, come back with the cookie the start set. */
  async function signInAs(user: Parameters<typeof provider.approve>[1], redirect = '/checkout') {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/user/oauth/google/start?redirect=${encodeURIComponent(redirect)}`,
    });
    expect(start.statusCode).toBe(302);
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const back = provider.approve(String(start.headers.location), user);
    const finish = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(finish.statusCode).toBe(302);
    const location = String(finish.headers.location);
    expect(location.startsWith(`${STORE}/login?`)).toBe(true);
    return { start, finish, answer: new URLSearchParams(location.split('?')[1]) };
  }

  function exchange(code: string | null) {
    return t.app.inject({ method: 'POST', url: '/api/user/oauth/exchange', payload: { code } });
  }

  /** What the storefront does with the code in its address. */
  async function tokenFor(answer: URLSearchParams): Promise<string> {
    const exchanged = await exchange(answer.get('oauth_code'));
    expect(exchanged.statusCode).toBe(200);
    assertMatchesContract('exchangeOAuthCode', exchanged);
    return exchanged.json().token;
  }

  it('lists only the configured providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/oauth/providers' });
    assertMatchesContract('listOAuthProviders', response);
    expect(response.json().data).toEqual([{ id: 'google', name: 'Google' }]);
    const facebook = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook/start' });
    expect(facebook.statusCode).toBe(404);
  });

  it('sends the shopper to the provider with PKCE, state and nonce, keeping them in an HTTP-only cookie', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/google/start?redirect=/cart' });
    expect(start.statusCode).toBe(302);
    const asked = new URL(String(start.headers.location));
    expect(asked.origin).toBe(provider.issuer);
    expect(asked.searchParams.get('client_id')).toBe(client.clientId);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('nonce')).toBeTruthy();
    expect(asked.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/user/oauth/google/callback',
    );
    expect(String(start.headers['set-cookie'])).toMatch(
      /^shop_oauth=.+; Path=\/api\/user\/oauth; .*HttpOnly; SameSite=Lax/,
    );
  });

  it('creates an account on first sign-in, signs the same one in again, and returns to the page asked for', async () => {
    const first = await signInAs({
      sub: 'g-100',
      email: 'Newcomer@Example.org',
      email_verified: true,
      name: 'New Comer',
    });
    expect(first.answer.get('redirect')).toBe('/checkout');
    const token = await tokenFor(first.answer);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ email: 'newcomer@example.org', name: 'New Comer' });

    const again = await signInAs({ sub: 'g-100', email: 'changed@example.org', email_verified: true });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(await tokenFor(again.answer)),
    });
    expect(second.json().data._id).toBe(profile.json().data._id);
    // The client secret and the PKCE verifier reached the provider's token endpoint.
    expect(provider.tokenRequests.at(-1)?.get('code_verifier')).toBeTruthy();
  });

  it('binds an existing account with the same verified email, and refuses an unverified one', async () => {
    const existing = await registerShopper(t.app, { email: 'rita@example.org' });
    const linked = await signInAs({ sub: 'g-200', email: 'rita@example.org', email_verified: 'true' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(await tokenFor(linked.answer)),
    });
    expect(me.json().data._id).toBe(existing.id);
    const bound = await t.db.select().from(customerIdentities).where(eq(customerIdentities.subject, 'g-200'));
    expect(bound).toHaveLength(1);

    const unverified = await signInAs({ sub: 'g-300', email: 'rita@example.org', email_verified: false });
    expect(unverified.answer.get('oauth_code')).toBeNull();
    expect(unverified.answer.get('oauth_error')).toBe(
      'Your Google account did not share a verified email address.',
    );
  });

  it('refuses a deactivated account', async () => {
    const shopper = await registerShopper(t.app, { email: 'gone@example.org' });
    await t.db.update(customers).set({ status: 'Inactive' }).where(eq(customers.id, shopper.id));
    const refused = await signInAs({ sub: 'g-400', email: 'gone@example.org', email_verified: true });
    expect(refused.answer.get('oauth_error')).toBe(ACCOUNT_DEACTIVATED);
  });

  it('fails closed on a forged state, a missing cookie, a stolen code and a cancelled sign-in', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/google/start' });
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const back = provider.approve(String(start.headers.location), {
      sub: 'g-500',
      email: 'x@example.org',
      email_verified: true,
    });

    const noCookie = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(new URLSearchParams(String(noCookie.headers.location).split('?')[1]).get('oauth_error')).toBe(
      'The sign-in took too long. Please try again.',
    );
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged');
    const wrongState = await t.app.inject({
      method: 'GET',
      url: `${forged.pathname}${forged.search}`,
      headers: { cookie },
    });
    expect(new URLSearchParams(String(wrongState.headers.location).split('?')[1]).get('oauth_error')).toBe(
      'Signing in with Google did not work. Please try again.',
    );
    const tampered = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${cookie}x` },
    });
    expect(String(tampered.headers.location)).toContain('oauth_error=');
    const cancelled = await t.app.inject({
      method: 'GET',
      url: '/api/user/oauth/google/callback?error=access_denied&state=whatever',
      headers: { cookie },
    });
    expect(new URLSearchParams(String(cancelled.headers.location).split('?')[1]).get('oauth_error')).toBe(
      'Signing in with Google was cancelled.',
    );
  });

  it('hands the storefront a one-time code, never the token, and the code signs in once', async () => {
    const back = await signInAs({ sub: 'g-700', email: 'once@example.org', email_verified: true });
    const location = String(back.finish.headers.location);
    expect(location).not.toMatch(/oauth_token|eyJ/);
    const code = back.answer.get('oauth_code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the code's hash is stored.
    expect(JSON.stringify(await t.db.select().from(oauthCodes))).not.toContain(code);

    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Login successful.',
      data: { user: { email: 'once@example.org' } },
    });
    expect(first.json().data.token).toBe(first.json().token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(first.json().token),
    });
    expect(me.statusCode).toBe(200);

    const second = await exchange(code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'The sign-in took too long. Please try again.',
    });
    assertMatchesContract('exchangeOAuthCode', second);
  });

  it('refuses an expired, an unknown and a malformed code', async () => {
    const back = await signInAs({ sub: 'g-800', email: 'late@example.org', email_verified: true });
    // The shopper came back more than a minute later.
    await t.db.update(oauthCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await exchange(back.answer.get('oauth_code'));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });

    const unknown = await exchange('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The sign-in took too long. Please try again.');

    const malformed = await exchange('not a code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses the code of an account deactivated since the provider signed it in', async () => {
    const back = await signInAs({ sub: 'g-900', email: 'soon-gone@example.org', email_verified: true });
    await t.db
      .update(customers)
      .set({ status: 'Inactive' })
      .where(eq(customers.email, 'soon-gone@example.org'));
    const refused = await exchange(back.answer.get('oauth_code'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: ACCOUNT_DEACTIVATED });
  });

  it('never returns to another site', async () => {
    const { answer } = await signInAs(
      { sub: 'g-600', email: 'y@example.org', email_verified: true },
      '//evil.example',
    );
    expect(answer.get('redirect')).toBe('/');
  });

  it('finishes a sign-in begun before TOKEN_SECRET was rotated, and refuses a cookie no configured secret signed', async () => {
    const attempt = async (sign: (cookie: string) => string, sub: string) => {
      const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/google/start' });
      const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
      const back = provider.approve(String(start.headers.location), {
        sub,
        email: `${sub}@example.org`,
        email_verified: true,
      });
      const finish = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: sign(cookie) },
      });
      return new URLSearchParams(String(finish.headers.location).split('?')[1]);
    };
    const before = await attempt((cookie) => resigned(cookie, PREVIOUS_TOKEN_SECRET), 'g-800');
    expect(before.get('oauth_error')).toBeNull();
    expect(before.get('oauth_code')).toBeTruthy();
    const stranger = await attempt(
      (cookie) => resigned(cookie, 'a-secret-this-server-never-knew-0123456789'),
      'g-801',
    );
    expect(stranger.get('oauth_error')).toBe('The sign-in took too long. Please try again.');
  });
});
