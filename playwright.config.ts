import { defineConfig } from '@playwright/test';
import {
  ALIEXPRESS_STAND_IN,
  hostResolverRule,
  JOURNEY_PROJECTS,
  OAUTH_CLIENT,
  SHOPS_ENV,
  SSLCOMMERZ,
  STRIPE,
} from './scripts/e2e/shops.ts';

// Journeys run in Debian's Chromium against the real API and the built apps, on fresh embedded databases
// seeded with the demo data (`scripts/find-chromium.sh` finds or installs the browser). Each app's journeys are a
// project with a shop of its own (scripts/e2e/shops.ts: JOURNEY_PROJECTS); two projects run at a time, each one
// journey at a time, since a project's journeys share its shop's settings and data.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  fullyParallel: false,
  workers: 2,
  // A journey that passes only on its retry is flaky: scripts/summarize-reports.mjs lists it and fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    // A trace is recorded on a journey's retry: recording every journey's screens and DOM cost about a sixth of
    // the run's processor time.
    trace: 'on-first-retry',
    // As a visitor who asks for less motion: no transitions or spinners to paint (the apps' theme honours it).
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: JOURNEY_PROJECTS.map((project) => ({
    name: project.name,
    testDir: project.specs,
    // Every journey, the route walk (route-walk.spec.ts: every route at 1440 and 390 px) among them;
    // `npm run test:route-walk` runs the walk alone.
    testMatch: project.only ?? '**/*.spec.ts',
    testIgnore: project.skip,
    workers: 1,
    use: {
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [...CHROMIUM_ARGS, hostResolverRule(project.shop)],
      },
    },
  })),
  // The stand-ins for Google (OpenID Connect), SSLCommerz and Stripe serve every shop, as the real ones would;
  // Stripe's webhooks go to the storefront's shop, whose journeys are the ones that pay by card.
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
      // The shops deliver their outbox here; journeys read what arrived (the cart reminder's link, say).
      command: 'node --import tsx server/src/test/mail-stand-in-server.ts',
      env: { MAIL_STAND_IN_SMTP_PORT: '5193', MAIL_STAND_IN_HTTP_PORT: '5194' },
      wait: { stdout: /Mail stand-in listening/ },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      // The staff journeys' shop buys here (scripts/e2e/shops.ts); journeys make its suppliers fail and read the
      // calls it received through its /control/ API. Pictures stay on the shop's own API (localhost:3000).
      command: 'node --import tsx server/src/test/aliexpress-stand-in-server.ts',
      env: {
        AE_STAND_IN_PORT: String(ALIEXPRESS_STAND_IN.port),
        AE_STAND_IN_PUBLIC_URL: 'http://localhost:3000',
        ...ALIEXPRESS_STAND_IN.credentials,
      },
      wait: { stdout: /AliExpress stand-in listening/ },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'node --import tsx scripts/e2e/start-shops.mts',
      env: SHOPS_ENV,
      wait: { stdout: /The journey shops are running/ },
      // A fresh database is migrated and seeded first, and a slow, busy machine can take minutes.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
