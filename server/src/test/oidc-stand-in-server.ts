import { startOidcStandIn } from './oidc-stand-in.ts';

// The journeys' sign-in provider (playwright.config.ts): the API is started with GOOGLE_ISSUER pointing here, and
// a browser sent to /authorize comes back signed in as this shopper at once.
const port = Number(process.env.OIDC_STAND_IN_PORT ?? 5199);
const standIn = await startOidcStandIn(
  {
    clientId: process.env.GOOGLE_CLIENT_ID ?? 'shop-e2e-client',
    clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? 'shop-e2e-client-secret',
  },
  {
    port,
    browserUser: {
      sub: 'e2e-google-shopper',
      email: 'gia.google@example.org',
      email_verified: true,
      name: 'Gia Google',
    },
  },
);
console.log(`OpenID stand-in listening at ${standIn.issuer}`);
