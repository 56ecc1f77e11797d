import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** Who the shopper is at the stand-in provider when they approve. */
export interface StandInUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  user: StandInUser;
}

/**
 * A local OpenID Connect provider for tests: discovery, an authorization endpoint the test approves on the
 * shopper's behalf, a token endpoint that checks the client secret and the PKCE verifier, and RS256 ID tokens.
 */
export async function startOidcStandIn(
  client: { clientId: string; clientSecret: string },
  options: {
    port?: number;
    /** Who a browser visiting /authorize is: they approve at once (journeys); without it, tests call approve(). */
    browserUser?: StandInUser;
  } = {},
) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  let issuer = '';
  const tokenRequests: URLSearchParams[] = [];

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
    if (url.pathname === '/authorize' && options.browserUser) {
      res.writeHead(302, { location: approve(url.href, options.browserUser).href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let text = '';
      for await (const chunk of req) text += chunk;
      const form = new URLSearchParams(text);
      tokenRequests.push(form);
      const basic = req.headers.authorization?.replace(/^Basic /, '') ?? '';
      const [id, secret] = Buffer.from(basic, 'base64')
        .toString()
        .split(':')
        .map((part) => decodeURIComponent(part));
      const clientId = id || form.get('client_id');
      const clientSecret = secret || form.get('client_secret');
      if (clientId !== client.clientId || clientSecret !== client.clientSecret) {
        return send(401, { error: 'invalid_client' });
      }
      const grant = grants.get(form.get('code') ?? '');
      grants.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri')) {
        return send(400, { error: 'invalid_grant' });
      }
      const idToken = await new SignJWT({ ...grant.user, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid: 'stand-in' })
        .setIssuer(issuer)
        .setAudience(client.clientId)
        .setSubject(grant.user.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return send(200, {
        access_token: randomUUID(),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    return send(404, { error: 'not_found' });
  });
  /**
   * The shopper approves at the provider: answers the callback address the provider would send the browser to,
   * for the authorization address our server redirected to.
   */
  function approve(authorizeUrl: string, user: StandInUser): URL {
    const asked = new URL(authorizeUrl);
    const code = randomUUID();
    grants.set(code, {
      clientId: asked.searchParams.get('client_id') ?? '',
      redirectUri: asked.searchParams.get('redirect_uri') ?? '',
      challenge: asked.searchParams.get('code_challenge') ?? '',
      nonce: asked.searchParams.get('nonce'),
      user,
    });
    const back = new URL(asked.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('state', asked.searchParams.get('state') ?? '');
    return back;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    tokenRequests,
    approve,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
