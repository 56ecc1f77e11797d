// The browser journeys' shops: each app's journeys get a shop of their own (API, database folder, built apps), so
// the three run side by side without sharing data or the per-address registration allowance.
// The built apps call http://localhost:3000/api and link to each other on localhost:5173-5175, so every shop keeps
// those ports on a loopback address of its own, and its Chromium is told that localhost is that address.

export type JourneyApp = 'store-app' | 'admin-app' | 'vendor-app';

export interface Shop {
  app: JourneyApp;
  /** The loopback address the shop's API and apps listen on. */
  host: string;
  dataDir: string;
  /** Settings of this shop's API on top of the shared ones. */
  apiEnv?: Record<string, string>;
}

/** The AliExpress Open Platform stand-in (server/src/test/aliexpress-stand-in-server.ts) and its credentials. */
export const ALIEXPRESS_STAND_IN = {
  port: 5192,
  control: 'http://127.0.0.1:5192/control',
  credentials: {
    AE_APP_KEY: 'shop-e2e-app-key',
    AE_APP_SECRET: 'shop-e2e-app-secret',
    AE_ACCESS_TOKEN: 'shop-e2e-access-token',
  },
} as const;

// The storefront's journeys are the longest, so they start first; theirs is 127.0.0.1, where the payment
// stand-ins' webhooks and the API's own PUBLIC_URL (http://localhost:3000) land as before.
// The staff journeys' shop buys from the AliExpress stand-in through the Open Platform client, as a connected
// shop does; the others answer from the offline catalogue.
export const SHOPS: readonly Shop[] = [
  { app: 'store-app', host: '127.0.0.1', dataDir: '.tmp/e2e-data/store-app' },
  {
    app: 'admin-app',
    host: '127.0.0.2',
    dataDir: '.tmp/e2e-data/admin-app',
    apiEnv: {
      MARKETPLACE_PROVIDER: 'aliexpress',
      ...ALIEXPRESS_STAND_IN.credentials,
      AE_API_URL: `http://127.0.0.1:${ALIEXPRESS_STAND_IN.port}/sync`,
    },
  },
  { app: 'vendor-app', host: '127.0.0.3', dataDir: '.tmp/e2e-data/vendor-app' },
];

/** The OpenID Connect client the shops and Google's stand-in share. */
export const OAUTH_CLIENT = {
  GOOGLE_CLIENT_ID: 'shop-e2e-client',
  GOOGLE_CLIENT_SECRET: 'shop-e2e-client-secret',
};
/** SSLCommerz's local stand-in takes the journeys' payments in Bangladesh, as the real one would. */
export const SSLCOMMERZ = {
  SSLCOMMERZ_STORE_ID: 'shope2e0000000001',
  SSLCOMMERZ_STORE_PASSWORD: 'shope2e0000000001@ssl',
};
/** Stripe's stand-in takes cards on its Checkout page, 3-D Secure included, and signs its webhooks to the API. */
export const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_shop_e2e_secret',
  STRIPE_WEBHOOK_SECRET: 'whsec_shop_e2e_webhook_secret',
};

/** The settings every shop's API starts with (start-shops.mts): the stand-ins' addresses and keys. */
export const SHOPS_ENV = {
  LOG_LEVEL: 'warn',
  GOOGLE_ISSUER: 'http://127.0.0.1:5199',
  ...OAUTH_CLIENT,
  ...SSLCOMMERZ,
  SSLCOMMERZ_API_URL: 'http://127.0.0.1:5197',
  ...STRIPE,
  STRIPE_API_URL: 'http://127.0.0.1:5195',
  SMTP_URL: 'smtp://127.0.0.1:5193',
  // A left cart's first reminder after six seconds rather than an hour, so the journey can wait for it.
  CART_RECOVERY_DELAY_MINUTES: '0.1',
};

export const API_PORT = 3000;
export const APP_PORTS = { 'admin-app': 5173, 'store-app': 5174, 'vendor-app': 5175 } as const;

/**
 * The journeys' Playwright projects, each run one journey at a time in one shop: each app's journeys in the app's
 * own shop, except the storefront's route walk, which runs in the vendor panel's shop. The storefront's journeys
 * are the longest, so in their shop the walk would be the last thing the run waits for; the vendor panel's are the
 * shortest. The walk only reads, and the vendor journeys sign up a shopper of their own, so the two may overlap
 * (the projects' order usually puts the walk after them). A project waiting on another (Playwright's
 * `dependencies`) would wait for every project before it, the storefront's included.
 */
export interface JourneyProject {
  name: string;
  /** The folder of the project's spec files. */
  specs: `${JourneyApp}/e2e`;
  /** Whose shop (API, data, apps) the journeys use. */
  shop: JourneyApp;
  /** Only these spec files of the folder, or all but `skip`. */
  only?: string[];
  skip?: string[];
}

export const JOURNEY_PROJECTS: readonly JourneyProject[] = [
  { name: 'store-app', specs: 'store-app/e2e', shop: 'store-app', skip: ['route-walk.spec.ts'] },
  { name: 'admin-app', specs: 'admin-app/e2e', shop: 'admin-app' },
  { name: 'vendor-app', specs: 'vendor-app/e2e', shop: 'vendor-app' },
  {
    name: 'store-app-walk',
    specs: 'store-app/e2e',
    shop: 'vendor-app',
    only: ['route-walk.spec.ts'],
  },
];

/** The shop a running journey uses, by its project's name (`test.info().project.name`). */
export function projectShop(projectName: string): JourneyApp {
  const project = JOURNEY_PROJECTS.find((candidate) => candidate.name === projectName);
  if (!project) throw new Error(`no journey project named ${projectName}`);
  return project.shop;
}

function shopOf(app: JourneyApp): Shop {
  const shop = SHOPS.find((candidate) => candidate.app === app);
  if (!shop) throw new Error(`no journey shop for ${app}`);
  return shop;
}

/** Chromium's switch that sends the journey's localhost to its shop. */
export const hostResolverRule = (app: JourneyApp) =>
  `--host-resolver-rules=MAP localhost ${shopOf(app).host}`;

/**
 * Where a journey finds its shop. The apps are opened on localhost, as a shopper would (the browser maps it);
 * `api` is for the test's own requests from Node, which do not go through the browser, so it names the address.
 */
export function shopAddresses(app: JourneyApp) {
  const { host } = shopOf(app);
  return {
    admin: `http://localhost:${APP_PORTS['admin-app']}`,
    store: `http://localhost:${APP_PORTS['store-app']}`,
    panel: `http://localhost:${APP_PORTS['vendor-app']}`,
    api: `http://${host}:${API_PORT}/api`,
  };
}
