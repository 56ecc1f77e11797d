import { defineConfig } from '@playwright/test';

// Journeys run in Debian's Chromium against the real API and the built apps, on a fresh embedded database
// seeded with the demo data (`scripts/find-chromium.sh` finds or installs the browser).
const OAUTH_CLIENT = { GOOGLE_CLIENT_ID: 'shop-e2e-client', GOOGLE_CLIENT_SECRET: 'shop-e2e-client-secret' };
// SSLCommerz's local stand-in takes the journeys' payments in Bangladesh, as the real one would.
const SSLCOMMERZ = {
  SSLCOMMERZ_STORE_ID: 'shope2e0000000001',
  SSLCOMMERZ_STORE_PASSWORD: 'shope2e0000000001@ssl',
};
// Stripe's stand-in takes cards on its Checkout page, 3-D Secure included, and signs its webhooks to the API.
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_shop_e2e_secret',
  STRIPE_WEBHOOK_SECRET: 'whsec_shop_e2e_webhook_secret',
};

export default defineConfig({
  testDir: '.',
  testMatch: ['admin-app/e2e/**/*.spec.ts', 'store-app/e2e/**/*.spec.ts', 'vendor-app/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // A local OpenID Connect provider stands in for Google, so the journeys sign in through it as shoppers would.
  webServer: [
    {
      command: 'node --import tsx server/src/test/oidc-stand-in-server.ts',
      env: { OIDC_STAND_IN_PORT: '5199', ...OAUTH_CLIENT },
      wait: { stdout: /OpenID stand-in listening/ },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'node --import tsx server/src/modules/payments/sslcommerz/sslcommerz-stand-in-server.ts',
      env: { SSLCOMMERZ_STAND_IN_PORT: '5197', ...SSLCOMMERZ },
      wait: { stdout: /SSLCommerz stand-in listening/ },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'node --import tsx server/src/modules/payments/stripe/stripe-stand-in-server.ts',
      env: {
        STRIPE_STAND_IN_PORT: '5195',
        STRIPE_WEBHOOK_URL: 'http://localhost:3000/api/payments/stripe/notify',
        ...STRIPE,
      },
      wait: { stdout: /Stripe stand-in listening/ },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'rm -rf .tmp/e2e-data && node scripts/start.mjs --no-build',
      env: {
        DATA_DIR: '.tmp/e2e-data',
        LOG_LEVEL: 'warn',
        GOOGLE_ISSUER: 'http://127.0.0.1:5199',
        ...OAUTH_CLIENT,
        ...SSLCOMMERZ,
        SSLCOMMERZ_API_URL: 'http://127.0.0.1:5197',
        ...STRIPE,
        STRIPE_API_URL: 'http://127.0.0.1:5195',
      },
      wait: { stdout: /The shop is running/ },
      // A fresh database is migrated and seeded first: start.mjs waits as long as the API reports progress, and
      // a slow, busy machine can take minutes.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
